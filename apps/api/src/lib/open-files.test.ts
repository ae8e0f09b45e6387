import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openBecomes as openBecomesUnder, openUnder } from '../../test/descriptors';
import { OpenFiles } from './open-files';

const dir = mkdtempSync(path.join(tmpdir(), 'skillwise-open-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
const fileNamed = (name: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
};
const openHere = () => openUnder(dir);
const openBecomes = (n: number) => openBecomesUnder(dir, n);

/** Reads `length` bytes of `file` from `position` through a lent descriptor, then gives it back. */
async function readVia(files: OpenFiles, file: string, position: number, length: number) {
  const lent = await files.lend(file);
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await lent.handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    lent.release();
  }
}

test('reads the asked bytes, short at the end of the file, through one kept descriptor', async () => {
  const files = new OpenFiles(4);
  const file = fileNamed('a.bin');
  expect(await readVia(files, file, 100, 300)).toEqual(bytes.subarray(100, 400));
  expect(await readVia(files, file, 4000, 500)).toEqual(bytes.subarray(4000));
  await Promise.all([
    readVia(files, file, 0, 10),
    readVia(files, file, 10, 10),
    readVia(files, file, 20, 10),
  ]);
  expect(openHere()).toBe(1);
  files.closeAll();
  await openBecomes(0);
});

test('keeps at most its number of descriptors, closing the least recently used', async () => {
  const files = new OpenFiles(2);
  const [a, b, c] = ['b1.bin', 'b2.bin', 'b3.bin'].map(fileNamed) as [string, string, string];
  await readVia(files, a, 0, 1);
  await readVia(files, b, 0, 1);
  await readVia(files, a, 0, 1);
  await readVia(files, c, 0, 1);
  expect(files.size).toBe(2);
  await openBecomes(2);
  files.closeAll();
  await openBecomes(0);
});

test('a file forgotten while lent is read whole, then closed; a missing file is not kept', async () => {
  const files = new OpenFiles(4);
  const file = fileNamed('c.bin');
  const lent = await files.lend(file);
  files.forget(file);
  files.closeAll();
  const buffer = Buffer.alloc(4096);
  await lent.handle.read(buffer, 0, 4096, 0);
  expect(buffer).toEqual(bytes);
  expect(openHere()).toBe(1);
  lent.release();
  lent.release();
  await openBecomes(0);
  await expect(readVia(files, path.join(dir, 'missing.bin'), 0, 1)).rejects.toMatchObject({ code: 'ENOENT' });
  expect(files.size).toBe(0);
});
