import fs from 'node:fs';
import { Writable } from 'node:stream';

export interface StagingSinkOptions {
  /** How much may wait for the disk (the stream's high-water mark). */
  bufferBytes: number;
  /**
   * Called before each batch is written with the batch's size; an error refuses the batch (and
   * fails the stream) before any of its bytes reach the file.
   */
  accept(bytes: number): Error | null;
  /** Called once a batch is in the file. */
  written(bytes: number): void;
  /**
   * Called with a written batch when its chunks are the sink's alone (a socket's body chunks,
   * read by nobody else): the callee may take their memory (hash-behind.ts `release`).
   */
  release?(chunks: Buffer[]): void;
}

/**
 * The end of an upload's pipeline: writes what arrives to an open file, everything waiting
 * in one writev, and owns the descriptor (closed once no write is in flight, on success and
 * on failure alike). One stream where a counting Transform and an fs.WriteStream were two:
 * a 1 GB upload passes 16,384 socket chunks, and each stream they cross costs the event loop.
 */
export class StagingSink extends Writable {
  private writing: (() => void) | null = null;
  private fd: number | null;

  constructor(
    fd: number,
    private readonly options: StagingSinkOptions,
  ) {
    super({ highWaterMark: options.bufferBytes });
    this.fd = fd;
  }

  override _writev(entries: Array<{ chunk: Buffer }>, callback: (error?: Error | null) => void): void {
    const chunks = entries.map((entry) => entry.chunk);
    let bytes = 0;
    for (const chunk of chunks) bytes += chunk.length;
    const refused = this.options.accept(bytes);
    if (refused) {
      callback(refused);
      return;
    }
    this.writing = () => undefined;
    writeAll(this.fd as number, chunks, (error) => {
      const waiting = this.writing;
      this.writing = null;
      if (!error) {
        this.options.written(bytes);
        this.options.release?.(chunks);
      }
      callback(error);
      waiting?.();
    });
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const close = () => {
      const fd = this.fd;
      this.fd = null;
      if (fd === null) {
        callback(error);
        return;
      }
      fs.close(fd, (closeError) => callback(error ?? closeError));
    };
    // Closing under a write still in flight would let the number go to another file meanwhile.
    if (this.writing) this.writing = close;
    else close();
  }
}

/** writev until every byte is written (libuv already loops; a short write is retried here too). */
function writeAll(fd: number, chunks: Buffer[], done: (error: Error | null) => void): void {
  fs.writev(fd, chunks, (error, written) => {
    if (error) return done(error);
    let rest = written;
    let index = 0;
    while (index < chunks.length && rest >= (chunks[index] as Buffer).length)
      rest -= (chunks[index++] as Buffer).length;
    if (index === chunks.length) return done(null);
    const remaining = [(chunks[index] as Buffer).subarray(rest), ...chunks.slice(index + 1)];
    writeAll(fd, remaining, done);
  });
}
