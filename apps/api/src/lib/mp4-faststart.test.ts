import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testConfig } from '../../test/helpers';
import { startTestBucket, type TestBucket } from '../../test/s3';
import { type ByteSource, boxHeader, storedMediaDuration } from './media-duration';
import {
  type FaststartPlan,
  moovPlacement,
  NotRewritable,
  planFaststart,
  writeFaststart,
} from './mp4-faststart';
import { S3Storage } from './s3-storage';
import { type FileStorage, LocalDiskStorage, newFileKey } from './storage';

// ---------------------------------------------------------------------------------------------------
// Boxes written by hand.

const u32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(value);
  return b;
};
const u64 = (value: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(value));
  return b;
};
const mp4Box = (type: string, ...body: Buffer[]) => {
  const content = Buffer.concat(body);
  return Buffer.concat([u32(8 + content.length), Buffer.from(type, 'latin1'), content]);
};
const ftypBox = () => mp4Box('ftyp', Buffer.from('isom'), u32(0x200), Buffer.from('isomiso2mp41'));
const stco = (offsets: number[]) => mp4Box('stco', u32(0), u32(offsets.length), ...offsets.map(u32));
const co64 = (offsets: number[]) => mp4Box('co64', u32(0), u32(offsets.length), ...offsets.map(u64));
/** A data reference: in this file (flag 1), or at a URL. */
const dinf = (inThisFile: boolean) =>
  mp4Box(
    'dinf',
    mp4Box(
      'dref',
      u32(0),
      u32(1),
      inThisFile ? mp4Box('url ', u32(1)) : mp4Box('url ', u32(0), Buffer.from('http://elsewhere/\0')),
    ),
  );
/** A track whose sample table holds only its chunk offset table (and a sample description stand-in). */
const trak = (table: Buffer, inThisFile = true) =>
  mp4Box(
    'trak',
    mp4Box('tkhd', Buffer.alloc(84)),
    mp4Box('mdia', mp4Box('minf', dinf(inThisFile), mp4Box('stbl', mp4Box('stsd', u32(0), u32(0)), table))),
  );
const moovBox = (...traks: Buffer[]) => mp4Box('moov', mp4Box('mvhd', Buffer.alloc(100)), ...traks);

/** The chunk offset tables of a movie box, track by track: their type and entries. */
function offsetTables(moov: Buffer): { type: string; offsets: number[] }[] {
  const found: { type: string; offsets: number[] }[] = [];
  const walk = (start: number, end: number) => {
    let at = start;
    while (at + 8 <= end) {
      const b = boxHeader(moov.subarray(at, at + 16), at, end);
      if (['moov', 'trak', 'mdia', 'minf', 'stbl'].includes(b.type)) walk(b.body, b.end);
      if (b.type === 'stco' || b.type === 'co64') {
        const count = moov.readUInt32BE(b.body + 4);
        const offsets = Array.from({ length: count }, (_, i) =>
          b.type === 'co64'
            ? Number(moov.readBigUInt64BE(b.body + 8 + i * 8))
            : moov.readUInt32BE(b.body + 8 + i * 4),
        );
        found.push({ type: b.type, offsets });
      }
      at = b.end;
    }
  };
  walk(0, moov.length);
  return found;
}

/** A file of `size` bytes made of a few written stretches and zeros between them (never allocated whole). */
function sparseSource(size: number, stretches: { at: number; bytes: Buffer }[]): ByteSource {
  return {
    size,
    async read(start, length) {
      const out = Buffer.alloc(Math.max(0, Math.min(length, size - start)));
      for (const { at, bytes } of stretches) {
        const from = Math.max(start, at);
        const to = Math.min(start + out.length, at + bytes.length);
        if (from < to) bytes.copy(out, from - start, from - at, to - at);
      }
      return out;
    },
  };
}

const copied = (plan: FaststartPlan) => plan.parts.map((p) => ('bytes' in p ? 'moov' : [p.start, p.end]));

describe('planFaststart on files written by hand', () => {
  test('32-bit tables that would overflow become co64, until none does; the others stay', async () => {
    const ftyp = ftypBox();
    const free = mp4Box('free', Buffer.alloc(12));
    // Media data of 4 GiB and a little, with a 64-bit size.
    const mdatStart = ftyp.length + free.length;
    const mdatBody = 2 ** 32 + 100;
    const mdatHead = Buffer.concat([u32(1), Buffer.from('mdat'), u64(16 + mdatBody)]);
    const mdatEnd = mdatStart + 16 + mdatBody;
    const near = [2 ** 32 - 10, 2 ** 32 - 1000];
    const build = (edge: number) =>
      moovBox(
        trak(stco([mdatStart + 16, mdatStart + 1016])),
        trak(co64([2 ** 32 + 50])),
        trak(stco(near)),
        trak(stco([edge])),
      );
    // The last table holds its offset after a move by the movie box as it is, not after the growth of
    // the table before it: the growth moves it past 32 bits, so it turns too.
    const size0 = build(0).length;
    const edge = 0xffffffff - size0;
    const moov = build(edge);
    const udta = mp4Box('udta', Buffer.from('after the movie'));
    const size = mdatEnd + moov.length + udta.length;
    const plan = await planFaststart(
      sparseSource(size, [
        { at: 0, bytes: Buffer.concat([ftyp, free, mdatHead]) },
        { at: mdatEnd, bytes: Buffer.concat([moov, udta]) },
      ]),
    );
    const grown = moov.length + 4 * near.length + 4;
    expect(plan.moov.length).toBe(grown);
    expect(plan.size).toBe(size + 4 * near.length + 4);
    expect(plan.moov.subarray(4, 8).toString()).toBe('moov');
    expect(plan.moov.readUInt32BE(0)).toBe(grown);
    // Every offset moved by the new movie box's size (everything between ftyp and it moved by as much).
    expect(offsetTables(plan.moov)).toEqual([
      { type: 'stco', offsets: [mdatStart + 16 + grown, mdatStart + 1016 + grown] },
      { type: 'co64', offsets: [2 ** 32 + 50 + grown] },
      { type: 'co64', offsets: near.map((o) => o + grown) },
      { type: 'co64', offsets: [edge + grown] },
    ]);
    // ftyp, the movie box, then free + mdat (one range) and udta, in their order.
    expect(copied(plan)).toEqual([
      [0, ftyp.length],
      'moov',
      [ftyp.length, mdatEnd],
      [mdatEnd + moov.length, size],
    ]);
  });

  test('a movie box of size 0 (to the end of the file) gets its size; a media box of size 0 stays last', async () => {
    const ftyp = ftypBox();
    const media = Buffer.alloc(500, 7);
    const mdat = mp4Box('mdat', media);
    const moov = moovBox(trak(stco([ftyp.length + 8, ftyp.length + 308])));
    moov.writeUInt32BE(0, 0);
    const file = Buffer.concat([ftyp, mdat, moov]);
    const plan = await planFaststart(sparseSource(file.length, [{ at: 0, bytes: file }]));
    expect(plan.moov.readUInt32BE(0)).toBe(moov.length);
    expect(offsetTables(plan.moov)).toEqual([
      { type: 'stco', offsets: [ftyp.length + 8 + moov.length, ftyp.length + 308 + moov.length] },
    ]);

    const frontMoov = moovBox(trak(stco([0])));
    const mediaAt = ftyp.length + frontMoov.length + 8;
    const atFront = Buffer.concat([ftyp, moovBox(trak(stco([mediaAt]))), u32(0), Buffer.from('mdat'), media]);
    const again = await planFaststart(sparseSource(atFront.length, [{ at: 0, bytes: atFront }]));
    expect(again.size).toBe(atFront.length);
    expect(copied(again).at(-1)).toEqual([mediaAt - 8, atFront.length]);
    expect(offsetTables(again.moov)).toEqual([{ type: 'stco', offsets: [mediaAt] }]);
  });

  test('files it cannot rewrite are refused with NotRewritable', async () => {
    const ftyp = ftypBox();
    const refused = async (file: Buffer) =>
      expect(planFaststart(sparseSource(file.length, [{ at: 0, bytes: file }]))).rejects.toBeInstanceOf(
        NotRewritable,
      );
    await refused(Buffer.concat([ftyp, mp4Box('mdat', Buffer.alloc(10))]));
    await refused(Buffer.from('a text file, no MP4 at all, long enough to look at'));
    await refused(Buffer.concat([ftyp, mp4Box('moov', mp4Box('mvex')), mp4Box('moof'), mp4Box('mdat')]));
    // A chunk offset that points at nothing the file keeps.
    await refused(Buffer.concat([ftyp, mp4Box('mdat', Buffer.alloc(10)), moovBox(trak(stco([5000])))]));
    // A track whose media is in another file.
    const elsewhere = Buffer.concat([
      ftyp,
      mp4Box('mdat', Buffer.alloc(10)),
      moovBox(trak(stco([ftyp.length + 8]), false)),
    ]);
    await expect(
      planFaststart(sparseSource(elsewhere.length, [{ at: 0, bytes: elsewhere }])),
    ).rejects.toThrow(/media is in another file/);
    // An offset table that claims more entries than it has.
    const short = stco([40]);
    short.writeUInt32BE(1000, 12);
    await refused(Buffer.concat([ftyp, mp4Box('mdat', Buffer.alloc(10)), moovBox(trak(short))]));
    // A movie box over 64 MiB.
    const big = Buffer.concat([ftyp, u32(65 * 1024 * 1024), Buffer.from('moov')]);
    await expect(
      planFaststart(sparseSource(65 * 1024 * 1024 + ftyp.length, [{ at: 0, bytes: big }])),
    ).rejects.toThrow(/movie box is \d+ bytes, over/);
  });
});

// ---------------------------------------------------------------------------------------------------
// Stored files.

/** A storage that counts its reads and can fail or abort one. */
class Watched implements FileStorage {
  reads = 0;
  bytesRead = 0;
  onCopy?: (stream: Readable) => Readable;
  constructor(readonly inner: LocalDiskStorage) {}
  put = (key: string, source: Readable) => this.inner.put(key, source);
  size = (key: string) => this.inner.size(key);
  delete = (key: string) => this.inner.delete(key);
  list = () => this.inner.list();
  removeIncomplete = (before: Date) => this.inner.removeIncomplete(before);
  read(key: string, range?: { start: number; end: number }) {
    this.reads += 1;
    const stream = this.inner.read(key, range);
    stream.on('data', (chunk: Buffer) => {
      this.bytesRead += chunk.length;
    });
    // The copy of the media reads more than one block at once.
    return range && range.end - range.start + 1 > 65536 && this.onCopy ? this.onCopy(stream) : stream;
  }
}

let dir: string;
let local: LocalDiskStorage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'skillwise-faststart-'));
  local = new LocalDiskStorage(path.join(dir, 'files'));
});
afterAll(async () => {
  local.close();
  await rm(dir, { recursive: true, force: true });
});

const storeBytes = async (storage: FileStorage, data: Buffer, extension = 'mp4') => {
  const key = newFileKey(extension);
  await storage.put(key, Readable.from([data]));
  return key;
};

/** Every file under the local storage's folder (a failed write must leave no `.partial`). */
async function filesOnDisk(): Promise<string[]> {
  const out: string[] = [];
  const root = path.join(dir, 'files');
  for (const folder of await readdir(root).catch(() => [])) {
    for (const name of await readdir(path.join(root, folder))) out.push(name);
  }
  return out;
}

describe('files that are no plain MP4', () => {
  test.each([
    ['empty', Buffer.alloc(0)],
    ['text', Buffer.from('hello, this is no video at all\n'.repeat(100))],
    ['random bytes', Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 251))],
    ['an ftyp alone', ftypBox()],
    ['media data running past the end', Buffer.concat([ftypBox(), u32(1_000_000), Buffer.from('mdat')])],
    [
      'a movie box cut short',
      Buffer.concat([ftypBox(), mp4Box('mdat', Buffer.alloc(100)), moovBox(trak(stco([40])))]).subarray(
        0,
        200,
      ),
    ],
    ['a large size cut short', Buffer.concat([ftypBox(), u32(1), Buffer.from('mdat'), Buffer.alloc(4)])],
  ])('%s: none, and writeFaststart refuses it leaving nothing', async (_, data) => {
    const key = await storeBytes(local, data);
    expect(await moovPlacement(local, key)).toBe('none');
    const target = newFileKey('mp4');
    await expect(writeFaststart(local, key, target)).rejects.toBeInstanceOf(NotRewritable);
    expect(await local.size(target)).toBeUndefined();
    await local.delete(key);
  });

  test('a missing file is an error, not an answer', async () => {
    await expect(moovPlacement(local, newFileKey('mp4'))).rejects.toThrow(/no stored file/);
  });
});

describe('a stored file written by hand, larger than one copied range', () => {
  test('is copied by several ranges, byte for byte, each chunk offset still at its bytes', async () => {
    const ftyp = ftypBox();
    const free = mp4Box('free', Buffer.alloc(8));
    const CHUNK = 64 * 1024;
    const chunks = 600; // 37.5 MiB: three ranges of 16 MiB
    const chunk = (i: number) => Buffer.alloc(CHUNK, (i * 31 + 7) % 251);
    const mdatStart = ftyp.length + free.length;
    const mdatHead = Buffer.concat([u32(8 + chunks * CHUNK), Buffer.from('mdat')]);
    const offsets = [0, 1, 255, 256, 599].map((i) => mdatStart + 8 + i * CHUNK + 100);
    const moov = moovBox(trak(stco(offsets)));
    async function* file(withMoov: Buffer | null) {
      yield ftyp;
      if (withMoov) yield withMoov;
      yield free;
      yield mdatHead;
      for (let i = 0; i < chunks; i++) yield chunk(i);
      if (!withMoov) yield moov;
    }
    const key = newFileKey('mp4');
    await local.put(key, Readable.from(file(null)));
    expect(await moovPlacement(local, key)).toBe('end');
    const target = newFileKey('mp4');
    const size = mdatStart + mdatHead.length + chunks * CHUNK + moov.length;
    expect(await writeFaststart(local, key, target)).toEqual({ bytes: size });

    // The new movie box, right after ftyp: each chunk offset moved by its size, still at the same bytes.
    const read = async (k: string, at: number, length: number) => {
      const parts: Buffer[] = [];
      for await (const part of local.read(k, { start: at, end: at + length - 1 })) parts.push(part as Buffer);
      return Buffer.concat(parts);
    };
    const moovSize = (await read(target, ftyp.length, 8)).readUInt32BE(0);
    const newMoov = await read(target, ftyp.length, moovSize);
    const moved = offsets.map((o) => o + moovSize);
    expect(offsetTables(newMoov)).toEqual([{ type: 'stco', offsets: moved }]);
    for (const [i, o] of offsets.entries()) {
      expect(await read(target, moved[i] ?? 0, 16)).toEqual(await read(key, o, 16));
    }
    // Everything else byte for byte, in its order.
    const expected = createHash('sha256');
    for await (const part of file(newMoov)) expected.update(part);
    const written = createHash('sha256');
    for await (const part of local.read(target)) written.update(part as Buffer);
    expect(written.digest('hex')).toBe(expected.digest('hex'));
    await local.delete(key);
    await local.delete(target);
  });
});

const hasFfmpeg =
  spawnSync('ffmpeg', ['-version']).status === 0 && spawnSync('ffprobe', ['-version']).status === 0;

describe.skipIf(!hasFfmpeg)('files made by ffmpeg', () => {
  const made = new Map<string, string>();
  const picture = ['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=3'];
  const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=3'];
  const video = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
  const FILES: Record<string, string[]> = {
    'end.mp4': [...picture, ...tone, ...video, '-c:a', 'aac'],
    'front.mp4': [...picture, ...tone, ...video, '-c:a', 'aac', '-movflags', '+faststart'],
    'end.mov': [...picture, ...tone, ...video, '-c:a', 'aac'],
    'audio.m4a': [...tone, '-c:a', 'aac'],
    'fragmented.mp4': [...picture, ...tone, ...video, '-c:a', 'aac', '-movflags', 'frag_keyframe+empty_moov'],
  };
  beforeAll(() => {
    for (const [name, args] of Object.entries(FILES)) {
      const file = path.join(dir, name);
      execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, file]);
      made.set(name, file);
    }
  });

  const fileOf = (name: string) => made.get(name) ?? '';
  const store = async (storage: FileStorage, name: string) => {
    const key = newFileKey(path.extname(name).slice(1));
    await storage.put(key, createReadStream(fileOf(name)));
    return key;
  };
  /** Every decoded frame's checksum, of every stream. */
  const frames = (file: string) =>
    execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-map', '0', '-f', 'framemd5', '-'], {
      maxBuffer: 64 * 1024 * 1024,
    }).toString();
  const fetched = async (storage: FileStorage, key: string) => {
    const file = path.join(dir, `fetched-${key}`);
    await pipeline(storage.read(key), createWriteStream(file));
    return file;
  };
  const MIME: Record<string, string> = { mp4: 'video/mp4', mov: 'video/quicktime', m4a: 'audio/mp4' };

  test.each([
    ['end.mp4', 'end'],
    ['front.mp4', 'front'],
    ['end.mov', 'end'],
    ['audio.m4a', 'end'],
    ['fragmented.mp4', 'none'],
  ])('%s: placement %s, found by a few small reads', async (name, placement) => {
    const watched = new Watched(local);
    const key = await store(watched, name);
    watched.reads = 0;
    watched.bytesRead = 0;
    expect(await moovPlacement(watched, key)).toBe(placement);
    const size = (await stat(fileOf(name))).size;
    expect(watched.reads).toBeLessThanOrEqual(3);
    expect(watched.bytesRead).toBeLessThan(Math.max(size / 2, 3 * 65536));
    await local.delete(key);
  });

  test.each(['end.mp4', 'front.mp4', 'end.mov', 'audio.m4a'])(
    '%s rewritten: movie box first, same size, same frames, same duration',
    async (name) => {
      const key = await store(local, name);
      const target = newFileKey(path.extname(name).slice(1));
      const size = (await stat(fileOf(name))).size;
      expect(await writeFaststart(local, key, target)).toEqual({ bytes: size });
      expect(await local.size(target)).toBe(size);
      expect(await moovPlacement(local, target)).toBe('front');
      const out = await fetched(local, target);
      expect(frames(out)).toBe(frames(fileOf(name)));
      const mime = MIME[path.extname(name).slice(1)] ?? '';
      const before = await storedMediaDuration(local, { key, mime });
      expect(before).toBeGreaterThan(2.9);
      expect(await storedMediaDuration(local, { key: target, mime })).toBe(before);
      if (name === 'end.mp4') {
        // ftyp and moov first, then the rest as it was (ffmpeg's free box before its media data).
        const data = await readFile(out);
        const types: string[] = [];
        for (let at = 0; at < data.length; at = at + data.readUInt32BE(at)) {
          types.push(data.subarray(at + 4, at + 8).toString());
        }
        expect(types).toEqual(['ftyp', 'moov', 'free', 'mdat']);
      }
      await local.delete(key);
      await local.delete(target);
    },
  );

  test('a fragmented file is refused and nothing is written', async () => {
    const key = await store(local, 'fragmented.mp4');
    const target = newFileKey('mp4');
    await expect(writeFaststart(local, key, target)).rejects.toThrow(/fragmented/);
    expect(await local.size(target)).toBeUndefined();
    await local.delete(key);
  });

  test('a read that fails while copying fails the rewrite and leaves nothing', async () => {
    const watched = new Watched(local);
    const key = await store(watched, 'end.mp4');
    const target = newFileKey('mp4');
    watched.onCopy = (stream) => {
      stream.destroy();
      async function* broken() {
        yield Buffer.alloc(1000);
        throw new Error('the disk went away');
      }
      return Readable.from(broken());
    };
    await expect(writeFaststart(watched, key, target)).rejects.toThrow('the disk went away');
    expect(await local.size(target)).toBeUndefined();
    expect(await filesOnDisk()).toEqual([key]);
    await local.delete(key);
  });

  test('an abort while copying stops the rewrite and leaves nothing', async () => {
    const watched = new Watched(local);
    const key = await store(watched, 'end.mp4');
    const target = newFileKey('mp4');
    const controller = new AbortController();
    watched.onCopy = (stream) => {
      stream.once('data', () => controller.abort());
      return stream;
    };
    await expect(writeFaststart(watched, key, target, { signal: controller.signal })).rejects.toThrow(
      /abort/i,
    );
    expect(await local.size(target)).toBeUndefined();
    expect(await filesOnDisk()).toEqual([key]);
    const aborted = new AbortController();
    aborted.abort();
    await expect(writeFaststart(local, key, target, { signal: aborted.signal })).rejects.toThrow(/abort/i);
    await local.delete(key);
  });

  describe('in an S3 bucket', () => {
    let bucket: TestBucket;
    let s3: S3Storage;
    beforeAll(async () => {
      bucket = await startTestBucket();
      const settings = testConfig(bucket.env).s3;
      if (!settings) throw new Error('the S3 settings were not read');
      s3 = new S3Storage(settings);
    });
    afterAll(async () => {
      s3.close();
      await bucket.close();
    });

    test('a file with its movie box at the end is rewritten in the bucket', async () => {
      const key = await store(s3, 'end.mp4');
      expect(await moovPlacement(s3, key)).toBe('end');
      const target = newFileKey('mp4');
      const size = (await stat(fileOf('end.mp4'))).size;
      expect(await writeFaststart(s3, key, target)).toEqual({ bytes: size });
      expect(await moovPlacement(s3, target)).toBe('front');
      expect(frames(await fetched(s3, target))).toBe(frames(fileOf('end.mp4')));
      const before = await storedMediaDuration(s3, { key, mime: 'video/mp4' });
      expect(await storedMediaDuration(s3, { key: target, mime: 'video/mp4' })).toBe(before);
    });

    test('a refused file leaves no object and no upload', async () => {
      const key = await store(s3, 'fragmented.mp4');
      const target = newFileKey('mp4');
      await expect(writeFaststart(s3, key, target)).rejects.toBeInstanceOf(NotRewritable);
      expect(await bucket.objects()).not.toContain(target);
      expect(await bucket.uploads()).toEqual([]);
    });
  });
});
