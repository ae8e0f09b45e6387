import { Readable } from 'node:stream';
import type { BufferPool } from './buffer-pool';
import type { LentFile } from './open-files';

type Chunk = { buffer: Buffer; bytes: Buffer };

/**
 * The bytes [start, end] of a file on disk as an answer's body, read through a lent descriptor.
 *
 * Piped (which is how Fastify sends a stream), it reads into the pool's buffers, one read ahead of the
 * write, writes each straight into the answer and gives the buffer back when the answer's write callback
 * says the bytes are gone (to the kernel, or dropped with a closed connection). Read any other way, it is
 * a plain stream whose chunks are its own. Either way the descriptor is released once no read is in
 * progress on it: after the last byte, or when the body is destroyed (the client left).
 */
export class FileBody extends Readable {
  private position: number;
  /** The last byte's position. */
  private readonly last: number;
  private readsInProgress = 0;
  private finished = false;
  private piped = false;

  constructor(
    private readonly file: LentFile,
    range: { start: number; end: number },
    private readonly pool: BufferPool,
  ) {
    super({ highWaterMark: pool.bufferBytes });
    this.position = range.start;
    this.last = range.end;
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    if (this.piped || this.readableFlowing !== null) throw new Error('a file body is piped once, unread');
    this.piped = true;
    void this.pump(destination, options?.end !== false);
    return destination;
  }

  override _read(): void {
    if (this.position > this.last) {
      this.push(null);
      return;
    }
    const length = Math.min(this.pool.bufferBytes, this.last + 1 - this.position);
    this.readInto(Buffer.allocUnsafeSlow(length), length).then(
      (bytes) => {
        if (!this.destroyed) this.push(bytes);
      },
      (error: Error) => this.destroy(error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.finish();
    callback(error);
  }

  private async pump(destination: NodeJS.WritableStream, end: boolean) {
    let next: Promise<Chunk> | undefined = this.position <= this.last ? this.readPooled() : undefined;
    try {
      while (next) {
        const chunk: Chunk = await next;
        next = undefined;
        if (this.destroyed) {
          this.pool.give(chunk.buffer);
          return;
        }
        if (this.position <= this.last) next = this.readPooled();
        const flowing = destination.write(chunk.bytes, () => this.pool.give(chunk.buffer));
        if (!flowing && !isGone(destination)) await drained(destination);
        if (isGone(destination)) {
          // Nothing will take the rest: the body stops, as one piped the usual way would be stopped.
          this.destroy();
          return;
        }
        if (this.destroyed) return;
      }
      if (end) destination.end();
      this.finish();
      // The bytes went to the destination directly: the stream itself ends empty (Fastify waits for it).
      this.push(null);
      this.resume();
    } catch (error) {
      this.destroy(error as Error);
    } finally {
      // A read still in progress (the answer stopped): its buffer goes back once it is done.
      next?.then(
        (chunk) => this.pool.give(chunk.buffer),
        () => undefined,
      );
    }
  }

  private readPooled(): Promise<Chunk> {
    const buffer = this.pool.take();
    const length = Math.min(buffer.length, this.last + 1 - this.position);
    const chunk = this.readInto(buffer, length).then(
      (bytes) => ({ buffer, bytes }),
      (error: unknown) => {
        this.pool.give(buffer);
        throw error;
      },
    );
    // A read ahead may fail while the write before it is still going: the pump hears of it when it gets
    // there, and until then the failure is not an unhandled one.
    chunk.catch(() => undefined);
    return chunk;
  }

  /** Reads the next `length` bytes into the start of `buffer` and answers them. */
  private async readInto(buffer: Buffer, length: number): Promise<Buffer> {
    const position = this.position;
    this.position += length;
    this.readsInProgress += 1;
    try {
      let filled = 0;
      while (filled < length) {
        const { bytesRead } = await this.file.handle.read(buffer, filled, length - filled, position + filled);
        if (bytesRead === 0) throw new Error(`the file ended ${length - filled} bytes early`);
        filled += bytesRead;
      }
      return filled === buffer.length ? buffer : buffer.subarray(0, filled);
    } finally {
      this.readsInProgress -= 1;
      if (this.finished && this.readsInProgress === 0) this.file.release();
    }
  }

  /** No more reads: the descriptor goes back now, or when the read in progress is done. */
  private finish() {
    if (this.finished) return;
    this.finished = true;
    if (this.readsInProgress === 0) this.file.release();
  }
}

const isGone = (stream: NodeJS.WritableStream) =>
  (stream as { destroyed?: boolean }).destroyed === true ||
  (stream as { writableEnded?: boolean }).writableEnded === true;

/** Waits until `stream` wants more (drain), or will never want more (closed, failed, finished). */
function drained(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const event of events) stream.removeListener(event, done);
      resolve();
    };
    const events = ['drain', 'close', 'error', 'finish'] as const;
    for (const event of events) stream.on(event, done);
  });
}
