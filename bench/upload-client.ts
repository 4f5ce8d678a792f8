import { spawn } from 'node:child_process';

// The 1 GB upload's client in a process of its own: in the API's process its socket writes
// (about as much CPU as the whole plain copy) were charged to the server's event loop, which a
// browser's never are. It sends `head`, then `length` bytes from one reused 1 MiB buffer, then
// `tail`, honouring backpressure, and reports the time from its first byte to the answer's end.
const CLIENT = `
const http = require('node:http');
const { port, url, headers, head, length, tail } = JSON.parse(process.env.OUTPOST_UPLOAD);
const headBytes = Buffer.from(head, 'base64');
const tailBytes = Buffer.from(tail, 'base64');
const started = performance.now();
const request = http.request(
  { host: '127.0.0.1', port, method: 'POST', path: url,
    headers: { ...headers, 'content-length': headBytes.length + length + tailBytes.length } },
  (response) => {
    let body = '';
    response.setEncoding('utf8');
    response.on('data', (chunk) => { body += chunk; });
    response.on('end', () =>
      process.send({ status: response.statusCode, body, ms: performance.now() - started }, () => process.exit(0)));
  },
);
request.on('error', (error) => { console.error(error); process.exit(1); });
const chunk = Buffer.alloc(1024 * 1024, 0x5a);
let sent = 0;
request.write(headBytes);
const pump = () => {
  while (sent < length) {
    const piece = chunk.subarray(0, Math.min(chunk.length, length - sent));
    sent += piece.length;
    if (!request.write(piece)) return request.once('drain', pump);
  }
  request.end(tailBytes);
};
pump();
`;

export function uploadFromChild(
  port: number,
  url: string,
  headers: Record<string, string>,
  head: Buffer,
  length: number,
  tail: Buffer,
): Promise<{ status: number; body: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT], {
      env: {
        ...process.env,
        OUTPOST_UPLOAD: JSON.stringify({
          port,
          url,
          headers,
          head: head.toString('base64'),
          length,
          tail: tail.toString('base64'),
        }),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (message) => resolve(message as { status: number; body: string; ms: number }));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the upload client exited with ${code}`));
    });
  });
}
