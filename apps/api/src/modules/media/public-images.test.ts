import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { IMAGE_WIDTHS } from '@skillwise/contracts';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { addSection, authorCourse, uploadLesson } from '../../../test/authoring';
import { createPublisher, createStudent } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { fixtures, upload } from '../../../test/uploads';
import { ImageVariants, MAX_INPUT_PIXELS, RESIZE_SECONDS, RESIZES_AT_ONCE } from '../../lib/image-variants';
import type { FileStorage } from '../../lib/storage';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

/** A real picture: a publisher's wide photo, or a square portrait. */
const picture = (width: number, height: number, format: 'png' | 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .composite([
      {
        input: {
          create: { width: Math.round(width / 2), height, channels: 3, background: { r: 20, g: 60, b: 180 } },
        },
        left: 0,
        top: 0,
      },
    ])
    [format]()
    .toBuffer();

/** A published course whose cover is `cover`, with its author's photo `photo`: their public URLs. */
async function courseWithImages(cover: Buffer, photo: Buffer) {
  const publisher = await createPublisher(ctx);
  const { category } = await authorCourse(ctx, publisher.token);
  const author = (
    await upload(
      ctx.app,
      'POST',
      '/api/authors/CreateAuthors',
      publisher.token,
      {
        'Object.first_name': 'Ansel',
        'Object.last_name': 'Adams',
        'Object.gender': 'M',
        'Object.email_address': 'ansel@example.com',
        'Object.bio': 'Photographs.',
      },
      { field: 'fileName', filename: 'ansel.jpg', contentType: 'image/jpeg', data: photo },
    )
  ).json();
  const created = await upload(
    ctx.app,
    'POST',
    '/api/courses/createCourse',
    publisher.token,
    {
      'Object.course_title': 'Light and Shadow',
      'Object.course_description': 'Photographs of mountains.',
      'Object.price': '19.99',
      'Object.price_type_Id': '2',
      'Object.certificate': 'false',
      'Object.category_id': String(category.category_Id),
      'Object.author_id': String(author.author_id),
    },
    { field: 'fileName', filename: 'cover.png', contentType: 'image/png', data: cover },
  );
  expect(created.statusCode).toBe(201);
  const courseId = created.json().course_Id as number;
  const details = (
    await call(ctx.app, { method: 'GET', url: `/api/courses/details/${courseId}`, token: publisher.token })
  ).json();
  return {
    publisher,
    courseId,
    coverUrl: details.course_image as string,
    photoUrl: details.profile_picturePath as string,
  };
}

test('a cover asked at a width comes as WebP that wide, to anyone, cached for good', async () => {
  const cover = await picture(2400, 1350, 'png');
  const photo = await picture(400, 400, 'jpeg');
  const { coverUrl, photoUrl } = await courseWithImages(cover, photo);

  const small = await call(ctx.app, { method: 'GET', url: `${coverUrl}?w=480` });
  expect(small.statusCode).toBe(200);
  expect(small.headers['content-type']).toBe('image/webp');
  expect(small.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(small.headers.etag).toMatch(/^"[\w-]+"$/);
  expect(small.headers['content-disposition']).toMatch(/^inline; filename="[\w-]+-480\.webp"$/);
  const meta = await sharp(small.rawPayload).metadata();
  expect(meta).toMatchObject({ format: 'webp', width: 480, height: 270 });
  expect(small.rawPayload.length).toBeLessThan(cover.length / 10);

  // The same bytes again (made once), and 304 for a client that holds them.
  const again = await call(ctx.app, { method: 'GET', url: `${coverUrl}?w=480` });
  expect(again.headers.etag).toBe(small.headers.etag);
  expect(Buffer.compare(again.rawPayload, small.rawPayload)).toBe(0);
  const revalidated = await call(ctx.app, {
    method: 'GET',
    url: `${coverUrl}?w=480`,
    headers: { 'if-none-match': String(small.headers.etag) },
  });
  expect(revalidated.statusCode).toBe(304);
  expect(revalidated.rawPayload.length).toBe(0);
  // A variant's answer, or its 304, is the only answer: the original is never opened to be sent too.
  const originalsOpened = vi.spyOn(ctx.storage as Required<FileStorage>, 'openBody');
  await call(ctx.app, { method: 'GET', url: `${coverUrl}?w=480` });
  await call(ctx.app, {
    method: 'GET',
    url: `${coverUrl}?w=480`,
    headers: { 'if-none-match': String(small.headers.etag) },
  });
  expect(originalsOpened).not.toHaveBeenCalled();
  await call(ctx.app, { method: 'GET', url: coverUrl });
  expect(originalsOpened).toHaveBeenCalledTimes(1);
  originalsOpened.mockRestore();

  // Another width is another variant; a photo is never made larger than it is.
  const wide = await call(ctx.app, { method: 'GET', url: `${coverUrl}?w=1280` });
  expect(await sharp(wide.rawPayload).metadata()).toMatchObject({ width: 1280, height: 720 });
  expect(wide.headers.etag).not.toBe(small.headers.etag);
  const portrait = await call(ctx.app, { method: 'GET', url: `${photoUrl}?w=1280` });
  expect(portrait.headers['content-type']).toBe('image/webp');
  expect(await sharp(portrait.rawPayload).metadata()).toMatchObject({ width: 400, height: 400 });

  // A signed-in student, or another organisation's publisher, gets the same public image.
  const student = await createStudent(ctx);
  const stranger = await createPublisher(ctx);
  for (const token of [student.token, stranger.token]) {
    const seen = await call(ctx.app, { method: 'GET', url: `${coverUrl}?w=480`, token });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers.etag).toBe(small.headers.etag);
  }
});

test('the original keeps its bytes and answers 304 to a client that holds it', async () => {
  const cover = await picture(800, 450, 'png');
  const { coverUrl } = await courseWithImages(cover, await picture(200, 200, 'jpeg'));
  const original = await call(ctx.app, { method: 'GET', url: coverUrl });
  expect(original.statusCode).toBe(200);
  expect(original.headers['content-type']).toBe('image/png');
  expect(Buffer.compare(original.rawPayload, cover)).toBe(0);
  expect(original.headers.etag).toBe(`"${coverUrl.split('/').pop()}"`);
  const revalidated = await call(ctx.app, {
    method: 'GET',
    url: coverUrl,
    headers: { 'if-none-match': `W/${String(original.headers.etag)}` },
  });
  expect(revalidated.statusCode).toBe(304);
  expect(revalidated.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('a width that is not one of the variants is refused, naming w', async () => {
  const { coverUrl } = await courseWithImages(
    await picture(800, 450, 'png'),
    await picture(200, 200, 'jpeg'),
  );
  for (const query of ['w=abc', 'w=500', 'w=', 'w=-480', 'w=480&w=640', 'w=4800']) {
    const res = await call(ctx.app, { method: 'GET', url: `${coverUrl}?${query}` });
    expect(res.statusCode, query).toBe(400);
    expect(res.json().message, query).toMatch(/^w: must be one of 160, 320, 480, 640, 800, 960, 1280$/);
  }
});

test('only covers and photos are public, at any width', async () => {
  const publisher = await createPublisher(ctx);
  const { course } = await authorCourse(ctx, publisher.token);
  const section = await addSection(ctx, publisher.token, course.course_Id);
  const lesson = (
    await uploadLesson(ctx, publisher.token, section.section_Id, {
      title: 'Slides',
      contentType: 'pdf',
      file: { filename: 'slides.pdf', contentType: 'application/pdf', data: fixtures.pdf() },
    })
  ).json();
  const [row] = await ctx.database.db
    .execute(`select file_key from lessons where id = ${lesson.lesson_Id}`)
    .then((r) => (r as unknown as { rows: { file_key: string }[] }).rows);
  for (const token of [undefined, publisher.token]) {
    const res = await call(ctx.app, {
      method: 'GET',
      url: `/api/files/public/${row?.file_key}?w=480`,
      ...(token ? { token } : {}),
    });
    expect(res.statusCode).toBe(404);
  }
  const unknown = await call(ctx.app, {
    method: 'GET',
    url: '/api/files/public/00000000-0000-4000-8000-000000000000.png?w=480',
  });
  expect(unknown.statusCode).toBe(404);
});

test('an image that cannot be resized is sent as it was uploaded', async () => {
  // Its first bytes say PNG (so the upload took it), the rest is not a picture.
  const broken = fixtures.png(4096);
  const { coverUrl } = await courseWithImages(broken, await picture(200, 200, 'jpeg'));
  for (let i = 0; i < 2; i++) {
    const res = await call(ctx.app, { method: 'GET', url: `${coverUrl}?w=480` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(res.rawPayload, broken)).toBe(0);
  }
});

/** A storage holding one picture (whose stored size may be given), counting its reads. */
function oneImageStorage(body: Buffer, storedSize = body.length) {
  const reads: string[] = [];
  const storage = {
    size: async () => storedSize,
    read: (key: string) => {
      reads.push(key);
      return Readable.from([body]);
    },
  } as unknown as FileStorage;
  return { storage, reads };
}

test('an original over the size limit is served as it is, without a byte of it read', async () => {
  const { storage, reads } = oneImageStorage(await picture(1600, 900, 'png'), 33 * 1024 ** 2);
  const variants = new ImageVariants({ storage });
  expect(await variants.get('11111111-1111-4111-8111-111111111111.png', 480)).toBeUndefined();
  expect(reads).toEqual([]);
});

test('a variant is made once, however many ask at once, and kept within its memory budget', async () => {
  // Noise: it does not compress, so each variant weighs tens of kilobytes.
  const noise = await sharp(randomBytes(1600 * 900 * 3), { raw: { width: 1600, height: 900, channels: 3 } })
    .png()
    .toBuffer();
  const { storage, reads } = oneImageStorage(noise);
  const variants = new ImageVariants({ storage, keptBytes: 300_000 });
  const key = '11111111-1111-4111-8111-111111111111.png';
  const [a, b, c] = await Promise.all([
    variants.get(key, 320),
    variants.get(key, 320),
    variants.get(key, 320),
  ]);
  expect(reads).toEqual([key]);
  expect(a?.etag).toBeTruthy();
  expect(b).toBe(a);
  expect(c).toBe(a);
  expect(await variants.get(key, 320)).toBe(a);
  expect(reads).toHaveLength(1);

  // Widths beyond the budget push the least recently used out: it is made again when asked.
  for (const width of [480, 640, 800, 960, 1280] as const) await variants.get(key, width);
  const before = reads.length;
  await variants.get(key, 320);
  expect(reads.length).toBe(before + 1);
});

test('images are resized one at a time, each within the pixel limit and the time limit', async () => {
  const { storage } = oneImageStorage(await picture(1600, 900, 'png'));
  let running = 0;
  let most = 0;
  const options: (SharpOptions | undefined)[] = [];
  const timeouts: unknown[] = [];
  // A library that takes its time, so resizes asked for together would overlap if they could.
  const slow = (_input: Buffer, given?: SharpOptions) => {
    options.push(given);
    const pipeline = {
      rotate: () => pipeline,
      resize: () => pipeline,
      webp: () => pipeline,
      timeout: (limit: unknown) => {
        timeouts.push(limit);
        return pipeline;
      },
      toBuffer: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return Buffer.from('a variant');
      },
    };
    return pipeline as unknown as Sharp;
  };
  const variants = new ImageVariants({ storage, load: async () => slow });
  const keys = [1, 2, 3].map((n) => `${String(n).repeat(8)}-1111-4111-8111-111111111111.png`);
  const made = await Promise.all(
    keys.flatMap((key) => IMAGE_WIDTHS.map((width) => variants.get(key, width))),
  );
  expect(made.every((variant) => variant?.type === 'image/webp')).toBe(true);
  expect(options).toHaveLength(3 * IMAGE_WIDTHS.length);
  expect(most).toBe(RESIZES_AT_ONCE);
  expect(RESIZES_AT_ONCE).toBe(1);
  for (const given of options) expect(given).toMatchObject({ limitInputPixels: MAX_INPUT_PIXELS });
  expect(timeouts).toEqual(options.map(() => ({ seconds: RESIZE_SECONDS })));
});

test('an image of more pixels than the limit is served as it is, never decoded', async () => {
  const side = Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 1;
  const huge = await sharp({ create: { width: side, height: side, channels: 3, background: '#88aacc' } })
    .jpeg()
    .toBuffer();
  const errors: unknown[] = [];
  const variants = new ImageVariants({
    storage: oneImageStorage(huge).storage,
    onError: (error) => errors.push(error),
  });
  expect(await variants.get('11111111-1111-4111-8111-111111111111.jpg', 320)).toBeUndefined();
  expect(String(errors[0])).toMatch(/pixel limit/i);
});

test('without the image library, or for a GIF, every image is served as it is', async () => {
  const { storage, reads } = oneImageStorage(await picture(1600, 900, 'png'));
  const errors: unknown[] = [];
  const variants = new ImageVariants({
    storage,
    load: () => Promise.reject(new Error('no binary for this platform')),
    onError: (error) => errors.push(error),
  });
  expect(await variants.get('11111111-1111-4111-8111-111111111111.png', 480)).toBeUndefined();
  expect(await variants.get('11111111-1111-4111-8111-111111111111.png', 640)).toBeUndefined();
  expect(errors).toHaveLength(1);
  expect(await variants.get('11111111-1111-4111-8111-111111111111.gif', 480)).toBeUndefined();
  expect(reads).toEqual([]);
});
