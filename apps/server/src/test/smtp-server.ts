import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port.js';

export interface ReceivedMessage {
  readonly to: readonly string[];
  /** The message as it came over the wire: headers and MIME body. */
  readonly raw: string;
}

export interface TestSmtpServer {
  readonly url: string;
  readonly received: ReceivedMessage[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a local port for the sender's tests: plain text, no authentication. With
 * `refuse`, every recipient is refused with that temporary error, as a full mailbox or a down relay is.
 */
export async function startTestSmtpServer({ refuse }: { refuse?: string } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refuse === undefined) {
        callback();
        return;
      }
      callback(Object.assign(new Error(refuse), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
