/**
 * The ceiling for `npm run bench`: a bare `node:http` server, in a process of its own, answering
 * each benchmarked request with the bytes the app answered it with (status, content type, body),
 * and doing nothing else. What the machine can serve at all over HTTP with Node; the app's
 * throughput is read as a share of it.
 *
 *   node bench/ceiling.ts <answers.json> <port>      (started by bench/run.ts)
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

interface Answer {
  method: string;
  path: string;
  status: number;
  contentType: string;
  body: string;
}

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: ceiling.ts <answers.json> <port>');
const answers = new Map<string, { status: number; contentType: string; body: Buffer }>();
for (const answer of JSON.parse(readFileSync(file, 'utf8')) as Answer[]) {
  answers.set(`${answer.method} ${answer.path}`, {
    status: answer.status,
    contentType: answer.contentType,
    body: Buffer.from(answer.body, 'base64'),
  });
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
    response.writeHead(answer.status, {
      'content-type': answer.contentType,
      'content-length': answer.body.length,
    });
    response.end(answer.body);
  });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(port), '127.0.0.1', () => process.stdout.write(`listening ${port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
