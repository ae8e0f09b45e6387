/**
 * Every chunk an upload brings is a new buffer from the socket, which V8 counts as memory outside its
 * heap. Those buffers die young, but the young generation fills with the few small objects that carry
 * them only once in a few hundred megabytes, and before that V8 sees the outside memory pass its limit
 * and marks the whole heap: a 1 GiB lesson cost 15-30 full collections, about as much CPU again as the
 * upload itself (docs/BENCHMARKS.md, "Uploading a 1 GiB lesson"). A young collection every
 * `YOUNG_COLLECTION_BYTES` of upload frees those buffers first: a millisecond or two each, and no full
 * collection at all.
 *
 * It needs the collector that Node exposes with `--expose-gc` (the serve script and the Dockerfile start
 * the server with it); without it (the test runner, `npm run dev`) uploads work the same, with V8's own
 * pace of collection.
 */
const YOUNG_COLLECTION_BYTES = 16 * 1024 * 1024;

type Collector = (options: { type: 'minor' | 'major'; execution?: 'sync' | 'async' }) => unknown;

let sinceLast = 0;

/** Counts `bytes` of upload received into fresh buffers; collects the young generation every 16 MiB of them. */
export function uploadedBytes(bytes: number): void {
  sinceLast += bytes;
  if (sinceLast < YOUNG_COLLECTION_BYTES) return;
  sinceLast = 0;
  (globalThis as { gc?: Collector }).gc?.({ type: 'minor' });
}
