#!/usr/bin/env node
// What reading a lesson's duration costs (apps/api/src/lib/media-duration.ts): for lecture-length files
// made with ffmpeg, the reads (each one ranged GET from a bucket), the bytes and the time, against ffprobe's
// duration; and the same through music-metadata over the same cached block reader, when it is installed.
// The figures are in docs/decisions/045-media-duration-reader.md.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Reader, readMediaDuration } from '../apps/api/src/lib/media-duration.ts';
import { sniff } from '../apps/api/src/lib/sniff.ts';
import { readOptions } from './lib/cli.mjs';

const HELP = `Usage: npx tsx bench/media-duration.mjs [options]

Makes lecture-length files with ffmpeg once (bench/.cache/media-duration): an MP4 (H.264 and AAC, its
movie box at the end, as ffmpeg writes it), a WebM, MP3 with and without a Xing header, Ogg Vorbis, Opus,
FLAC and WAV. Reads each one's duration from disk by byte ranges, counting reads and bytes, and prints them
beside ffprobe's duration. With music-metadata installed (\`npm install --no-save music-metadata@12.1.0
strtok3@10.8.0\`), the same through its parseFromTokenizer on the same reader (64 KiB blocks, 16 kept).

  --mp4-minutes <n>   length of the MP4 (default 60)
  --minutes <n>       length of the other files (default 10)
  --runs <n>          timed runs per file; the median is printed (default 5)`;

const options = readOptions(HELP, {
  'mp4-minutes': { type: 'string', default: '60' },
  minutes: { type: 'string', default: '10' },
  runs: { type: 'string', default: '5' },
});
if (spawnSync('ffmpeg', ['-version']).status !== 0 || spawnSync('ffprobe', ['-version']).status !== 0) {
  console.error('ffmpeg and ffprobe are needed.');
  process.exit(2);
}

const root = path.resolve(import.meta.dirname, '..');
const CACHE = path.join(root, 'bench/.cache/media-duration');
const FIXTURES = path.join(root, 'apps/api/test/fixtures/media');
mkdirSync(CACHE, { recursive: true });
const runs = Number(options.runs);

function make(name, seconds, args) {
  const file = path.join(CACHE, `${seconds}s-${name}`);
  if (!existsSync(file)) {
    console.error(`Making ${path.basename(file)} with ffmpeg (once)...`);
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args(seconds), file]);
  }
  return file;
}
const picture = (s) => ['-f', 'lavfi', '-i', `color=c=red:s=16x16:r=25:d=${s}`];
const tone = (rate) => (s) => ['-f', 'lavfi', '-i', `sine=frequency=300:sample_rate=${rate}:duration=${s}`];
const mp4Seconds = Number(options['mp4-minutes']) * 60;
const seconds = Number(options.minutes) * 60;
const files = [
  make('lecture.mp4', mp4Seconds, (s) => [
    ...picture(s),
    ...tone(44100)(s),
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '8k'],
  ]),
  make('lecture.webm', seconds, (s) => [
    ...picture(s),
    ...tone(48000)(s),
    ...['-c:v', 'libvpx', '-b:v', '5k', '-c:a', 'libopus', '-b:a', '16k'],
  ]),
  make('lecture.mp3', seconds, (s) => [...tone(44100)(s), '-c:a', 'libmp3lame', '-b:a', '64k']),
  make('lecture-noxing.mp3', seconds, (s) => [
    ...tone(44100)(s),
    ...['-c:a', 'libmp3lame', '-b:a', '64k', '-write_xing', '0'],
  ]),
  make('lecture.ogg', seconds, (s) => [...tone(44100)(s), '-c:a', 'libvorbis']),
  make('lecture.opus', seconds, (s) => [...tone(48000)(s), '-c:a', 'libopus', '-b:a', '32k']),
  make('lecture.flac', seconds, tone(44100)),
  make('lecture.wav', seconds, tone(44100)),
];
const fixtures = (await readdir(FIXTURES)).filter((name) => !name.endsWith('.md')).sort();

/** A file on disk read by byte ranges, as LocalDiskStorage reads it; each read counted. */
async function fileSource(file) {
  const handle = await open(file, 'r');
  const stats = { reads: 0, bytes: 0 };
  const source = {
    size: (await stat(file)).size,
    async read(start, length) {
      stats.reads += 1;
      const buffer = Buffer.alloc(Math.min(length, this.size - start));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
      stats.bytes += bytesRead;
      return buffer.subarray(0, bytesRead);
    },
  };
  return { source, stats, close: () => handle.close() };
}

/** music-metadata reading through the same block reader, or undefined when it is not installed. */
async function libraryReader() {
  let mm;
  let strtok3;
  try {
    mm = await import('music-metadata');
    strtok3 = await import('strtok3');
  } catch {
    return undefined;
  }
  class RangeTokenizer extends strtok3.AbstractTokenizer {
    constructor(reader, mimeType) {
      super();
      this.reader = reader;
      this.fileInfo = { size: reader.size, mimeType };
    }
    supportsRandomAccess() {
      return true;
    }
    setPosition(position) {
      this.position = position;
    }
    async at(buffer, options, advance) {
      const wanted = this.normalizeOptions(buffer, options);
      const bytes = await this.reader.bytes(wanted.position, wanted.length);
      buffer.set(bytes);
      if (advance) this.position = wanted.position + bytes.length;
      if (!wanted.mayBeLess && bytes.length < wanted.length) throw new strtok3.EndOfStreamError();
      return bytes.length;
    }
    readBuffer(buffer, options) {
      return this.at(buffer, options, true);
    }
    peekBuffer(buffer, options) {
      return this.at(buffer, options, false);
    }
  }
  // `duration` makes it read an Ogg file's last page (without it, an Ogg file has none); mkvUseIndex lets
  // it jump over a WebM's clusters through the seek head.
  return async (source, mime) => {
    try {
      const { format } = await mm.parseFromTokenizer(new RangeTokenizer(new Reader(source), mime), {
        duration: true,
        mkvUseIndex: true,
        skipCovers: true,
      });
      const tracks = format.trackInfo.map((track) => track.duration ?? 0);
      return format.duration ?? (Math.max(0, ...tracks) || null);
    } catch (error) {
      return `error: ${error.message}`;
    }
  };
}

async function measure(file, read) {
  const head = Buffer.alloc(4100);
  const probe = await fileSource(file);
  await probe.source.read(0, 4100).then((bytes) => bytes.copy(head));
  await probe.close();
  const mime = sniff(head)?.mime ?? '';
  const times = [];
  let result;
  for (let run = 0; run < runs; run++) {
    const opened = await fileSource(file);
    const started = process.hrtime.bigint();
    const seconds = await read(opened.source, mime);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    await opened.close();
    result = { seconds, ...opened.stats };
  }
  times.sort((a, b) => a - b);
  return { ...result, ms: times[Math.floor(times.length / 2)] };
}

const probed = (file) =>
  Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file])
      .toString()
      .trim(),
  );
const library = await libraryReader();
const show = (value) =>
  typeof value === 'number' && !Number.isNaN(value) ? `${value.toFixed(3)} s` : String(value ?? 'none');
const cost = (m) =>
  `${show(m.seconds)}, ${m.reads} reads, ${(m.bytes / 1024).toFixed(0)} KiB, ${m.ms.toFixed(1)} ms`;

console.log(`file | size | ffprobe | media-duration.ts${library ? ' | music-metadata' : ''}`);
for (const file of [...files, ...fixtures.map((name) => path.join(FIXTURES, name))]) {
  const size = (await stat(file)).size;
  const ours = await measure(file, readMediaDuration);
  const theirs = library ? await measure(file, library) : undefined;
  console.log(
    [
      path.basename(file),
      size >= 1024 * 1024 ? `${(size / 1024 / 1024).toFixed(1)} MiB` : `${(size / 1024).toFixed(1)} KiB`,
      show(probed(file)),
      cost(ours),
      ...(theirs ? [cost(theirs)] : []),
    ].join(' | '),
  );
}
if (!library) console.log('\n(music-metadata is not installed: its column is left out; see --help)');
