import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, opendir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BufferPool } from './buffer-pool';
import { FileBody } from './file-body';
import { OpenFiles } from './open-files';

/** A listener that only keeps a stream's 'error' from being uncaught; `pipeline` reports the error. */
export const keptForPipeline = (): void => undefined;

/** A stored file as the sweeper sees it. */
export type StoredFile = {
  key: string;
  /**
   * From when no upload can still be writing it: its last write on disk; on a bucket, where an object's
   * date may be when its multipart upload began, that date plus the longest an upload may run.
   */
  settledAt: Date;
};

/** How a presigned URL is made: fixed inputs give the same URL (docs/decisions/006). */
export type PresignOptions = {
  signedAt: Date;
  expiresInSeconds: number;
  /** The Content-Type and file name the bucket answers with. */
  contentType: string;
  filename: string;
};

/** Where files live: local disk or an S3-compatible bucket. Always streamed, never buffered whole. */
export interface FileStorage {
  /** Writes `source` under `key`; a failed or aborted write leaves nothing behind. Answers the bytes written. */
  put(key: string, source: Readable, options?: { contentType?: string }): Promise<number>;
  /** Reads a whole file, or the inclusive byte range [start, end]. */
  read(key: string, range?: { start: number; end: number }): Readable;
  /** The size of a stored file, or undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  delete(key: string): Promise<void>;
  /** Every stored file whose name is a generated key; nothing else is ever listed, so nothing else is swept. */
  list(): AsyncIterable<StoredFile>;
  /** Removes unfinished writes (`.partial` files, multipart uploads) untouched since before `before`. */
  removeIncomplete(before: Date): Promise<number>;
  /**
   * The inclusive byte range [start, end] as an answer's body (lib/file-body.ts): the file is opened
   * before anything is answered (a missing one rejects with ENOENT), then read through a kept descriptor
   * into pooled buffers. Local disk only; a bucket's files are sent with `read`.
   */
  openBody?(key: string, range: { start: number; end: number }): Promise<Readable>;
  /**
   * The file's path under the storage's folder, with `/` between its parts: what a web server in front
   * that reads the same folder sends for it (X-Accel-Redirect). Absent on a bucket.
   */
  diskName?(key: string): string;
  /** The file's full path on local disk, for a program that reads it (ffmpeg); absent on a bucket. */
  localPath?(key: string): string;
  /** A bucket's own short-lived URL for a file, so the server moves no bytes; absent on local disk. */
  presignGet?(key: string, options: PresignOptions): Promise<string>;
  /** Lets go of what the storage keeps open between requests (the app closes): it may still be used after. */
  close?(): void;
}

/**
 * How much a file's stream reads at a time: 20 whole-file downloads went from 0.55-0.77x nginx's rate at
 * 64-256 KiB to 0.96-1.17x (docs/BENCHMARKS.md). A download whose client is slow holds about two reads
 * (one read ahead, one being written): about 1 MiB.
 */
const READ_CHUNK_BYTES = 512 * 1024;

/**
 * Free read buffers kept for answers' bodies (16 MiB, let go within a minute of not being needed). As many
 * as the answers in flight need are made: 20 lessons streamed at once use 40 (one read ahead each), and
 * give them back as they finish.
 */
const READ_BUFFERS_KEPT = 32;

const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;

/** A generated storage name: never anything the client sent (DESIGN security model). */
export const newFileKey = (extension: string) => `${randomUUID()}.${extension}`;
export const isFileKey = (key: string) => KEY_PATTERN.test(key);

export class LocalDiskStorage implements FileStorage {
  private readonly openFiles = new OpenFiles();
  private readonly readBuffers = new BufferPool(READ_CHUNK_BYTES, READ_BUFFERS_KEPT);

  constructor(readonly root: string) {}

  private pathOf(key: string) {
    return path.join(this.root, this.diskName(key));
  }

  localPath(key: string) {
    return this.pathOf(key);
  }

  diskName(key: string) {
    if (!isFileKey(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    // Two levels of fan-out keep directories small with millions of files.
    return `${key.slice(0, 2)}/${key}`;
  }

  async put(key: string, source: Readable): Promise<number> {
    // The source may fail while the folder is made (a file stream whose file went away): its error is
    // kept by the stream and reported by the pipeline below, not thrown as an uncaught 'error' event.
    source.on('error', keptForPipeline);
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    try {
      // A 1 MiB buffer: the upload's chunks gather while one write is on disk and go down together
      // (writev), instead of one write and one pause of the upload per 64 KiB chunk.
      const sink = createWriteStream(partial, { flags: 'wx', mode: 0o600, highWaterMark: 1024 * 1024 });
      await pipeline(source, sink);
      await rename(partial, target);
      return sink.bytesWritten;
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    // Reads of 512 KiB instead of 64: an eighth of the trips through the thread pool for a whole lesson.
    return createReadStream(this.pathOf(key), {
      highWaterMark: READ_CHUNK_BYTES,
      ...(range ? { start: range.start, end: range.end } : {}),
    });
  }

  async openBody(key: string, range: { start: number; end: number }): Promise<Readable> {
    return new FileBody(await this.openFiles.lend(this.pathOf(key)), range, this.readBuffers);
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Closes the kept descriptors; one being read closes when its read is done. */
  close(): void {
    this.openFiles.closeAll();
  }

  async delete(key: string): Promise<void> {
    this.openFiles.forget(this.pathOf(key));
    await rm(this.pathOf(key), { force: true });
  }

  /**
   * Makes a finished file elsewhere under the root (a resumable upload's data) the file `key` too, without
   * copying it: a hard link, so either name may go first. A key already in place is left as it is.
   */
  async adopt(key: string, file: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await link(file, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }

  /** Walks `<root>/<2 chars>/<key>`: only names that a generated key could have, in the folder it belongs to. */
  private async *entries(): AsyncGenerator<{ name: string; file: string }> {
    let top: Awaited<ReturnType<typeof opendir>>;
    try {
      top = await opendir(this.root);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for await (const folder of top) {
      if (!folder.isDirectory() || !/^[0-9a-f]{2}$/.test(folder.name)) continue;
      for await (const entry of await opendir(path.join(this.root, folder.name))) {
        if (!entry.isFile() || !entry.name.startsWith(folder.name)) continue;
        yield { name: entry.name, file: path.join(this.root, folder.name, entry.name) };
      }
    }
  }

  async *list(): AsyncIterable<StoredFile> {
    for await (const { name, file } of this.entries()) {
      if (!isFileKey(name)) continue;
      const stats = await stat(file).catch(() => undefined);
      if (stats) yield { key: name, settledAt: stats.mtime };
    }
  }

  async removeIncomplete(before: Date): Promise<number> {
    let removed = 0;
    for await (const { name, file } of this.entries()) {
      if (!name.endsWith('.partial') || !isFileKey(name.slice(0, -'.partial'.length))) continue;
      // A write in progress keeps touching its file: only one left alone since `before` is abandoned.
      const stats = await stat(file).catch(() => undefined);
      if (!stats || stats.mtime >= before) continue;
      await rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }
}
