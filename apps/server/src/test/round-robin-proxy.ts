import { Agent, createServer, request as forward } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  /** `http://127.0.0.1:<port>`: the one address clients use, as behind a load balancer. */
  readonly url: string;
  readonly port: number;
  /** How many requests each backend received, in the order of `backends`. */
  readonly served: readonly number[];
  close(): Promise<void>;
}

/** X-Forwarded-For with the client's address appended, as a load balancer writes it. */
function forwardedFor(headers: IncomingHttpHeaders, client: string | undefined): string {
  const earlier = headers['x-forwarded-for'];
  return [...(earlier === undefined ? [] : [earlier].flat()), client ?? 'unknown'].join(', ');
}

/**
 * A load balancer in a few lines: each request goes to the next backend port in turn (no sticky
 * sessions), with the Host header kept and the client's address appended to X-Forwarded-For.
 * Listens on 127.0.0.1 (`port` 0: a free port).
 */
export async function startRoundRobinProxy(backends: readonly number[], port = 0): Promise<RoundRobinProxy> {
  const served = backends.map(() => 0);
  const agent = new Agent({ keepAlive: true });
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const index = next % backends.length;
    next += 1;
    served[index] = (served[index] ?? 0) + 1;
    const upstream = forward(
      {
        host: '127.0.0.1',
        port: backends[index],
        method: incoming.method,
        path: incoming.url,
        agent,
        headers: {
          ...incoming.headers,
          'x-forwarded-for': forwardedFor(incoming.headers, incoming.socket.remoteAddress),
        },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(listening)}`,
    port: listening,
    served,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
