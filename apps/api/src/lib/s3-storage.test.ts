import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TEST_KEYS, testConfig } from '../../test/helpers';
import { startTestBucket, type TestBucket } from '../../test/s3';
import { lessonFileUrl, mediaUrlWindow } from './media-urls';
import { S3Storage } from './s3-storage';
import { LocalDiskStorage, newFileKey } from './storage';

let bucket: TestBucket;
let storage: S3Storage;
beforeAll(async () => {
  bucket = await startTestBucket();
  const s3 = testConfig(bucket.env).s3;
  if (!s3) throw new Error('the S3 settings were not read');
  storage = new S3Storage(s3);
});
afterAll(async () => {
  storage.close();
  await bucket.close();
});

const collect = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

test('a file is written, read whole and by range, sized and deleted', async () => {
  const key = newFileKey('pdf');
  const data = randomBytes(300_000);
  expect(await storage.put(key, Readable.from([data]), { contentType: 'application/pdf' })).toBe(data.length);
  expect(await storage.size(key)).toBe(data.length);
  expect(Buffer.compare(await collect(storage.read(key)), data)).toBe(0);
  const part = await collect(storage.read(key, { start: 1000, end: 1999 }));
  expect(Buffer.compare(part, data.subarray(1000, 2000))).toBe(0);
  await storage.delete(key);
  expect(await storage.size(key)).toBeUndefined();
  expect(await bucket.objects()).not.toContain(key);
});

test('a file larger than one part goes up in parts and comes back byte for byte', async () => {
  const key = newFileKey('mp4');
  const data = randomBytes(19 * 1024 * 1024);
  // Sent in 64 KiB chunks, as a request body arrives.
  const chunks = Array.from({ length: Math.ceil(data.length / 65536) }, (_, i) =>
    data.subarray(i * 65536, (i + 1) * 65536),
  );
  expect(await storage.put(key, Readable.from(chunks))).toBe(data.length);
  const back = await collect(storage.read(key));
  expect(back.length).toBe(data.length);
  expect(Buffer.compare(back, data)).toBe(0);
  expect(await bucket.uploads()).toEqual([]);
  await storage.delete(key);
});

test('a source that fails after some parts leaves no object and no upload behind', async () => {
  const key = newFileKey('mp4');
  async function* failing() {
    for (let i = 0; i < 200; i += 1) yield randomBytes(65536);
    throw new Error('the client went away');
  }
  await expect(storage.put(key, Readable.from(failing()))).rejects.toThrow('the client went away');
  expect(await bucket.objects()).not.toContain(key);
  expect(await bucket.uploads()).toEqual([]);
});

test('presigned URLs are the same within a window and answer Range requests', async () => {
  const key = newFileKey('mp4');
  const data = randomBytes(50_000);
  await storage.put(key, Readable.from([data]), { contentType: 'video/mp4' });
  const deps = { storage, key: TEST_KEYS.mediaUrls, ttlHours: 6 };
  const lesson = { id: 7, fileKey: key, fileMime: 'video/mp4' };
  const hour = Math.floor(Date.now() / 3600_000) * 3600_000;
  const first = await lessonFileUrl(deps, lesson, 1, hour + 60_000);
  const later = await lessonFileUrl(deps, lesson, 2, hour + 3500_000);
  const next = await lessonFileUrl(deps, lesson, 1, hour + 3600_000);
  expect(later).toBe(first);
  expect(next).not.toBe(first);
  const url = new URL(first);
  expect(url.origin).toBe(bucket.env.S3_ENDPOINT);
  expect(url.searchParams.get('X-Amz-Date')).toBe(
    `${new Date(hour).toISOString().replace(/[-:]|\.\d{3}/g, '')}`,
  );
  expect(url.searchParams.get('X-Amz-Expires')).toBe('7200');

  const answer = await fetch(first, { headers: { range: 'bytes=100-199' } });
  expect(answer.status).toBe(206);
  expect(answer.headers.get('content-range')).toBe(`bytes 100-199/${data.length}`);
  expect(answer.headers.get('content-type')).toBe('video/mp4');
  expect(Buffer.compare(Buffer.from(await answer.arrayBuffer()), data.subarray(100, 200))).toBe(0);
  await storage.delete(key);
});

test('the window gives lifetimes between the nominal one and an hour more', () => {
  const hour = 1_700_000_000 - (1_700_000_000 % 3600);
  const start = mediaUrlWindow(hour * 1000, 6);
  const end = mediaUrlWindow((hour + 3599) * 1000 + 999, 6);
  expect(start).toEqual(end);
  expect(start.signedAt.getTime()).toBe(hour * 1000);
  expect(start.expires - hour).toBe(7 * 3600);
  expect(start.expires - (hour + 3599)).toBeGreaterThan(6 * 3600);
});

test('listing shows only generated keys; unfinished uploads are aborted only when stale', async () => {
  const key = newFileKey('png');
  await storage.put(key, Readable.from([Buffer.from('png')]));
  await bucket.putObject('notes/readme.txt', 'not ours');
  const pending = newFileKey('mp4');
  await bucket.startUpload(pending);
  await bucket.startUpload('elsewhere/upload.bin');
  const listed = [];
  for await (const file of storage.list()) listed.push(file.key);
  expect(listed).toContain(key);
  expect(listed).not.toContain('notes/readme.txt');

  expect(await storage.removeIncomplete(new Date())).toBe(0);
  expect(await bucket.uploads()).toEqual(['elsewhere/upload.bin', pending].sort());
  expect(await storage.removeIncomplete(new Date(Date.now() + 25 * 3600_000))).toBe(1);
  expect(await bucket.uploads()).toEqual(['elsewhere/upload.bin']);
  expect(await text(storage.read(key))).toBe('png');
  await storage.delete(key);
});

test('start-up finds the bucket, and says so plainly when it is not there', async () => {
  await expect(storage.verify()).resolves.toBeUndefined();
  const s3 = testConfig({ ...bucket.env, S3_BUCKET: 'no-such-bucket' }).s3;
  if (!s3) throw new Error('the S3 settings were not read');
  const missing = new S3Storage(s3);
  await expect(missing.verify()).rejects.toThrow('no such bucket, HTTP 404');
  missing.close();
});

test('a source whose file is gone before the upload reads it fails the put, with nothing uncaught', async () => {
  const key = newFileKey('jpg');
  const gone = createReadStream(
    path.join(tmpdir(), `skillwise-missing-${randomBytes(6).toString('hex')}.jpg`),
  );
  await expect(storage.put(key, gone)).rejects.toMatchObject({ code: 'ENOENT' });
  expect(await bucket.objects()).not.toContain(key);
  const dir = await mkdtemp(path.join(tmpdir(), 'skillwise-disk-'));
  try {
    const disk = new LocalDiskStorage(dir);
    const missing = createReadStream(path.join(dir, 'nothing-here.jpg'));
    await expect(disk.put(newFileKey('jpg'), missing)).rejects.toMatchObject({ code: 'ENOENT' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
