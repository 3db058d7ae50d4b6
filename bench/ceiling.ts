/**
 * The ceiling for `npm run bench`: a bare `node:http` server, in a process of its own, answering
 * each benchmarked request with the bytes the app answered it with (its status, its headers and
 * its body; Node adds the date and the connection's headers, as it does for the app), and doing
 * nothing else. What the machine can serve at all over HTTP with Node, for these answers; the
 * app's throughput is read as a share of it.
 *
 * With `--bare` it sends the status, the content type and the body only, without the app's other
 * headers: shown beside the ceiling for comparison (every header costs the server and the client
 * alike; docs/perf.md), with no target of its own.
 *
 *   node bench/ceiling.ts <answers.json> <port> [--bare]     (started by bench/run.ts)
 */
import { readFileSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { Answer } from './answers';

const [file, port, mode] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: ceiling.ts <answers.json> <port> [--bare]');
const bare = mode === '--bare';
const answers = new Map<string, { status: number; headers: OutgoingHttpHeaders; body: Buffer }>();
for (const answer of JSON.parse(readFileSync(file, 'utf8')) as Answer[]) {
  const body = Buffer.from(answer.body, 'base64');
  const headers: OutgoingHttpHeaders = bare
    ? { 'content-type': answer.headers['content-type'] ?? 'application/octet-stream' }
    : { ...answer.headers };
  headers['content-length'] = body.length;
  answers.set(`${answer.method} ${answer.path}`, { status: answer.status, headers, body });
}

const server = createServer((request, response) => {
  const answer = answers.get(`${request.method} ${request.url}`);
  // The body of a POST is read (as the app must), then the stored answer is sent.
  request.resume();
  request.on('end', () => {
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(port), '127.0.0.1', () => process.stdout.write(`listening ${port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
