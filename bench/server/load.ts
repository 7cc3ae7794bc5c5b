import { connect, type Socket } from 'node:net';

/**
 * A small HTTP/1.1 load generator: `connections` keep-alive sockets, each sending the next request as
 * soon as the answer to the last one has fully arrived, for `seconds`. It parses only what it needs
 * (the header block and Content-Length), so that it costs the measured server as little CPU as possible
 * on a machine they share.
 */
export async function load(
  origin: string,
  path: string,
  headers: Record<string, string>,
  { connections, seconds }: { connections: number; seconds: number },
): Promise<{ requestsPerSecond: number; errors: number }> {
  const url = new URL(origin);
  const head =
    `GET ${path} HTTP/1.1\r\nhost: ${url.host}\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    '\r\n';
  const request = Buffer.from(head);
  let done = 0;
  let errors = 0;
  let stopping = false;
  const sockets: Socket[] = [];
  const finished: Promise<void>[] = [];
  for (let index = 0; index < connections; index++) {
    const socket = connect(Number(url.port), url.hostname);
    socket.setNoDelay(true);
    sockets.push(socket);
    finished.push(
      new Promise((resolve) => {
        let buffered: Buffer = Buffer.alloc(0);
        socket.on('connect', () => socket.write(request));
        socket.on('data', (chunk: Buffer) => {
          buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
          for (;;) {
            const end = buffered.indexOf('\r\n\r\n');
            if (end === -1) return;
            const header = buffered.subarray(0, end).toString('latin1');
            const length = /\r\ncontent-length: *(\d+)/i.exec(header);
            if (length === null) throw new Error(`An answer without Content-Length:\n${header}`);
            const total = end + 4 + Number(length[1]);
            if (buffered.length < total) return;
            if (!header.startsWith('HTTP/1.1 200')) errors++;
            done++;
            buffered = buffered.subarray(total);
            if (stopping) {
              socket.end();
              return;
            }
            socket.write(request);
          }
        });
        socket.on('close', () => {
          resolve();
        });
        socket.on('error', () => {
          errors++;
          resolve();
        });
      }),
    );
  }
  const started = process.hrtime.bigint();
  const startCount = done;
  await new Promise((resolve) => setTimeout(resolve, seconds * 1_000));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const counted = done - startCount;
  stopping = true;
  await Promise.race([Promise.all(finished), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  for (const socket of sockets) socket.destroy();
  return { requestsPerSecond: counted / elapsed, errors };
}
