import http from 'node:http';

/** Sends `head`, then `length` bytes from one reused buffer, then `tail`, honouring backpressure. */
export function streamUpload(
  port: number,
  url: string,
  headers: Record<string, string>,
  head: Buffer,
  length: number,
  tail: Buffer,
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: url,
        headers: { ...headers, 'content-length': head.length + length + tail.length },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    const chunk = Buffer.alloc(1024 * 1024, 0x5a);
    let sent = 0;
    request.write(head);
    const pump = () => {
      while (sent < length) {
        const piece = chunk.subarray(0, Math.min(chunk.length, length - sent));
        sent += piece.length;
        if (!request.write(piece)) return request.once('drain', pump);
      }
      request.end(tail);
    };
    pump();
  });
}
