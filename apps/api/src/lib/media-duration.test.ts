import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fixtures } from '../../test/uploads';
import { type ByteSource, readMediaDuration, storedMediaDuration } from './media-duration';
import { sniff } from './sniff';
import { LocalDiskStorage, newFileKey } from './storage';

const FIXTURES = path.join(import.meta.dirname, '../../test/fixtures/media');

/** A file in memory as a byte source that counts what it is asked for. */
function memorySource(data: Uint8Array) {
  const stats = { reads: 0, bytes: 0 };
  const source: ByteSource = {
    size: data.length,
    async read(start, length) {
      stats.reads += 1;
      const bytes = data.subarray(start, start + length);
      stats.bytes += bytes.length;
      return bytes;
    },
  };
  return { source, stats };
}

async function durationOf(name: string) {
  const data = await readFile(path.join(FIXTURES, name));
  const found = sniff(data.subarray(0, 4100));
  if (!found) throw new Error(`${name} is not recognised`);
  const { source, stats } = memorySource(data);
  return { seconds: await readMediaDuration(source, found.mime), mime: found.mime, stats, size: data.length };
}

describe('readMediaDuration on real files (ffmpeg-made fixtures, test/fixtures/media)', () => {
  test.each([
    ['video.mp4', 'video/mp4', 3],
    ['video-faststart.mp4', 'video/mp4', 3],
    ['video.mov', 'video/quicktime', 3],
    ['audio.m4a', 'audio/mp4', 3],
    ['video.webm', 'video/webm', 3.008],
    ['video.mkv', 'video/x-matroska', 3.138],
    ['video.ogv', 'video/ogg', 3],
    ['audio-cbr.mp3', 'audio/mpeg', 3.168],
    ['audio-vbr.mp3', 'audio/mpeg', 3.168],
    ['audio-noxing.mp3', 'audio/mpeg', 3.168],
    ['audio.wav', 'audio/wav', 3],
    ['audio.flac', 'audio/flac', 3],
    ['audio.ogg', 'audio/ogg', 3],
    ['audio.opus', 'audio/ogg', 3],
  ])('%s (%s) lasts %s s', async (name, mime, expected) => {
    const { seconds, mime: sniffed } = await durationOf(name);
    expect(sniffed).toBe(mime);
    expect(seconds).toBeCloseTo(expected, 2);
  });

  test('a WebM without a Duration (a live recording) is timed by its last cluster', async () => {
    const { seconds } = await durationOf('live.webm');
    // The last block starts one audio frame before the end.
    expect(seconds).toBeGreaterThan(2.95);
    expect(seconds).toBeLessThanOrEqual(3.01);
  });

  test('each of these small files costs one read', async () => {
    for (const name of ['video.mp4', 'video.webm', 'audio-cbr.mp3', 'audio.ogg']) {
      expect((await durationOf(name)).stats.reads).toBe(1);
    }
  });
});

describe('bounded reads', () => {
  /**
   * An MP4 of `mediaBytes` of media data with its movie header at the end (not "faststart"), served
   * without ever existing in memory: ftyp, a 64-bit mdat of zeros, then the fixture's moov.
   */
  async function hugeMp4(mediaBytes: number) {
    const fixture = await readFile(path.join(FIXTURES, 'video.mp4'));
    const boxes = new Map<string, Buffer>();
    for (let at = 0; at < fixture.length; ) {
      const size = fixture.readUInt32BE(at);
      boxes.set(fixture.toString('latin1', at + 4, at + 8), fixture.subarray(at, at + size));
      at += size;
    }
    const ftyp = boxes.get('ftyp');
    const moov = boxes.get('moov');
    if (!ftyp || !moov) throw new Error('the fixture has no ftyp or moov');
    const mdatHead = Buffer.alloc(16);
    mdatHead.writeUInt32BE(1, 0);
    mdatHead.write('mdat', 4, 'latin1');
    mdatHead.writeBigUInt64BE(BigInt(16 + mediaBytes), 8);
    const parts: Buffer[] = [ftyp, mdatHead];
    const moovAt = ftyp.length + 16 + mediaBytes;
    const size = moovAt + moov.length;
    const stats = { reads: 0, bytes: 0 };
    const source: ByteSource = {
      size,
      async read(start, length) {
        stats.reads += 1;
        const end = Math.min(size, start + length);
        const out = Buffer.alloc(end - start);
        const head = Buffer.concat(parts);
        for (let at = start; at < end; at++) {
          if (at < head.length) out[at - start] = head[at] ?? 0;
          else if (at >= moovAt) out[at - start] = moov[at - moovAt] ?? 0;
        }
        stats.bytes += out.length;
        return out;
      },
    };
    return { source, stats };
  }

  test('an MP4 with its movie header after 4 GiB of media is read in two small reads', async () => {
    const { source, stats } = await hugeMp4(4 * 1024 ** 3);
    expect(await readMediaDuration(source, 'video/mp4')).toBeCloseTo(3, 3);
    expect(stats.reads).toBe(2);
    expect(stats.bytes).toBeLessThan(256 * 1024);
  });

  test('a file with no movie header among endless boxes stops within the read budget, answering null', async () => {
    // 10 GiB of 1 MiB "free" boxes: every box header is in a block of its own.
    const MIB = 1024 * 1024;
    const stats = { reads: 0, bytes: 0 };
    const source: ByteSource = {
      size: 10 * 1024 * MIB,
      async read(start, length) {
        stats.reads += 1;
        stats.bytes += length;
        const out = Buffer.alloc(length);
        for (let box = Math.ceil(start / MIB) * MIB; box + 8 <= start + length; box += MIB) {
          out.writeUInt32BE(MIB, box - start);
          out.write(box === 0 ? 'ftyp' : 'free', box - start + 4, 'latin1');
        }
        return out;
      },
    };
    expect(await readMediaDuration(source, 'video/mp4')).toBeNull();
    expect(stats.reads).toBeLessThanOrEqual(64);
    expect(stats.bytes).toBeLessThanOrEqual(64 * 64 * 1024);
  });
});

describe('files without a readable duration answer null, never an error', () => {
  test.each([
    ['random bytes after an MP4 signature', fixtures.mp4(), 'video/mp4'],
    ['random bytes after an ID3 tag', fixtures.mp3(), 'audio/mpeg'],
    ['a PDF', fixtures.pdf(), 'application/pdf'],
    ['an empty file', Buffer.alloc(0), 'video/mp4'],
  ])('%s', async (_name, data, mime) => {
    expect(await readMediaDuration(memorySource(data).source, mime)).toBeNull();
  });

  test.each(['video.mp4', 'video.webm', 'audio-vbr.mp3', 'audio.wav', 'audio.flac', 'audio.ogg'])(
    '%s cut in half or with its header damaged',
    async (name) => {
      const data = await readFile(path.join(FIXTURES, name));
      const mime = sniff(data.subarray(0, 4100))?.mime ?? '';
      const half = data.subarray(0, Math.floor(data.length / 2));
      const answer = await readMediaDuration(memorySource(half).source, mime);
      // Half a file may still carry its header (a duration) or not (null); it never throws.
      expect(answer === null || answer > 0).toBe(true);
      const damaged = Buffer.from(data);
      damaged.fill(0xff, 4, 64);
      const broken = await readMediaDuration(memorySource(damaged).source, mime);
      expect(broken === null || broken > 0).toBe(true);
    },
  );

  test('a header claiming an absurd length is not believed', async () => {
    const data = Buffer.from(await readFile(path.join(FIXTURES, 'video-faststart.mp4')));
    const mvhd = data.indexOf('mvhd', 0, 'latin1');
    // Version 0: the timescale 12 bytes into the box's body (4 bytes after its type), the duration after it.
    data.writeUInt32BE(1, mvhd + 4 + 12);
    data.writeUInt32BE(2_000_000_000, mvhd + 4 + 16);
    expect(await readMediaDuration(memorySource(data).source, 'video/mp4')).toBeNull();
    data.writeUInt32BE(5400, mvhd + 4 + 16);
    expect(await readMediaDuration(memorySource(data).source, 'video/mp4')).toBe(5400);
  });
});

describe('storedMediaDuration (the upload paths and the pass over older lessons)', () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'skillwise-duration-'));
    storage = new LocalDiskStorage(root);
  });
  afterAll(async () => rm(root, { recursive: true, force: true }));

  const store = async (name: string) => {
    const data = await readFile(path.join(FIXTURES, name));
    const key = newFileKey(path.extname(name).slice(1));
    await storage.put(key, Readable.from([data]));
    return { key, size: data.length };
  };

  test('reads a stored file by ranges, with or without its size known', async () => {
    const { key, size } = await store('video.mp4');
    expect(await storedMediaDuration(storage, { key, mime: 'video/mp4', size })).toBeCloseTo(3, 3);
    expect(await storedMediaDuration(storage, { key, mime: 'video/mp4' })).toBeCloseTo(3, 3);
  });

  test('null for kinds without a duration, without reading them', async () => {
    let reads = 0;
    const counting = Object.assign(Object.create(storage) as LocalDiskStorage, {
      read: (...args: Parameters<LocalDiskStorage['read']>) => {
        reads += 1;
        return storage.read(...args);
      },
    });
    const { key, size } = await store('audio.wav');
    expect(await storedMediaDuration(counting, { key, mime: 'application/pdf', size })).toBeNull();
    expect(await storedMediaDuration(counting, { key, mime: null, size })).toBeNull();
    expect(reads).toBe(0);
  });

  test('a missing file or a failing storage gives null and a warning, never an error', async () => {
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as never;
    expect(await storedMediaDuration(storage, { key: newFileKey('mp4'), mime: 'video/mp4' }, log)).toBeNull();
    expect(
      await storedMediaDuration(storage, { key: newFileKey('mp4'), mime: 'video/mp4', size: 5000 }, log),
    ).toBeNull();
    expect(warnings).toHaveLength(1);
  });
});

const hasFfmpeg =
  spawnSync('ffmpeg', ['-version']).status === 0 && spawnSync('ffprobe', ['-version']).status === 0;

describe.skipIf(!hasFfmpeg)('longer files made by ffmpeg now, against ffprobe', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'skillwise-ffmpeg-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const make = (name: string, args: string[]) => {
    const file = path.join(dir, name);
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, file]);
    const probed = Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file])
        .toString()
        .trim(),
    );
    return { file, probed };
  };
  const picture = ['-f', 'lavfi', '-i', 'color=c=red:s=16x16:r=1:d=434'];
  const tone = ['-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=8000:duration=434'];

  test.each([
    [
      'lecture.mp4',
      [...picture, ...tone, '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '8k'],
    ],
    ['lecture.webm', [...picture, ...tone, '-c:v', 'libvpx', '-b:v', '5k', '-c:a', 'libopus', '-b:a', '6k']],
    ['lecture.mp3', [...tone, '-c:a', 'libmp3lame', '-b:a', '8k']],
    ['lecture.ogg', [...tone, '-c:a', 'libvorbis']],
  ])(
    '%s (7 min 14 s)',
    async (name, args) => {
      const { file, probed } = make(name, args);
      const data = await readFile(file);
      const mime = sniff(data.subarray(0, 4100))?.mime ?? '';
      const { source, stats } = memorySource(data);
      const seconds = await readMediaDuration(source, mime);
      expect(seconds).not.toBeNull();
      expect(Math.abs((seconds ?? 0) - probed)).toBeLessThan(0.1);
      expect(stats.reads).toBeLessThanOrEqual(4);
    },
    120_000,
  );
});
