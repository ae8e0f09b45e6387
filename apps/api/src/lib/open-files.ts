import { type FileHandle, open } from 'node:fs/promises';

type Entry = { handle: Promise<FileHandle>; users: number; closing: boolean };

/** A descriptor lent by `OpenFiles.lend`: read through `handle`, then `release()` it once done reading. */
export type LentFile = { handle: FileHandle; release: () => void };

/**
 * Open read-only descriptors of stored files, by path, the most recently used kept: a player's burst of
 * seeks reads one descriptor instead of opening and closing the file for each Range request. A stored
 * file's bytes never change (a replaced file gets a new key), so a kept descriptor never reads stale
 * bytes. A descriptor is closed when it falls out (or its file is deleted) and nobody is reading it:
 * a read in progress never finds its descriptor closed, or reused for another file.
 */
export class OpenFiles {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly kept = 64) {}

  /**
   * The kept descriptor of `file` (opened now if it is not kept), lent until `release()`: it is never
   * closed while lent, even when it falls out or its file is deleted. Rejects as `open` does (ENOENT for
   * a missing file), and a file that could not be opened is not kept.
   */
  async lend(file: string): Promise<LentFile> {
    const entry = this.acquire(file);
    try {
      const handle = await entry.handle;
      let lent = true;
      const release = () => {
        if (!lent) return;
        lent = false;
        this.release(entry);
      };
      return { handle, release };
    } catch (error) {
      this.drop(file, entry);
      this.release(entry);
      throw error;
    }
  }

  /** Forgets `file` (deleted): its descriptor closes once its reads are done. */
  forget(file: string): void {
    const entry = this.entries.get(file);
    if (entry) this.drop(file, entry);
  }

  /** Closes every descriptor nobody reads (the server stops); those in use close after their read. */
  closeAll(): void {
    for (const [file, entry] of this.entries) this.drop(file, entry);
  }

  get size(): number {
    return this.entries.size;
  }

  private acquire(file: string): Entry {
    let entry = this.entries.get(file);
    if (entry) {
      // Most recently used goes last: the oldest is the first to go.
      this.entries.delete(file);
    } else {
      entry = { handle: open(file, 'r'), users: 0, closing: false };
      // Its failure is answered to the reader; this copy only keeps it from being unhandled.
      entry.handle.catch(() => undefined);
    }
    this.entries.set(file, entry);
    entry.users += 1;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.kept) break;
      this.drop(oldest, old);
    }
    return entry;
  }

  private release(entry: Entry) {
    entry.users -= 1;
    if (entry.closing && entry.users === 0) this.close(entry);
  }

  private drop(file: string, entry: Entry) {
    if (this.entries.get(file) === entry) this.entries.delete(file);
    if (entry.closing) return;
    entry.closing = true;
    if (entry.users === 0) this.close(entry);
  }

  private close(entry: Entry) {
    entry.handle.then(
      (handle) => handle.close().catch(() => undefined),
      () => undefined,
    );
  }
}
