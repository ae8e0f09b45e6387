import { addAbortSignal, Readable } from 'node:stream';
import {
  type Box,
  type ByteSource,
  boxHeader,
  children,
  Reader,
  storedSource,
  Unreadable,
} from './media-duration';
import type { FileStorage } from './storage';

/**
 * "Fast start" for MP4, M4A and QuickTime files: the movie box (moov, the index of every sample) moved in
 * front of the media data (mdat), so a player can begin after one request instead of seeking to the end
 * first. Nothing is re-encoded and no ffmpeg is needed: the boxes are copied as they are, the movie box is
 * rewritten with every chunk offset (stco, co64) moved by as much as its chunk's box moved. The file is read
 * by byte ranges; only the movie box is held in memory (up to MAX_MOOV_BYTES).
 */

/** Where a file's movie box is: before its media data, after it, or no plain MP4 at all. */
export type MoovPlacement = 'front' | 'end' | 'none';

/** The largest movie box rewritten: past this a file is refused (hours of video have a few megabytes). */
export const MAX_MOOV_BYTES = 64 * 1024 * 1024;

/** The largest range read at once while copying: long media data is copied by several requests. */
const COPY_RANGE_BYTES = 16 * 1024 * 1024;

/** The file cannot be rewritten (not a plain MP4, fragmented, damaged, a movie box too large). */
export class NotRewritable extends Error {}

/** A box type is four printable characters; anything else is not an MP4 (or the walk went astray). */
const isBoxType = (type: string) => /^[\x20-\x7e]{4}$/.test(type);

/** A fragmented movie declares its fragments in moov/mvex; its fragments (moof) carry their own offsets. */
async function isFragmented(r: Reader, moov: Box): Promise<boolean> {
  for await (const child of children(r, moov.body, moov.end)) if (child.type === 'mvex') return true;
  return false;
}

async function placementOf(source: ByteSource): Promise<MoovPlacement> {
  if (source.size <= 0) return 'none';
  const r = new Reader(source);
  try {
    let mediaSeen = false;
    for await (const top of children(r, 0, r.size)) {
      if (!isBoxType(top.type) || top.type === 'moof') return 'none';
      if (top.type === 'mdat') mediaSeen = true;
      if (top.type === 'moov') {
        if (await isFragmented(r, top)) return 'none';
        return mediaSeen ? 'end' : 'front';
      }
    }
    return 'none';
  } catch (error) {
    if (error instanceof Unreadable || error instanceof RangeError) return 'none';
    throw error;
  }
}

/**
 * Where the movie box of a stored file is: 'front' when it comes before the first media data box, 'end'
 * when after, 'none' for a file that is no MP4, a fragmented one, or one that cannot be parsed (never an
 * error for those). Reads a few small ranges, never the whole file; errors of the storage are thrown, and
 * a missing file is one.
 */
export async function moovPlacement(storage: FileStorage, key: string): Promise<MoovPlacement> {
  const size = await storage.size(key);
  if (size === undefined) throw new Error(`no stored file ${key}`);
  return placementOf(storedSource(storage, key, size));
}

// ---------------------------------------------------------------------------------------------------
// The movie box in memory: the path to the chunk offset tables (moov > trak > mdia > minf > stbl) is
// parsed, every other box kept as its bytes.

const CONTAINERS = new Set(['trak', 'mdia', 'minf', 'stbl', 'dinf']);

/**
 * Whether every data reference of a track (dinf/dref: 'url ', 'urn ', QuickTime's 'alis') says "this
 * file" (flag 1): a track whose media is in another file has offsets into that file, which must not move.
 */
function selfContained(bytes: Buffer, dref: Box): boolean {
  if (dref.end - dref.body < 8) throw new Unreadable('a dref box ends early');
  const count = bytes.readUInt32BE(dref.body + 4);
  let at = dref.body + 8;
  for (let i = 0; i < count; i++) {
    const entry = boxHeader(bytes.subarray(at, Math.min(at + 16, dref.end)), at, dref.end);
    if (entry.end - entry.body < 4 || (bytes.readUInt32BE(entry.body) & 1) === 0) return false;
    at = entry.end;
  }
  return true;
}

type OffsetTable = {
  /** The version and flags (4 bytes), written back unchanged. */
  fullBox: Buffer;
  offsets: number[];
  /** 64-bit entries: a co64 box, or an stco that must become one. */
  wide: boolean;
  /** Bytes after the entries, kept as they are. */
  rest: Buffer;
};

type MoovNode =
  | { kind: 'raw'; bytes: Buffer }
  | { kind: 'container'; type: string; largeSize: boolean; children: MoovNode[] }
  | { kind: 'offsets'; type: string; largeSize: boolean; table: OffsetTable };

function parseChildren(bytes: Buffer, start: number, end: number, tables: OffsetTable[]): MoovNode[] {
  const nodes: MoovNode[] = [];
  let at = start;
  while (at + 8 <= end) {
    const child = boxHeader(bytes.subarray(at, Math.min(at + 16, end)), at, end);
    const largeSize = child.body - child.start === 16;
    if (CONTAINERS.has(child.type)) {
      nodes.push({
        kind: 'container',
        type: child.type,
        largeSize,
        children: parseChildren(bytes, child.body, child.end, tables),
      });
    } else if (child.type === 'stco' || child.type === 'co64') {
      const wide = child.type === 'co64';
      const entry = wide ? 8 : 4;
      if (child.end - child.body < 8) throw new Unreadable(`a ${child.type} box ends early`);
      const count = bytes.readUInt32BE(child.body + 4);
      const entries = child.body + 8;
      if (entries + count * entry > child.end) throw new Unreadable(`a ${child.type} box ends early`);
      const offsets = new Array<number>(count);
      for (let i = 0; i < count; i++) {
        offsets[i] = wide
          ? Number(bytes.readBigUInt64BE(entries + i * 8))
          : bytes.readUInt32BE(entries + i * 4);
      }
      const table: OffsetTable = {
        fullBox: bytes.subarray(child.body, child.body + 4),
        offsets,
        wide,
        rest: bytes.subarray(entries + count * entry, child.end),
      };
      tables.push(table);
      nodes.push({ kind: 'offsets', type: child.type, largeSize, table });
    } else {
      if (child.type === 'mvex')
        throw new NotRewritable('a fragmented movie (its fragments keep their own offsets)');
      if (child.type === 'cmov') throw new NotRewritable('a compressed movie box');
      if (child.type === 'dref' && !selfContained(bytes, child)) {
        throw new NotRewritable('a track whose media is in another file');
      }
      nodes.push({ kind: 'raw', bytes: bytes.subarray(child.start, child.end) });
    }
    at = child.end;
  }
  // Fewer than 8 bytes left over (padding): kept.
  if (at < end) nodes.push({ kind: 'raw', bytes: bytes.subarray(at, end) });
  return nodes;
}

const headerSize = (largeSize: boolean) => (largeSize ? 16 : 8);

function nodeSize(node: MoovNode): number {
  if (node.kind === 'raw') return node.bytes.length;
  if (node.kind === 'container') {
    return node.children.reduce((sum, child) => sum + nodeSize(child), headerSize(node.largeSize));
  }
  const { table } = node;
  return headerSize(node.largeSize) + 8 + table.offsets.length * (table.wide ? 8 : 4) + table.rest.length;
}

function writeHeader(out: Buffer, at: number, type: string, size: number, largeSize: boolean): number {
  if (largeSize) {
    out.writeUInt32BE(1, at);
    out.write(type, at + 4, 'latin1');
    out.writeBigUInt64BE(BigInt(size), at + 8);
    return at + 16;
  }
  if (size > 0xffffffff) throw new NotRewritable(`box ${type} would be too large for its header`);
  out.writeUInt32BE(size, at);
  out.write(type, at + 4, 'latin1');
  return at + 8;
}

function writeNode(out: Buffer, at: number, node: MoovNode, move: (offset: number) => number): number {
  if (node.kind === 'raw') {
    node.bytes.copy(out, at);
    return at + node.bytes.length;
  }
  if (node.kind === 'container') {
    let cursor = writeHeader(out, at, node.type, nodeSize(node), node.largeSize);
    for (const child of node.children) cursor = writeNode(out, cursor, child, move);
    return cursor;
  }
  const { table } = node;
  let cursor = writeHeader(out, at, table.wide ? 'co64' : 'stco', nodeSize(node), node.largeSize);
  cursor += table.fullBox.copy(out, cursor);
  out.writeUInt32BE(table.offsets.length, cursor);
  cursor += 4;
  for (const offset of table.offsets) {
    const moved = move(offset);
    if (table.wide) {
      out.writeBigUInt64BE(BigInt(moved), cursor);
      cursor += 8;
    } else {
      out.writeUInt32BE(moved, cursor);
      cursor += 4;
    }
  }
  return cursor + table.rest.copy(out, cursor);
}

// ---------------------------------------------------------------------------------------------------
// The plan: which bytes of the file go where.

/** A part of the rewritten file: bytes of the original [start, end), or new bytes (the movie box). */
export type FaststartPart = { start: number; end: number } | { bytes: Buffer };

export type FaststartPlan = {
  /** The rewritten file's size: the original's, plus 4 bytes per chunk offset turned 64-bit. */
  size: number;
  /** The new movie box. */
  moov: Buffer;
  /** The rewritten file, in order: ftyp, the new movie box, then every other box in its original order. */
  parts: FaststartPart[];
};

/** A stretch of the original file that moves as one: `to` is where it starts in the rewritten file. */
type Piece = { start: number; end: number; to: number };

/** The top-level boxes, and any few bytes after the last one (padding), as pieces. */
async function topLevelPieces(
  r: Reader,
): Promise<{ boxes: Box[]; trailing?: { start: number; end: number } }> {
  const boxes: Box[] = [];
  let end = 0;
  for await (const top of children(r, 0, r.size)) {
    if (!isBoxType(top.type)) throw new Unreadable(`a box of type ${JSON.stringify(top.type)}`);
    boxes.push(top);
    end = top.end;
  }
  if (r.size - end >= 8) throw new Unreadable('too many boxes');
  return end < r.size ? { boxes, trailing: { start: end, end: r.size } } : { boxes };
}

/**
 * How the file read from `source` is rewritten with its movie box first. Throws NotRewritable for a file
 * that cannot be (no movie box, fragmented, damaged, a movie box over MAX_MOOV_BYTES); errors reading the
 * source are thrown as they are.
 */
export async function planFaststart(source: ByteSource): Promise<FaststartPlan> {
  try {
    const r = new Reader(source);
    const { boxes, trailing } = await topLevelPieces(r);
    const moovs = boxes.filter((b) => b.type === 'moov');
    const moovBox = moovs[0];
    if (!moovBox || moovs.length > 1)
      throw new NotRewritable(moovBox ? 'more than one movie box' : 'no movie box');
    if (boxes.some((b) => b.type === 'moof')) throw new NotRewritable('a fragmented movie');
    const moovLength = moovBox.end - moovBox.start;
    if (moovLength > MAX_MOOV_BYTES) {
      throw new NotRewritable(`the movie box is ${moovLength} bytes, over the ${MAX_MOOV_BYTES} rewritten`);
    }
    const read = await source.read(moovBox.start, moovLength);
    const moovBytes = Buffer.from(read.buffer, read.byteOffset, read.byteLength);
    if (moovBytes.length !== moovLength) throw new Unreadable('the file ends early');
    const tables: OffsetTable[] = [];
    const moov: MoovNode = {
      kind: 'container',
      type: 'moov',
      // Under MAX_MOOV_BYTES even when every offset doubles: a 32-bit size always holds it.
      largeSize: false,
      children: parseChildren(moovBytes, moovBox.body - moovBox.start, moovLength, tables),
    };

    // ftyp first, then the movie box, then the rest as it was: pieces in the original order, each with
    // where it lands.
    const ftyp = boxes.find((b) => b.type === 'ftyp');
    const ftypPiece: Piece[] = ftyp ? [{ start: ftyp.start, end: ftyp.end, to: 0 }] : [];
    const rest: Piece[] = boxes
      .filter((b) => b !== ftyp && b !== moovBox)
      .map((b) => ({ start: b.start, end: b.end, to: 0 }));
    if (trailing) rest.push({ ...trailing, to: 0 });
    const pieces = [...ftypPiece, ...rest].sort((a, b) => a.start - b.start);
    const find = (offset: number) => {
      let low = 0;
      let high = pieces.length - 1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        const piece = pieces[middle] as Piece;
        if (offset < piece.start) high = middle - 1;
        else if (offset >= piece.end) low = middle + 1;
        else return piece;
      }
      throw new NotRewritable(`a chunk offset (${offset}) points at no media data`);
    };
    const move = (offset: number) => {
      const piece = find(offset);
      return piece.to + (offset - piece.start);
    };

    // Turning a table 64-bit grows the movie box, which moves the media further: repeat until no 32-bit
    // table overflows (at most once per table).
    const ftypSize = ftyp ? ftyp.end - ftyp.start : 0;
    const layOut = (moovSize: number) => {
      let at = ftypSize + moovSize;
      for (const piece of rest) {
        piece.to = at;
        at += piece.end - piece.start;
      }
      return at;
    };
    let size = 0;
    for (;;) {
      size = layOut(nodeSize(moov));
      const overflowing = tables.filter((t) => !t.wide && t.offsets.some((o) => move(o) > 0xffffffff));
      if (overflowing.length === 0) break;
      for (const table of overflowing) table.wide = true;
    }

    const moovOut = Buffer.alloc(nodeSize(moov));
    writeNode(moovOut, 0, moov, move);

    const parts: FaststartPart[] = [];
    const copy = (start: number, end: number) => {
      const last = parts.at(-1);
      // Boxes that follow each other are read as one range.
      if (last && 'start' in last && last.end === start) last.end = end;
      else parts.push({ start, end });
    };
    if (ftyp) copy(ftyp.start, ftyp.end);
    parts.push({ bytes: moovOut });
    for (const part of rest) copy(part.start, part.end);
    return { size, moov: moovOut, parts };
  } catch (error) {
    if (error instanceof Unreadable || error instanceof RangeError) {
      throw new NotRewritable(`the file cannot be parsed: ${error.message}`);
    }
    throw error;
  }
}

/** The rewritten file's bytes: the parts in order, the copied ones read by ranges of the original. */
async function* rewritten(storage: FileStorage, key: string, parts: FaststartPart[]): AsyncGenerator<Buffer> {
  for (const part of parts) {
    if ('bytes' in part) {
      yield part.bytes;
      continue;
    }
    for (let at = part.start; at < part.end; at += COPY_RANGE_BYTES) {
      const end = Math.min(part.end, at + COPY_RANGE_BYTES);
      let read = 0;
      for await (const chunk of storage.read(key, { start: at, end: end - 1 })) {
        read += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
      if (read !== end - at) throw new Error(`${key} changed while it was being rewritten`);
    }
  }
}

/**
 * Writes the stored file `key` again under `newKey` with its movie box first: ftyp, the movie box (chunk
 * offsets moved, 32-bit tables turned 64-bit where they would overflow), then every other top-level box in
 * its original order, the media data streamed by ranges. Throws NotRewritable for a file that cannot be
 * rewritten, and the storage's own errors; on any failure or abort nothing is left under `newKey`.
 * Answers the bytes written.
 */
export async function writeFaststart(
  storage: FileStorage,
  key: string,
  newKey: string,
  options: { signal?: AbortSignal } = {},
): Promise<{ bytes: number }> {
  const { signal } = options;
  if (newKey === key) throw new Error('a file is rewritten under a new key, never over itself');
  signal?.throwIfAborted();
  const size = await storage.size(key);
  if (size === undefined) throw new Error(`no stored file ${key}`);
  const plan = await planFaststart(storedSource(storage, key, size));
  signal?.throwIfAborted();
  const body = Readable.from(rewritten(storage, key, plan.parts), { objectMode: false });
  // An abort destroys the body: the write fails and the storage removes what it had written.
  if (signal) addAbortSignal(signal, body);
  const bytes = await storage.put(newKey, body);
  if (bytes !== plan.size) {
    await storage.delete(newKey);
    throw new Error(`the rewritten ${key} has ${bytes} bytes, not ${plan.size}`);
  }
  return { bytes };
}
