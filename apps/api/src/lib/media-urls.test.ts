import { createSecretKey } from 'node:crypto';
import { expect, test } from 'vitest';
import { lessonFileUrl } from './media-urls';
import { verifyLessonSignature } from './signed-url';
import { LocalDiskStorage, newFileKey } from './storage';

const key = createSecretKey(Buffer.alloc(32, 7));
const deps = { storage: new LocalDiskStorage('/nonexistent'), key, ttlHours: 6 };
const lesson = { id: 12, fileKey: newFileKey('mp4'), fileMime: 'video/mp4' };
const hour = 1_700_000_000_000 - (1_700_000_000_000 % 3600_000);

test('on local disk: the server’s signed URL, the same all hour, expiring the nominal time after it', async () => {
  const early = await lessonFileUrl(deps, lesson, 5, hour + 1000);
  const late = await lessonFileUrl(deps, lesson, 5, hour + 3599_999);
  expect(late).toBe(early);
  expect(await lessonFileUrl(deps, lesson, 6, hour + 1000)).not.toBe(early);
  expect(await lessonFileUrl(deps, lesson, 5, hour + 3600_000)).not.toBe(early);

  const url = new URL(early, 'http://x');
  expect(url.pathname).toBe('/api/media/lessons/12');
  const expires = Number(url.searchParams.get('expires'));
  expect(expires).toBe(hour / 1000 + 7 * 3600);
  const grant = { lessonId: 12, fileKey: lesson.fileKey, viewerId: 5, expires };
  const signature = url.searchParams.get('signature') ?? '';
  expect(verifyLessonSignature(key, grant, signature, hour + 3599_999)).toBe(true);
  expect(verifyLessonSignature(key, grant, signature, expires * 1000)).toBe(false);
});

test('a signature kept from an earlier URL is the one worked out anew, and binds its key', async () => {
  const first = new URL(await lessonFileUrl(deps, lesson, 9, hour), 'http://x');
  const again = new URL(await lessonFileUrl(deps, lesson, 9, hour), 'http://x');
  expect(again.search).toBe(first.search);
  const grant = {
    lessonId: 12,
    fileKey: lesson.fileKey,
    viewerId: 9,
    expires: Number(first.searchParams.get('expires')),
  };
  const signature = first.searchParams.get('signature') ?? '';
  // A key object of the same bytes has nothing kept: it works the signature out itself.
  expect(verifyLessonSignature(createSecretKey(Buffer.alloc(32, 7)), grant, signature, hour)).toBe(true);
  expect(verifyLessonSignature(createSecretKey(Buffer.alloc(32, 8)), grant, signature, hour)).toBe(false);
  expect(verifyLessonSignature(key, { ...grant, viewerId: 10 }, signature, hour)).toBe(false);
});
