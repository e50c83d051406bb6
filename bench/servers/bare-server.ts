// The baseline of the read benchmark: a bare node:http server answering, for each path, the exact
// status, headers and body that the real API gave (captured beforehand into BARE_RESPONSES, a JSON
// file). Whatever it reaches is what this machine, Node and the load generator allow.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

interface Captured {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const file = process.env.BARE_RESPONSES;
if (!file) throw new Error('BARE_RESPONSES is required');
const captured = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Captured>;
const answers = new Map(
  Object.entries(captured).map(([url, c]) => [url, { status: c.status, headers: c.headers, body: Buffer.from(c.body, 'base64') }]),
);

const server = createServer((request, response) => {
  const answer = answers.get(request.url ?? '');
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
  response.end(answer.body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`LISTENING ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
