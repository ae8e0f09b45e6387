import { expect, test } from 'vitest';
import { parseRange } from './range';

test.each([
  [undefined, 100, { kind: 'full' }],
  ['bytes=0-9', 100, { kind: 'partial', start: 0, end: 9 }],
  ['bytes=90-', 100, { kind: 'partial', start: 90, end: 99 }],
  ['bytes=90-500', 100, { kind: 'partial', start: 90, end: 99 }],
  ['bytes=-10', 100, { kind: 'partial', start: 90, end: 99 }],
  ['bytes=-500', 100, { kind: 'partial', start: 0, end: 99 }],
  ['bytes=0-0', 1, { kind: 'partial', start: 0, end: 0 }],
  ['bytes=100-', 100, { kind: 'unsatisfiable' }],
  ['bytes=9-1', 100, { kind: 'unsatisfiable' }],
  ['bytes=-0', 100, { kind: 'unsatisfiable' }],
  ['bytes=-10', 0, { kind: 'unsatisfiable' }],
  ['bytes=0-', 0, { kind: 'unsatisfiable' }],
  ['bytes=x-y', 100, { kind: 'unsatisfiable' }],
  ['bytes=-', 100, { kind: 'unsatisfiable' }],
  ['bytes=', 100, { kind: 'unsatisfiable' }],
  ['bytes=0-1,5-6', 100, { kind: 'full' }],
  ['bytes=0-1,x', 100, { kind: 'full' }],
  ['items=0-1', 100, { kind: 'full' }],
  ['0-1', 100, { kind: 'full' }],
])('Range %s of %i bytes', (header, size, expected) => {
  expect(parseRange(header, size)).toEqual(expected);
});
