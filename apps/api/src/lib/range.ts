import { parse } from 'range-parser';

/** The byte range a `Range` header asks of a file of `size` bytes (RFC 9110 §14). */
export type RangeResult =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return { kind: 'full' };
  const asked = parse(size, header);
  // Another unit, or several ranges: serving the whole file is allowed (RFC 9110 §14.2) and simplest.
  if (asked.type !== 'bytes' || header.includes(',')) return { kind: 'full' };
  // One range, malformed (`bytes=9-1`, `bytes=x-`) or past the end (`bytes=100-` of 100 bytes): 416.
  const [range] = asked.ranges;
  return range ? { kind: 'partial', start: range.start, end: range.end } : { kind: 'unsatisfiable' };
}
