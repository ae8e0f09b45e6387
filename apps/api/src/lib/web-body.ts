import type { Readable } from 'node:stream';
import { finished } from 'node:stream';

/**
 * A request's body as a web stream, for a handler that takes a web `Request` (the tus server), without
 * Node's `Readable.toWeb`: that copies every chunk into a new buffer, which for a lesson upload is its
 * whole size allocated, copied and collected once more (a third of the server's CPU on a 1 GiB upload,
 * docs/BENCHMARKS.md). A request's chunks are its own, never reused by Node, so they pass as they are.
 * Back-pressure is kept: the request is paused while the stream holds a high-water mark's worth, and
 * resumed when it is read. The request failing (a connection cut) errors the stream; cancelling the stream
 * destroys the request, as `toWeb` does.
 */
export function webBody(source: Readable): ReadableStream<Uint8Array> {
  let ended = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        source.pause();
        source.on('data', (chunk: Buffer) => {
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) source.pause();
        });
        finished(source, { writable: false }, (error) => {
          if (ended) return;
          ended = true;
          if (error) controller.error(error);
          else controller.close();
        });
      },
      pull() {
        source.resume();
      },
      cancel(reason) {
        ended = true;
        source.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: source.readableHighWaterMark }),
  );
}
