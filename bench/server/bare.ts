// The floor of the comparison: bare node:http answering every request with the status, headers and body
// the real server gave for the same call (`BENCH_ANSWER`, JSON). Prints the origin it listens on.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const answer = JSON.parse(process.env.BENCH_ANSWER ?? '') as Answer;
const body = Buffer.from(answer.body, 'base64');
const server = createServer((request, response) => {
  // The request's body, if any, is read and dropped, as a real server would.
  request.resume();
  response.writeHead(answer.status, { ...answer.headers, 'content-length': String(body.length) });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(`listening http://127.0.0.1:${String(port)}`);
});
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
