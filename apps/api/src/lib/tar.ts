import { once } from 'node:events';
import type { Writable } from 'node:stream';

// A streaming tar (ustar) writer and reader, enough for backup archives (lib/backup.ts): regular files
// only, names under 100 bytes, sizes past 8 GiB in GNU tar's base-256 form. Any tar program reads what
// the writer makes (`tar -tzf backup.tar.gz`). Neither side ever holds more than one chunk of a file.

const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK);
/** The largest size the 11 octal digits of a ustar header hold (8 GiB - 1). */
const MAX_OCTAL_SIZE = 8 ** 11 - 1;

/** Writes `chunk`, waiting when the stream asks to (never piles up more than its buffer). */
async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mtime: Date): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length >= 100) throw new Error(`tar: name too long: ${name}`);
  const block = Buffer.alloc(BLOCK);
  nameBytes.copy(block, 0);
  block.write(octal(0o600, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  if (size <= MAX_OCTAL_SIZE) {
    block.write(octal(size, 12), 124, 'ascii');
  } else {
    // GNU base-256: the high bit of the first byte set, the value big-endian in the rest.
    block[124] = 0x80;
    block.writeBigUInt64BE(BigInt(size), 128);
  }
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** Appends files to a tar stream; `finish` writes the end marker (the caller ends `out`). */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  /** Adds a file of `size` bytes; `body` must yield exactly that many. */
  async add(name: string, size: number, body: Buffer | AsyncIterable<Buffer>, mtime = new Date()) {
    await write(this.out, header(name, size, mtime));
    let written = 0;
    const chunks = Buffer.isBuffer(body) ? [body] : body;
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > size) throw new Error(`tar: ${name} grew while it was archived`);
      await write(this.out, chunk);
    }
    if (written !== size) throw new Error(`tar: ${name} shrank while it was archived`);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding > 0) await write(this.out, ZEROS.subarray(0, padding));
  }

  async finish() {
    await write(this.out, ZEROS);
    await write(this.out, ZEROS);
  }
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly source: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.source = source[Symbol.asyncIterator]();
  }

  private async fill(): Promise<boolean> {
    const next = await this.source.next();
    if (next.done) return false;
    this.buffer = this.buffer.length === 0 ? next.value : Buffer.concat([this.buffer, next.value]);
    return true;
  }

  /** Exactly `n` bytes, or undefined at the end of a stream that has none left. */
  async read(n: number): Promise<Buffer | undefined> {
    while (this.buffer.length < n) {
      if (!(await this.fill())) {
        if (this.buffer.length === 0) return undefined;
        throw new Error('tar: the archive ends in the middle of an entry (cut short?)');
      }
    }
    const out = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return out;
  }

  /** Up to `max` bytes (at least one), as they arrive. */
  async chunk(max: number): Promise<Buffer> {
    if (this.buffer.length === 0 && !(await this.fill())) {
      throw new Error('tar: the archive ends in the middle of an entry (cut short?)');
    }
    const out = this.buffer.subarray(0, Math.min(max, this.buffer.length));
    this.buffer = this.buffer.subarray(out.length);
    return out;
  }
}

export type TarEntry = {
  name: string;
  size: number;
  /** The entry's bytes; read it (or not) before asking for the next entry. */
  body: AsyncIterable<Buffer>;
};

const text = (block: Buffer, start: number, length: number) => {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
};

function sizeOf(block: Buffer): number {
  const first = block[124] ?? 0;
  if (first & 0x80) return Number(block.readBigUInt64BE(128));
  return Number.parseInt(text(block, 124, 12).trim() || '0', 8);
}

/** The regular files of a tar stream, in order. Other entry types (folders, links) are skipped. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source);
  for (;;) {
    const block = await reader.read(BLOCK);
    if (!block || block.equals(ZEROS)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] ?? 0);
    if (sum !== Number.parseInt(text(block, 148, 8).trim(), 8)) {
      throw new Error('tar: a damaged header (checksum mismatch); this is not an intact archive');
    }
    const size = sizeOf(block);
    const prefix = text(block, 345, 155);
    const name = prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100);
    const type = text(block, 156, 1);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    let left = size;
    const body = (async function* () {
      while (left > 0) {
        const chunk = await reader.chunk(left);
        left -= chunk.length;
        yield chunk;
      }
    })();
    if (type === '0' || type === '') yield { name, size, body };
    // Whatever the consumer left unread is skipped.
    while (left > 0) left -= (await reader.chunk(left)).length;
    if (padding > 0) await reader.read(padding);
  }
}
