import fs from 'node:fs';
import { Writable } from 'node:stream';
import { MessageChannel, type MessagePort } from 'node:worker_threads';

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
   * The chunks are the sink's alone (a socket's body chunks, read by nobody else): each one's
   * memory is freed as soon as it is written (`releaseChunks`); they are empty afterwards.
   */
  releaseWritten?: boolean;
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
    // Only chunks to be freed are held by the callback: the written ones of a multipart upload
    // (busboy's slices) held there a moment longer kept RSS 15-25 MB higher over 1 GB (measured).
    const toRelease = this.options.releaseWritten ? chunks : null;
    this.writing = () => undefined;
    writeAll(this.fd as number, chunks, (error) => {
      const waiting = this.writing;
      this.writing = null;
      if (!error) {
        this.options.written(bytes);
        if (toRelease) releaseChunks(toRelease);
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

/** A port whose other end is gone: what is posted to it is detached, then dropped. */
let dropPort: MessagePort | null = null;

/**
 * Frees written chunks' memory now rather than at V8's next collection (issue 30). A 1 GB upload
 * reaches the event loop as 16,384 socket chunks of 64 KiB, each its own ArrayBuffer whose
 * memory V8 counts as external; while that count rose faster than the background sweeping of
 * scavenged buffers brought it down, V8 ran a full mark-compact every ~25 MiB (30-40 a GB,
 * 1.5-5 s of collection, in most rounds on a loaded machine: the upload's CPU doubled). Posting
 * a buffer in the transfer list of a closed port detaches it and frees its memory at once (Node
 * still serializes a message to a closed port, for the transfer's sake, then drops it): the count
 * never rises. Measured at load 9-10, same rounds: a raw-body upload spends under 0.01 s
 * collecting and 2.1-2.2 s of process CPU a GB; multipart (busboy's slices, which cannot be
 * freed so) 1.2-2.0 s and 6.3-7.9 s; a plain copy 1.5-1.7 s.
 *
 * Only a chunk that is the whole of its buffer is freed (a slice shares its buffer with other
 * bytes); buffers Node marks untransferable (its pool) are left to the collector.
 */
export function releaseChunks(chunks: readonly Buffer[]): void {
  const buffers: ArrayBuffer[] = [];
  for (const chunk of chunks) {
    const buffer = chunk.buffer;
    const whole = chunk.byteOffset === 0 && chunk.byteLength === buffer.byteLength;
    if (buffer instanceof ArrayBuffer && whole && buffer.byteLength > 0) buffers.push(buffer);
  }
  if (buffers.length === 0) return;
  if (!dropPort) {
    const channel = new MessageChannel();
    channel.port1.close();
    channel.port2.close();
    dropPort = channel.port1;
  }
  try {
    dropPort.postMessage(null, buffers);
  } catch {
    // One of them cannot be transferred: all are left to the collector.
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
