import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { DataStore, ERRORS, type Upload } from '@tus/utils';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { SNIFF_BYTES } from '../../lib/sniff';
import { type FileStorage, isFileKey, LocalDiskStorage } from '../../lib/storage';
import { uploadedBytes } from '../../lib/young-garbage';

/**
 * Where resumable (tus) uploads are written while they arrive, and how a finished one becomes a stored
 * file (docs/decisions/008): on disk a folder `tus/` beside the stored files, hard-linked into place at
 * the last byte; in a bucket a multipart upload under the file's own key, which is the stored file once
 * completed. Either way the upload's id is the stored file's generated key.
 */
export interface ResumableFiles {
  /** What the tus server reads and writes through. */
  readonly store: DataStore;
  /** Makes a finished upload's data the stored file named by its id (again: harmless). */
  settle(id: string): Promise<void>;
  /** Removes an upload, finished or not, with the stored file it became. */
  discard(id: string): Promise<void>;
  /**
   * Removes unfinished uploads untouched since before `before` (aborting their multipart uploads), and
   * the records of finished ones settled before then. Answers how many uploads went.
   */
  removeStale(before: Date): Promise<number>;
  /** Lets go of connections (the server is closing). */
  close(): void;
}

/** Looks at the first bytes of an upload (its type, judged by content) and throws to refuse it. */
export type Inspect = (upload: Upload, head: Buffer) => unknown;

/**
 * The official file store, except that a write cut off (the client gone) answers only once every byte it
 * took is on disk, so the offset the next request sees is final.
 */
class SettledFileStore extends FileStore {
  constructor(private readonly folder: string) {
    super({ directory: folder });
  }

  override async write(source: Readable, id: string, offset: number): Promise<number> {
    if (!isFileKey(id)) throw ERRORS.FILE_NOT_FOUND;
    // A 1 MiB buffer, as LocalDiskStorage.put's: the chunks gather while one write is on disk.
    const sink = createWriteStream(path.join(this.folder, id), {
      flags: 'r+',
      start: offset,
      highWaterMark: 1024 * 1024,
    });
    try {
      await pipeline(source, sink);
    } catch {
      if (!sink.closed) await once(sink, 'close');
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + sink.bytesWritten;
  }
}

/**
 * The chosen store with one rule added: an upload's first bytes (SNIFF_BYTES, or the whole file if it is
 * smaller) are inspected before anything is kept, so a refused file leaves nothing behind and whatever is
 * stored has passed. A first request that ends before them keeps nothing; the client resumes at 0.
 */
class InspectingStore extends DataStore {
  constructor(
    private readonly inner: DataStore,
    private readonly inspect: Inspect,
  ) {
    super();
    this.extensions = inner.extensions.filter((name) => name !== 'expiration');
  }

  override create(upload: Upload) {
    return this.inner.create(upload);
  }
  override remove(id: string) {
    return this.inner.remove(id);
  }
  /** Writes still running per upload: a request cut off may be answered before its write has ended. */
  private readonly writing = new Map<string, Promise<unknown>>();

  override async getUpload(id: string) {
    // The offset is read only once the last write has settled, whatever became of its request.
    await this.writing.get(id);
    return this.inner.getUpload(id);
  }
  override declareUploadLength(id: string, length: number) {
    return this.inner.declareUploadLength(id, length);
  }

  override write(source: Readable, id: string, offset: number): Promise<number> {
    const written = this.inspectAndWrite(source, id, offset);
    const settled = written.then(
      () => undefined,
      () => undefined,
    );
    this.writing.set(id, settled);
    void settled.then(() => {
      if (this.writing.get(id) === settled) this.writing.delete(id);
    });
    return written;
  }

  private async inspectAndWrite(source: Readable, id: string, offset: number): Promise<number> {
    const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const chunks: Buffer[] = [];
    let received = 0;
    let ended = false;
    async function* all() {
      yield* chunks;
      if (ended) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        uploadedBytes(next.value.length);
        yield next.value;
      }
    }
    const rest = () => Readable.from(all(), { objectMode: false });
    if (offset > 0) {
      // A request with no bytes (a client resuming at the very end) writes nothing: a completed
      // multipart upload could not take them anyway.
      const next = await iterator.next();
      if (next.done) return offset;
      chunks.push(next.value);
      return this.inner.write(rest(), id, offset);
    }
    const upload = await this.inner.getUpload(id);
    const wanted = Math.min(SNIFF_BYTES, upload.size ?? SNIFF_BYTES);
    while (received < wanted) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      chunks.push(next.value);
      received += next.value.length;
    }
    if (received < wanted) {
      throw new AppError(
        'VALIDATION',
        `The first request must carry the file's first ${wanted} bytes, so that its type can be checked.`,
      );
    }
    try {
      await this.inspect(upload, Buffer.concat(chunks).subarray(0, wanted));
    } catch (error) {
      await this.inner.remove(id).catch(() => undefined);
      throw error;
    }
    return this.inner.write(rest(), id, 0);
  }
}

/** Local disk: uploads under `<files>/tus/<key>` (and `<key>.json`), where the generic sweep never looks. */
class DiskResumableFiles implements ResumableFiles {
  readonly store: DataStore;
  private readonly directory: string;

  constructor(
    private readonly storage: LocalDiskStorage,
    inspect: Inspect,
  ) {
    this.directory = path.join(storage.root, 'tus');
    this.store = new InspectingStore(new SettledFileStore(this.directory), inspect);
  }

  private pathOf(id: string) {
    if (!isFileKey(id)) throw new Error(`invalid upload id ${JSON.stringify(id)}`);
    return path.join(this.directory, id);
  }

  async settle(id: string) {
    await this.storage.adopt(id, this.pathOf(id));
  }

  async discard(id: string) {
    const data = this.pathOf(id);
    await Promise.all([rm(data, { force: true }), rm(`${data}.json`, { force: true })]);
    await this.storage.delete(id);
  }

  async removeStale(before: Date): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    const ids = new Set(names.map((name) => name.replace(/\.json$/, '')).filter((name) => isFileKey(name)));
    let removed = 0;
    for (const id of ids) {
      const data = this.pathOf(id);
      // Every PATCH writes the data file: an upload is stale when neither file changed since `before`.
      const times = await Promise.all(
        [data, `${data}.json`].map((file) =>
          stat(file).then(
            (s) => s.mtimeMs,
            () => 0,
          ),
        ),
      );
      if (Math.max(...times) >= before.getTime()) continue;
      // Only the upload's own names go: a finished one's stored file is another link to the same data.
      await Promise.all([rm(data, { force: true }), rm(`${data}.json`, { force: true })]);
      removed += 1;
    }
    return removed;
  }

  close() {}
}

/**
 * Resumable uploads for the configured storage, or undefined when it is neither local disk nor the
 * configured bucket (a test's own store). The S3 store is loaded only with a bucket, like the SDK.
 */
export async function createResumableFiles(
  storage: FileStorage,
  config: Config,
  inspect: Inspect,
): Promise<ResumableFiles | undefined> {
  if (storage instanceof LocalDiskStorage) return new DiskResumableFiles(storage, inspect);
  if (!config.s3 || !storage.presignGet) return undefined;
  const { createBucketResumableFiles } = await import('./resumable-s3');
  return createBucketResumableFiles(
    config.s3,
    config.uploads.maxLessonBytes,
    (inner) => new InspectingStore(inner, inspect),
  );
}
