import { expect, test } from 'vitest';
import { fixtures } from '../../test/uploads';
import { sniff } from './sniff';

test.each([
  ['png', fixtures.png(), 'image/png'],
  ['jpeg', fixtures.jpeg(), 'image/jpeg'],
  ['pdf', fixtures.pdf(), 'application/pdf'],
  ['mp4', fixtures.mp4(), 'video/mp4'],
  ['mp3', fixtures.mp3(), 'audio/mpeg'],
  ['text', fixtures.text(), 'text/plain'],
  ['utf-8 text', Buffer.from('Café résumé ✓\n'), 'text/plain'],
  ['webm', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('....webm')]), 'video/webm'],
])('%s is recognised by its first bytes', (_name, bytes, mime) => {
  expect(sniff(bytes)?.mime).toBe(mime);
});

test.each([
  ['html', fixtures.html()],
  ['svg', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
  ['exe', fixtures.exe()],
  ['zip', Buffer.from('PK\x03\x04rest')],
  ['binary', Buffer.from([0, 1, 2, 3, 4, 5])],
  ['empty', Buffer.alloc(0)],
])('%s is refused', (_name, bytes) => {
  expect(sniff(bytes)).toBeUndefined();
});
