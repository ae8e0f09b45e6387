import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where files live: local disk now, an S3-compatible bucket later. Always streamed, never buffered whole. */
export interface FileStorage {
  /** Writes `source` under `key`; a failed or aborted write leaves nothing behind. Answers the bytes written. */
  put(key: string, source: Readable): Promise<number>;
  /** Reads a whole file, or the inclusive byte range [start, end]. */
  read(key: string, range?: { start: number; end: number }): Readable;
  /** The size of a stored file, or undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;

/** A generated storage name: never anything the client sent (DESIGN security model). */
export const newFileKey = (extension: string) => `${randomUUID()}.${extension}`;
export const isFileKey = (key: string) => KEY_PATTERN.test(key);

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    if (!isFileKey(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    // Two levels of fan-out keep directories small with millions of files.
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, source: Readable): Promise<number> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    try {
      const sink = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
      await pipeline(source, sink);
      await rename(partial, target);
      return sink.bytesWritten;
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
