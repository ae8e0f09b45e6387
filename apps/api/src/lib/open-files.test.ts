import { mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { OpenFiles } from './open-files';

const dir = mkdtempSync(path.join(tmpdir(), 'skillwise-open-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
const fileNamed = (name: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
};
/** This process's open descriptors on the test's files. */
const openHere = () =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(dir);
    } catch {
      return false;
    }
  }).length;
/** Descriptors close in the background: waits (generously) until `n` are open. */
const openBecomes = (n: number) => expect.poll(openHere, { timeout: 60_000 }).toBe(n);

test('reads the asked bytes, short at the end of the file, through one kept descriptor', async () => {
  const files = new OpenFiles(4);
  const file = fileNamed('a.bin');
  expect(await files.read(file, 100, 300)).toEqual(bytes.subarray(100, 400));
  expect(await files.read(file, 4000, 500)).toEqual(bytes.subarray(4000));
  await Promise.all([files.read(file, 0, 10), files.read(file, 10, 10), files.read(file, 20, 10)]);
  expect(openHere()).toBe(1);
  files.closeAll();
  await openBecomes(0);
});

test('keeps at most its number of descriptors, closing the least recently used', async () => {
  const files = new OpenFiles(2);
  const [a, b, c] = ['b1.bin', 'b2.bin', 'b3.bin'].map(fileNamed) as [string, string, string];
  await files.read(a, 0, 1);
  await files.read(b, 0, 1);
  await files.read(a, 0, 1);
  await files.read(c, 0, 1);
  expect(files.size).toBe(2);
  await openBecomes(2);
  files.closeAll();
  await openBecomes(0);
});

test('a file forgotten during its read is read whole, then closed; a missing file is not kept', async () => {
  const files = new OpenFiles(4);
  const file = fileNamed('c.bin');
  const reading = files.read(file, 0, 4096);
  files.forget(file);
  expect(await reading).toEqual(bytes);
  await openBecomes(0);
  await expect(files.read(path.join(dir, 'missing.bin'), 0, 1)).rejects.toMatchObject({ code: 'ENOENT' });
  expect(files.size).toBe(0);
});
