import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { extract, pack } from 'tar-stream';

// A backup is one tar stream, written and read through tar-stream: ustar headers (a size past 8 GiB in
// GNU's base-256 form, a name past 100 bytes in a pax header), so any tar program lists what it writes
// (`tar -tzf backup.tar.gz`), and it reads the archives the earlier hand-written writer made
// (test/fixtures/backup). Neither side ever holds more than a chunk of a file.

/** Appends files to a tar stream; `finish` writes the end marker (the caller ends `out`). */
export class TarWriter {
  private readonly tar = pack();
  private readonly copied: Promise<void>;

  constructor(out: Writable) {
    this.copied = (async () => {
      try {
        for await (const chunk of this.tar) if (!out.write(chunk)) await once(out, 'drain');
      } catch (error) {
        // An entry waiting for room is told, rather than waiting forever.
        this.tar.destroy(error as Error);
        throw error;
      }
    })();
    // Seen by `add` through its entry, and by `finish`.
    this.copied.catch(() => {});
  }

  /** Adds a file of `size` bytes; `body` must yield exactly that many. */
  async add(name: string, size: number, body: Buffer | AsyncIterable<Buffer>, mtime = new Date()) {
    let settle: (error?: Error | null) => void = () => {};
    const added = new Promise<void>((resolve, reject) => {
      settle = (error) => (error ? reject(error) : resolve());
    });
    const entry = this.tar.entry({ name, size, mode: 0o600, mtime }, (error) => settle(error));
    // Its errors reach `added` (the entry's callback) and so this call.
    entry.on('error', () => {});
    let written = 0;
    try {
      for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
        written += chunk.length;
        if (written > size) throw new Error(`tar: ${name} grew while it was archived`);
        if (!entry.write(chunk)) await once(entry, 'drain');
      }
      if (written !== size) throw new Error(`tar: ${name} shrank while it was archived`);
    } catch (error) {
      entry.destroy(error as Error);
      await added.catch(() => {});
      throw error;
    }
    entry.end(null); // no last chunk (streamx types ask for one)
    await added;
  }

  async finish() {
    this.tar.finalize();
    await this.copied;
  }
}

export type TarEntry = {
  name: string;
  size: number;
  /** The entry's bytes: read it through (or not at all) before asking for the next entry. */
  body: AsyncIterable<Buffer>;
};

/** tar-stream's errors in the operator's words (it has no codes; its messages are matched here only). */
function explained(error: unknown): unknown {
  const message = error instanceof Error ? error.message : '';
  if (message.startsWith('Invalid tar header'))
    return new Error('tar: a damaged header (checksum mismatch); this is not an intact archive');
  if (message === 'Unexpected end of data')
    return new Error('tar: the archive ends in the middle of an entry (cut short?)');
  return error;
}

/** The regular files of a tar stream, in order. Other entry types (folders, links) are skipped. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const tar = extract();
  // The archive's own error: an entry being read when it comes reports only that it was destroyed.
  let failure: unknown;
  tar.on('error', (error) => {
    failure ??= error;
  });
  const input = Readable.from(source, { objectMode: false });
  input.on('error', (error) => tar.destroy(error));
  input.pipe(tar);
  try {
    for await (const entry of tar) {
      const { name, size, type } = entry.header;
      if (type === 'file' || type === 'contiguous-file') {
        yield {
          name,
          size,
          body: (async function* () {
            try {
              for await (const chunk of entry) yield chunk as Buffer;
            } catch (error) {
              throw explained(failure ?? error);
            }
          })(),
        };
      }
      // Whatever the consumer left unread is skipped.
      entry.resume();
    }
  } catch (error) {
    throw explained(failure ?? error);
  }
}
