import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from './storage';

/**
 * The playing time of a video or audio file, read from its own metadata in JavaScript (no ffmpeg): MP4,
 * M4A and QuickTime (the movie header), WebM and Matroska (the segment's Duration, else its last
 * cluster), MP3 (Xing/Info or VBRI header, else the constant bit rate), WAV, FLAC and Ogg (Vorbis, Opus,
 * FLAC, Speex, Theora). The file is read by byte ranges, a few blocks at most: an MP4 whose movie header
 * comes after gigabytes of media data costs two small reads, never the whole file.
 */

/** A file read by byte ranges. */
export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes from `start` (fewer only at the end of the file). */
  read(start: number, length: number): Promise<Uint8Array>;
}

/** Bytes fetched at once: one range read brings this much, later small reads come from it. */
const BLOCK = 64 * 1024;
/** Blocks kept: the parsers go back and forth over a few places of the file only. */
const CACHED_BLOCKS = 16;
/** The most one file may cost: past these the file counts as unreadable. */
const MAX_FETCHES = 64;
const MAX_FETCHED_BYTES = 8 * 1024 * 1024;
/** Longer than this is no lesson: a header saying so is damaged. */
const MAX_SECONDS = 7 * 24 * 3600;

/** The file is not what its type says, or its metadata is damaged: its duration is unknown. */
export class Unreadable extends Error {}

function fail(why: string): never {
  throw new Unreadable(why);
}

/** Reads through a small cache of aligned blocks, within the limits above. */
export class Reader {
  private readonly blocks = new Map<number, Uint8Array>();
  private fetches = 0;
  private fetched = 0;

  constructor(private readonly source: ByteSource) {}

  get size() {
    return this.source.size;
  }

  private async block(index: number): Promise<Uint8Array> {
    const cached = this.blocks.get(index);
    if (cached) {
      // Most recently used last: the first key is the one to drop.
      this.blocks.delete(index);
      this.blocks.set(index, cached);
      return cached;
    }
    this.fetches += 1;
    if (this.fetches > MAX_FETCHES || this.fetched > MAX_FETCHED_BYTES) fail('too many reads');
    const start = index * BLOCK;
    const bytes = await this.source.read(start, Math.min(BLOCK, this.size - start));
    this.fetched += bytes.length;
    this.blocks.set(index, bytes);
    if (this.blocks.size > CACHED_BLOCKS) {
      const oldest = this.blocks.keys().next().value;
      if (oldest !== undefined) this.blocks.delete(oldest);
    }
    return bytes;
  }

  /** `length` bytes from `offset`, fewer at the end of the file. */
  async bytes(offset: number, length: number): Promise<Uint8Array> {
    if (!Number.isSafeInteger(offset) || offset < 0 || length <= 0 || offset >= this.size) {
      return new Uint8Array(0);
    }
    const end = Math.min(this.size, offset + length);
    const out = new Uint8Array(end - offset);
    let at = offset;
    while (at < end) {
      const index = Math.floor(at / BLOCK);
      const block = await this.block(index);
      const from = at - index * BLOCK;
      if (from >= block.length) break;
      const take = Math.min(block.length - from, end - at);
      out.set(block.subarray(from, from + take), at - offset);
      at += take;
    }
    return at === end ? out : out.subarray(0, at - offset);
  }

  /** Exactly `length` bytes from `offset`, or the file is unreadable. */
  async exactly(offset: number, length: number): Promise<Uint8Array> {
    const bytes = await this.bytes(offset, length);
    if (bytes.length < length) fail('the file ends early');
    return bytes;
  }
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const ascii = (bytes: Uint8Array, offset: number, length: number) =>
  String.fromCharCode(...bytes.subarray(offset, offset + length));
const u64 = (data: DataView, offset: number, little = false) => Number(data.getBigUint64(offset, little));

// ---------------------------------------------------------------------------------------------------
// MP4, M4A, QuickTime: boxes of (size, type); the movie header (moov/mvhd) holds timescale and duration.

/** A box: its type, where it starts, where its body starts (after the header) and where it ends. */
export type Box = { type: string; start: number; body: number; end: number };

/**
 * The box whose header is `head` (its first 16 bytes, or fewer at the end of its parent), found at
 * `offset` in a parent that ends at `limit`: a size of 1 means a 64-bit size follows, 0 that the box runs
 * to the end of its parent.
 */
export function boxHeader(head: Uint8Array, offset: number, limit: number): Box {
  if (head.length < 8) fail('a box ends early');
  const data = view(head);
  const size32 = data.getUint32(0);
  const type = ascii(head, 4, 4);
  let size = size32;
  let body = offset + 8;
  if (size32 === 1) {
    if (head.length < 16) fail('a box ends early');
    size = u64(data, 8);
    body = offset + 16;
  } else if (size32 === 0) {
    size = limit - offset;
  }
  if (size < body - offset || offset + size > limit) fail(`box ${type} runs past its parent`);
  return { type, start: offset, body, end: offset + size };
}

async function box(r: Reader, offset: number, limit: number): Promise<Box | undefined> {
  if (offset + 8 > limit) return undefined;
  return boxHeader(await r.exactly(offset, Math.min(16, limit - offset)), offset, limit);
}

/** The boxes one after the other in [start, end) (at most 4096). */
export async function* children(r: Reader, start: number, end: number): AsyncGenerator<Box> {
  let offset = start;
  for (let count = 0; count < 4096; count++) {
    const next = await box(r, offset, end);
    if (!next) return;
    yield next;
    offset = next.end;
  }
}

/** mvhd, mdhd and mehd share their start: version, flags, then times in 32 or 64 bits. */
async function headerSeconds(r: Reader, header: Box): Promise<number | undefined> {
  const bytes = await r.exactly(header.body, Math.min(32, header.end - header.body));
  const data = view(bytes);
  const version = data.getUint8(0);
  const timescale = data.getUint32(version === 1 ? 20 : 12);
  const duration = version === 1 ? u64(data, 24) : data.getUint32(16);
  const unknown = version === 1 ? duration >= 2 ** 53 : duration === 0xffffffff;
  if (timescale === 0 || duration === 0 || unknown) return undefined;
  return duration / timescale;
}

async function mp4Duration(r: Reader): Promise<number | undefined> {
  for await (const top of children(r, 0, r.size)) {
    if (top.type !== 'moov') continue;
    let movieTimescale: number | undefined;
    let fragments: number | undefined;
    let longestTrack: number | undefined;
    for await (const child of children(r, top.body, top.end)) {
      if (child.type === 'mvhd') {
        const seconds = await headerSeconds(r, child);
        if (seconds !== undefined) return seconds;
        const head = await r.exactly(child.body, 24);
        movieTimescale = view(head).getUint32(head[0] === 1 ? 20 : 12);
      } else if (child.type === 'mvex') {
        // A fragmented file: the whole length, when the writer knew it, is in mehd.
        for await (const inner of children(r, child.body, child.end)) {
          if (inner.type !== 'mehd' || !movieTimescale) continue;
          const head = await r.exactly(inner.body, 12);
          const value = head[0] === 1 ? u64(view(head), 4) : view(head).getUint32(4);
          if (value > 0) fragments = value / movieTimescale;
        }
      } else if (child.type === 'trak') {
        for await (const media of children(r, child.body, child.end)) {
          if (media.type !== 'mdia') continue;
          for await (const inner of children(r, media.body, media.end)) {
            if (inner.type !== 'mdhd') continue;
            const seconds = await headerSeconds(r, inner);
            if (seconds !== undefined) longestTrack = Math.max(longestTrack ?? 0, seconds);
          }
        }
      }
    }
    return fragments ?? longestTrack;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// WebM and Matroska: EBML elements of (id, size); Segment > Info holds TimecodeScale and Duration.

const EBML = {
  header: 0x1a45dfa3,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  seek: 0x4dbb,
  seekId: 0x53ab,
  seekPosition: 0x53ac,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  blockDuration: 0x9b,
} as const;

type Element = { id: number; body: number; end: number | undefined };

/** An element id (its length marker kept, as the specification writes ids) and its length in bytes. */
function readId(bytes: Uint8Array, at: number): { id: number; length: number } | undefined {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  const length = first >= 0x80 ? 1 : first >= 0x40 ? 2 : first >= 0x20 ? 3 : first >= 0x10 ? 4 : 0;
  if (length === 0 || at + length > bytes.length) return undefined;
  let id = 0;
  for (let i = 0; i < length; i++) id = id * 256 + (bytes[at + i] ?? 0);
  return { id, length };
}

/** A size (a variable-length integer, marker removed); undefined value when it says "unknown". */
function readSize(bytes: Uint8Array, at: number): { value: number | undefined; length: number } | undefined {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  let length = 1;
  while (length <= 8 && (first & (0x80 >> (length - 1))) === 0) length++;
  if (length > 8 || at + length > bytes.length) return undefined;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const b = bytes[at + i] ?? 0;
    value = value * 256 + b;
    if (b !== 0xff) allOnes = false;
  }
  return { value: allOnes ? undefined : value, length };
}

function parseElement(bytes: Uint8Array, at: number, base: number): Element | undefined {
  const id = readId(bytes, at);
  if (!id) return undefined;
  const size = readSize(bytes, at + id.length);
  if (!size) return undefined;
  const body = base + at + id.length + size.length;
  return { id: id.id, body, end: size.value === undefined ? undefined : body + size.value };
}

async function element(r: Reader, offset: number): Promise<Element | undefined> {
  const head = await r.bytes(offset, 12);
  return parseElement(head, 0, offset);
}

const readUint = (bytes: Uint8Array) => bytes.reduce((value, b) => value * 256 + b, 0);

function readFloat(bytes: Uint8Array): number | undefined {
  if (bytes.length === 4) return view(bytes).getFloat32(0);
  if (bytes.length === 8) return view(bytes).getFloat64(0);
  return undefined;
}

async function elementBytes(r: Reader, el: Element, max: number): Promise<Uint8Array> {
  const end = el.end ?? fail('an element of unknown size');
  if (end - el.body > max) fail('an element is larger than expected');
  return r.exactly(el.body, end - el.body);
}

/** The elements inside `bytes` (a parent read whole), as offsets into it. */
function* inside(bytes: Uint8Array): Generator<{ id: number; data: Uint8Array }> {
  let at = 0;
  while (at < bytes.length) {
    const el = parseElement(bytes, at, 0);
    if (!el || el.end === undefined || el.end > bytes.length) return;
    yield { id: el.id, data: bytes.subarray(el.body, el.end) };
    at = el.end;
  }
}

async function matroskaDuration(r: Reader): Promise<number | undefined> {
  const header = await element(r, 0);
  if (header?.id !== EBML.header || header.end === undefined) fail('no EBML header');
  const segment = await element(r, header.end);
  if (segment?.id !== EBML.segment) fail('no segment');
  const segmentEnd = Math.min(segment.end ?? r.size, r.size);
  let scale = 1_000_000;
  let infoAt: number | undefined;
  let offset = segment.body;
  for (let count = 0; count < 256 && offset < segmentEnd; count++) {
    const el = await element(r, offset);
    if (!el) break;
    if (el.id === EBML.info) {
      let duration: number | undefined;
      for (const child of inside(await elementBytes(r, el, 64 * 1024))) {
        if (child.id === EBML.timecodeScale) scale = readUint(child.data) || scale;
        if (child.id === EBML.duration) duration = readFloat(child.data);
      }
      if (duration !== undefined && duration > 0) return (duration * scale) / 1e9;
      break;
    }
    if (el.id === EBML.seekHead) {
      for (const seek of inside(await elementBytes(r, el, 64 * 1024))) {
        if (seek.id !== EBML.seek) continue;
        let id: number | undefined;
        let position: number | undefined;
        for (const field of inside(seek.data)) {
          if (field.id === EBML.seekId) id = readUint(field.data);
          if (field.id === EBML.seekPosition) position = readUint(field.data);
        }
        if (id === EBML.info && position !== undefined) infoAt = segment.body + position;
      }
    }
    if (el.id === EBML.cluster || el.end === undefined) {
      // The media begins: the Info is elsewhere (the seek head says where), or missing.
      if (infoAt === undefined || infoAt === offset) break;
      offset = infoAt;
      infoAt = undefined;
      continue;
    }
    offset = el.end;
  }
  // No Duration (a live recording, such as a browser's MediaRecorder writes): the last cluster's time.
  return lastClusterSeconds(r, scale);
}

/** The time of the last block in the file, from the clusters in its last megabyte. */
async function lastClusterSeconds(r: Reader, scale: number): Promise<number | undefined> {
  const length = Math.min(r.size, 1024 * 1024);
  const tail = await r.bytes(r.size - length, length);
  for (let at = tail.length - 4; at >= 0; at--) {
    if (tail[at] !== 0x1f || tail[at + 1] !== 0x43 || tail[at + 2] !== 0xb6 || tail[at + 3] !== 0x75)
      continue;
    const cluster = parseElement(tail, at, 0);
    if (!cluster) continue;
    const end = Math.min(cluster.end ?? tail.length, tail.length);
    let clusterTime: number | undefined;
    let last = 0;
    let cursor = cluster.body;
    while (cursor < end) {
      const child = parseElement(tail, cursor, 0);
      if (!child || child.end === undefined || child.end > end) break;
      const data = tail.subarray(child.body, child.end);
      if (child.id === EBML.timecode) clusterTime = readUint(data);
      if (child.id === EBML.simpleBlock) last = Math.max(last, blockTime(data) ?? 0);
      if (child.id === EBML.blockGroup) {
        let time: number | undefined;
        let duration = 0;
        for (const inner of inside(data)) {
          if (inner.id === EBML.block) time = blockTime(inner.data);
          if (inner.id === EBML.blockDuration) duration = readUint(inner.data);
        }
        if (time !== undefined) last = Math.max(last, time + duration);
      }
      cursor = child.end;
    }
    // A match inside media data is no cluster: a real one starts with its time.
    if (clusterTime === undefined) continue;
    return ((clusterTime + last) * scale) / 1e9;
  }
  return undefined;
}

/** A block's time relative to its cluster: after the track number, a signed 16-bit value. */
function blockTime(data: Uint8Array): number | undefined {
  const track = readSize(data, 0);
  if (!track || data.length < track.length + 2) return undefined;
  return view(data).getInt16(track.length);
}

// ---------------------------------------------------------------------------------------------------
// MP3: after ID3v2 tags, MPEG audio frames; the first may be a Xing/Info or VBRI header with the frame
// count, else the stream is taken as constant bit rate.

const BITRATES: Record<string, number[]> = {
  '1-1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  '2-3': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = {
  1: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  2.5: [11025, 12000, 8000],
};

type Frame = {
  version: 1 | 2 | 2.5;
  layer: 1 | 2 | 3;
  bitrate: number;
  sampleRate: number;
  mono: boolean;
  length: number;
  samples: number;
};

function frameHeader(bytes: Uint8Array, at: number): Frame | undefined {
  const b1 = bytes[at + 1] ?? 0;
  const b2 = bytes[at + 2] ?? 0;
  const b3 = bytes[at + 3] ?? 0;
  if (bytes[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return undefined;
  const versionBits = (b1 >> 3) & 3;
  const layerBits = (b1 >> 1) & 3;
  if (versionBits === 1 || layerBits === 0) return undefined;
  const version = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 2.5;
  const layer = (4 - layerBits) as 1 | 2 | 3;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return undefined;
  const bitrate = (BITRATES[`${version === 1 ? 1 : 2}-${layer}`]?.[bitrateIndex] ?? 0) * 1000;
  const sampleRate = SAMPLE_RATES[version]?.[rateIndex] ?? 0;
  if (!bitrate || !sampleRate) return undefined;
  const padding = (b2 >> 1) & 1;
  const samples = layer === 1 ? 384 : layer === 2 || version === 1 ? 1152 : 576;
  const length =
    layer === 1
      ? (Math.floor((12 * bitrate) / sampleRate) + padding) * 4
      : Math.floor((samples / 8) * (bitrate / sampleRate)) + padding;
  return { version, layer, bitrate, sampleRate, mono: b3 >> 6 === 3, length, samples };
}

async function mp3Duration(r: Reader): Promise<number | undefined> {
  // ID3v2 tags (there may be several), each 10 bytes of header, a synchsafe size and an optional footer.
  let offset = 0;
  for (let count = 0; count < 8; count++) {
    const head = await r.bytes(offset, 10);
    if (head.length < 10 || ascii(head, 0, 3) !== 'ID3') break;
    const size = head.subarray(6, 10).reduce((value, b) => value * 128 + (b & 0x7f), 0);
    offset += 10 + size + ((head[5] ?? 0) & 0x10 ? 10 : 0);
  }
  // The first frame: its header, confirmed by the next frame's.
  const window = await r.bytes(offset, 64 * 1024);
  let frame: Frame | undefined;
  let at = 0;
  for (; at + 4 <= window.length; at++) {
    const candidate = frameHeader(window, at);
    if (!candidate) continue;
    const next = at + candidate.length;
    if (next + 4 <= window.length && !frameHeader(window, next)) continue;
    frame = candidate;
    break;
  }
  if (!frame) return undefined;
  const start = offset + at;
  const first = await r.bytes(start, 200);
  const sideInfo = frame.version === 1 ? (frame.mono ? 17 : 32) : frame.mono ? 9 : 17;
  const xingAt = 4 + sideInfo;
  const tag = ascii(first, xingAt, 4);
  if ((tag === 'Xing' || tag === 'Info') && first.length >= xingAt + 12) {
    const flags = view(first).getUint32(xingAt + 4);
    if (flags & 1) {
      const frames = view(first).getUint32(xingAt + 8);
      if (frames > 0) return (frames * frame.samples) / frame.sampleRate;
    }
  }
  if (ascii(first, 36, 4) === 'VBRI' && first.length >= 36 + 18) {
    const frames = view(first).getUint32(36 + 14);
    if (frames > 0) return (frames * frame.samples) / frame.sampleRate;
  }
  // Constant bit rate: the audio bytes over the bytes per second, an ID3v1 tag at the end left out.
  const end = r.size >= 128 && ascii(await r.bytes(r.size - 128, 3), 0, 3) === 'TAG' ? r.size - 128 : r.size;
  return ((end - start) * 8) / frame.bitrate;
}

// ---------------------------------------------------------------------------------------------------
// WAV: RIFF chunks; the data chunk's size over the format's bytes per second.

async function wavDuration(r: Reader): Promise<number | undefined> {
  const riff = await r.exactly(0, 12);
  if (ascii(riff, 0, 4) !== 'RIFF' || ascii(riff, 8, 4) !== 'WAVE') fail('no RIFF WAVE header');
  let byteRate: number | undefined;
  let offset = 12;
  for (let count = 0; count < 64 && offset + 8 <= r.size; count++) {
    const head = await r.exactly(offset, 8);
    const id = ascii(head, 0, 4);
    const size = view(head).getUint32(4, true);
    if (id === 'fmt ') byteRate = view(await r.exactly(offset + 8, 12)).getUint32(8, true);
    if (id === 'data') {
      if (!byteRate) return undefined;
      // A writer that could not go back (a stream) leaves the size 0 or unset: the data runs to the end.
      const available = r.size - (offset + 8);
      const bytes = size === 0 || size === 0xffffffff || size > available ? available : size;
      return bytes / byteRate;
    }
    offset += 8 + size + (size % 2);
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// FLAC: the STREAMINFO block holds the sample rate and the number of samples.

function streamInfoSeconds(info: Uint8Array): number | undefined {
  if (info.length < 18) return undefined;
  const data = view(info);
  const sampleRate = (data.getUint8(10) << 12) | (data.getUint8(11) << 4) | (data.getUint8(12) >> 4);
  const samples = (data.getUint8(13) & 0x0f) * 2 ** 32 + data.getUint32(14);
  return sampleRate > 0 && samples > 0 ? samples / sampleRate : undefined;
}

async function flacDuration(r: Reader): Promise<number | undefined> {
  const head = await r.exactly(0, 8 + 34);
  if (ascii(head, 0, 4) !== 'fLaC' || ((head[4] ?? 0) & 0x7f) !== 0) fail('no STREAMINFO');
  return streamInfoSeconds(head.subarray(8));
}

// ---------------------------------------------------------------------------------------------------
// Ogg: pages carry a granule position per logical stream; the last page's, in the stream's own units
// (samples, or frames for Theora), over the rate its first packet gives.

type OggPage = { flags: number; granule: bigint; serial: number; body: number; end: number };

function oggPage(bytes: Uint8Array, at: number): OggPage | undefined {
  if (at + 27 > bytes.length || ascii(bytes, at, 4) !== 'OggS' || bytes[at + 4] !== 0) return undefined;
  const data = view(bytes);
  const segments = bytes[at + 26] ?? 0;
  if (at + 27 + segments > bytes.length) return undefined;
  let length = 0;
  for (let i = 0; i < segments; i++) length += bytes[at + 27 + i] ?? 0;
  const body = at + 27 + segments;
  return {
    flags: bytes[at + 5] ?? 0,
    granule: data.getBigInt64(at + 6, true),
    serial: data.getUint32(at + 14, true),
    body,
    end: body + length,
  };
}

type OggStream = { audio: boolean; seconds: (granule: bigint) => number | undefined };

function oggStream(packet: Uint8Array): OggStream | undefined {
  const data = view(packet);
  if (packet.length >= 16 && packet[0] === 1 && ascii(packet, 1, 6) === 'vorbis') {
    const rate = data.getUint32(12, true);
    return { audio: true, seconds: (g) => (rate ? Number(g) / rate : undefined) };
  }
  if (packet.length >= 12 && ascii(packet, 0, 8) === 'OpusHead') {
    const preSkip = data.getUint16(10, true);
    return { audio: true, seconds: (g) => (Number(g) - preSkip) / 48000 };
  }
  if (packet.length >= 51 && packet[0] === 0x7f && ascii(packet, 1, 4) === 'FLAC') {
    const rate = (data.getUint8(27) << 12) | (data.getUint8(28) << 4) | (data.getUint8(29) >> 4);
    return { audio: true, seconds: (g) => (rate ? Number(g) / rate : undefined) };
  }
  if (packet.length >= 40 && ascii(packet, 0, 8) === 'Speex   ') {
    const rate = data.getUint32(36, true);
    return { audio: true, seconds: (g) => (rate ? Number(g) / rate : undefined) };
  }
  if (packet.length >= 42 && packet[0] === 0x80 && ascii(packet, 1, 6) === 'theora') {
    const revision = data.getUint8(9);
    const numerator = data.getUint32(22);
    const denominator = data.getUint32(26);
    const shift = BigInt(((data.getUint8(40) & 0x03) << 3) | (data.getUint8(41) >> 5));
    return {
      audio: false,
      seconds: (g) => {
        if (!numerator) return undefined;
        // Key frame number and frames since it; before version 3.2.1 the count started at 0.
        const frames = (g >> shift) + (g & ((1n << shift) - 1n)) + (revision < 1 ? 1n : 0n);
        return (Number(frames) * denominator) / numerator;
      },
    };
  }
  return undefined;
}

async function oggDuration(r: Reader): Promise<number | undefined> {
  // Every stream begins with a page flagged "beginning of stream"; those pages all come first.
  const streams = new Map<number, OggStream>();
  let offset = 0;
  for (let count = 0; count < 16; count++) {
    const head = await r.bytes(offset, 27 + 255 + 512);
    const page = oggPage(head, 0);
    if (!page || !(page.flags & 0x02)) break;
    const stream = oggStream(head.subarray(page.body, Math.min(page.end, head.length)));
    if (stream) streams.set(page.serial, stream);
    offset += page.end;
  }
  const chosen =
    [...streams.entries()].find(([, stream]) => stream.audio) ?? [...streams.entries()][0] ?? undefined;
  if (!chosen) return undefined;
  const [serial, stream] = chosen;
  // The stream's last page with a granule position, found from the end (a page is at most 64 KiB; audio
  // pages may sit further back behind a video stream's).
  for (let length = 64 * 1024; ; length *= 4) {
    const size = Math.min(length, r.size);
    const tail = await r.bytes(r.size - size, size);
    for (let at = tail.length - 27; at >= 0; at--) {
      if (tail[at] !== 0x4f || tail[at + 1] !== 0x67 || tail[at + 2] !== 0x67 || tail[at + 3] !== 0x53)
        continue;
      const page = oggPage(tail, at);
      if (!page || page.serial !== serial || page.granule < 0n) continue;
      return stream.seconds(page.granule);
    }
    if (size === r.size || length >= 1024 * 1024) return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------

const PARSERS: Record<string, (r: Reader) => Promise<number | undefined>> = {
  'video/mp4': mp4Duration,
  'video/quicktime': mp4Duration,
  'audio/mp4': mp4Duration,
  'video/webm': matroskaDuration,
  'video/x-matroska': matroskaDuration,
  'audio/mpeg': mp3Duration,
  'audio/wav': wavDuration,
  'audio/flac': flacDuration,
  'audio/ogg': oggDuration,
  'video/ogg': oggDuration,
};

/** Whether files of this (sniffed) MIME type have a duration this module reads. */
export const hasReadableDuration = (mime: string | null | undefined): boolean =>
  mime !== null && mime !== undefined && mime in PARSERS;

/**
 * The duration in seconds of a file of this sniffed MIME type, or null when it has none or it cannot be
 * read (an unknown type, damaged metadata, a header that does not say). Errors reading the source
 * itself (a failed range request) are thrown.
 */
export async function readMediaDuration(source: ByteSource, mime: string): Promise<number | null> {
  const parse = PARSERS[mime];
  if (!parse || source.size <= 0) return null;
  try {
    const seconds = await parse(new Reader(source));
    return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 && seconds <= MAX_SECONDS
      ? seconds
      : null;
  } catch (error) {
    if (error instanceof Unreadable || error instanceof RangeError) return null;
    throw error;
  }
}

/** A stored file as a byte source: each range is one ranged read (a file read on disk, a ranged GET). */
export function storedSource(storage: FileStorage, key: string, size: number): ByteSource {
  return {
    size,
    async read(start, length) {
      const chunks: Buffer[] = [];
      for await (const chunk of storage.read(key, { start, end: start + length - 1 })) {
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks);
    },
  };
}

/**
 * The duration of a stored lesson file, for the upload paths and the pass over older lessons: null
 * for files without one (PDF, text, images) and for any file it cannot read, never an error, so no
 * upload fails for it. A failed read of the storage is logged.
 */
export async function storedMediaDuration(
  storage: FileStorage,
  file: { key: string; mime: string | null; size?: number | null | undefined },
  log?: FastifyBaseLogger,
): Promise<number | null> {
  if (!file.mime || !hasReadableDuration(file.mime)) return null;
  try {
    const size = file.size ?? (await storage.size(file.key));
    if (!size) return null;
    return await readMediaDuration(storedSource(storage, file.key, size), file.mime);
  } catch (error) {
    log?.warn({ err: error, key: file.key }, 'the duration of a media file could not be read');
    return null;
  }
}
