import http from 'node:http';

export interface SseEvent {
  id: string | null;
  data: string;
}

export interface SseConnection {
  status: number;
  events: SseEvent[];
  comments: string[];
  /** True once the server ended the stream. */
  ended: boolean;
  /** Resolves once `predicate` holds (checked on every chunk), rejects after `timeoutMs`. */
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
}

/** A small streaming SSE client over a real socket, parsing events and comments as they arrive. */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const events: SseEvent[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | null = null;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) events.push({ id, data: data.join('\n') });
          end = buffer.indexOf('\n\n');
        }
        for (const waiter of waiters) waiter();
      });
      response.on('end', () => {
        connection.ended = true;
        for (const waiter of waiters) waiter();
      });
      const connection: SseConnection = {
        status: response.statusCode ?? 0,
        events,
        comments,
        ended: false,
        waitFor(predicate, timeoutMs = 5000) {
          return new Promise((done, fail) => {
            if (predicate()) return done();
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`SSE condition not met in ${timeoutMs} ms; events: ${JSON.stringify(events)}`));
            }, timeoutMs);
            const check = () => {
              if (!predicate()) return;
              clearTimeout(timer);
              waiters.delete(check);
              done();
            };
            waiters.add(check);
          });
        },
        close: () => request.destroy(),
      };
      resolve(connection);
    });
    request.on('error', reject);
  });
}
