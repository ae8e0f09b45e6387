import { sectionSchema } from '@skillwise/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authorCourse } from '../../../test/authoring';
import { createPublisher, createStudent } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { type FilePart, filesOnDisk, fixtures, sweepDeletedFiles, upload } from '../../../test/uploads';

const MAX_LESSON_BYTES = 300_000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ MAX_LESSON_BYTES: String(MAX_LESSON_BYTES) });
});
afterAll(async () => ctx.close());

const lessonFile = (data: Buffer, filename: string, contentType = 'application/octet-stream'): FilePart => ({
  field: 'fileName',
  filename,
  contentType,
  data,
});

async function setUp() {
  const publisher = await createPublisher(ctx);
  const { course } = await authorCourse(ctx, publisher.token);
  const addSection = async (name: string) =>
    (
      await call(ctx.app, {
        method: 'POST',
        url: '/api/courseSections/InsertCourseSections',
        token: publisher.token,
        body: {
          course_id: course.course_Id,
          section_name: name,
          section_id: 0,
          section_description: '',
          published: false,
          order_number: 1,
        },
      })
    ).json();
  const saveLesson = (fields: Record<string, string | number>, file?: FilePart, token = publisher.token) =>
    upload(ctx.app, 'POST', '/api/lessons/createLessons', token, fields, file);
  const sections = async (token = publisher.token) =>
    call(ctx.app, {
      method: 'GET',
      url: `/api/courseSections/GetCourseSectionsByCourseId/${course.course_Id}`,
      token,
    });
  return { publisher, course, addSection, saveLesson, sections };
}

describe('sections', () => {
  test('added in order, renamed, published, deleted with their lessons and files', async () => {
    const { publisher, addSection, saveLesson, sections } = await setUp();
    const first = await addSection('Basics');
    const second = await addSection('Sauces');
    expect(sectionSchema.parse(first)).toMatchObject({
      section_name: 'Basics',
      order_number: 1,
      published: false,
      lessons: [],
    });
    expect(second.order_number).toBe(2);

    const renamed = await call(ctx.app, {
      method: 'PUT',
      url: '/api/courseSections/UpdateCourseSections',
      token: publisher.token,
      body: {
        Order_number: 2,
        published: false,
        section_Id: second.section_Id,
        course_Id: 1,
        section_name: 'Mother sauces',
      },
    });
    expect(renamed.json()).toMatchObject({ section_name: 'Mother sauces' });
    const published = await call(ctx.app, {
      method: 'PUT',
      url: '/api/courseSections/publishUnpublishSection',
      token: publisher.token,
      body: { Id: second.section_Id, published: true },
    });
    expect(published.json().published).toBe(true);

    const before = await filesOnDisk(ctx);
    await saveLesson(
      {
        'Object.lesson_Id': 0,
        'Object.lesson_title': 'Roux',
        'Object.contentType': 'pdf',
        'Object.section_Id': second.section_Id,
      },
      lessonFile(fixtures.pdf(), 'roux.pdf'),
    );
    expect((await filesOnDisk(ctx)).length).toBe(before.length + 1);
    const deleted = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/courseSections/${second.section_Id}`,
      token: publisher.token,
    });
    expect(deleted.json()).toEqual({ message: 'Deleted successfully!' });
    // The lessons' files go once the sweeper's wait is over (decision 011).
    expect((await filesOnDisk(ctx)).length).toBe(before.length + 1);
    await sweepDeletedFiles(ctx);
    expect(await filesOnDisk(ctx)).toEqual(before);
    expect((await sections()).json().map((s: { section_name: string }) => s.section_name)).toEqual([
      'Basics',
    ]);
  });

  test('a blank name is a 400; another organisation gets 404 and changes nothing', async () => {
    const { course, addSection, sections } = await setUp();
    const other = await createPublisher(ctx);
    const student = await createStudent(ctx);
    const section = await addSection('Mine');
    const blank = await call(ctx.app, {
      method: 'POST',
      url: '/api/courseSections/InsertCourseSections',
      token: other.token,
      body: { course_id: course.course_Id, section_name: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details[0].field).toBe('section_name');
    const attempts = [
      {
        method: 'POST' as const,
        url: '/api/courseSections/InsertCourseSections',
        body: { course_id: course.course_Id, section_name: 'Intruder' },
      },
      {
        method: 'PUT' as const,
        url: '/api/courseSections/UpdateCourseSections',
        body: { section_Id: section.section_Id, section_name: 'Hijacked' },
      },
      {
        method: 'PUT' as const,
        url: '/api/courseSections/publishUnpublishSection',
        body: { Id: section.section_Id, published: true },
      },
      { method: 'DELETE' as const, url: `/api/courseSections/${section.section_Id}` },
      { method: 'GET' as const, url: `/api/courseSections/GetCourseSectionsByCourseId/${course.course_Id}` },
    ];
    for (const attempt of attempts) {
      expect((await call(ctx.app, { ...attempt, token: other.token })).statusCode, attempt.url).toBe(404);
      expect((await call(ctx.app, { ...attempt })).statusCode, attempt.url).toBe(401);
    }
    expect((await call(ctx.app, { ...attempts[0], token: student.token } as never)).statusCode).toBe(403);
    expect((await sections()).json()).toMatchObject([{ section_name: 'Mine', published: false }]);
  });
});

describe('lessons', () => {
  test('a PDF and a video lesson; edit with a new file replaces the old one; flags; delete removes the file', async () => {
    const { publisher, addSection, saveLesson, sections } = await setUp();
    const section = await addSection('Week 1');
    const before = await filesOnDisk(ctx);
    const pdf = await saveLesson(
      {
        'Object.lesson_Id': 0,
        'Object.lesson_title': 'Reading',
        'Object.contentType': 'pdf',
        'Object.section_Id': section.section_Id,
      },
      lessonFile(fixtures.pdf(), 'reading.pdf'),
    );
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json()).toMatchObject({
      lesson_title: 'Reading',
      contentType: 'pdf',
      file_mime: 'application/pdf',
      order_number: 1,
      preview: false,
    });
    expect(pdf.json().content_path).toMatch(/^\/api\/media\/lessons\/\d+\?viewer=\d+&expires=\d+&signature=/);
    const video = await saveLesson(
      {
        'Object.lesson_Id': 0,
        'Object.lesson_title': 'Watch',
        'Object.contentType': 'video',
        'Object.section_Id': section.section_Id,
      },
      lessonFile(fixtures.mp4(), 'watch.mp4'),
    );
    expect(video.json()).toMatchObject({ file_mime: 'video/mp4', order_number: 2 });
    const noFile = await saveLesson({
      'Object.lesson_Id': 0,
      'Object.lesson_title': 'Notes',
      'Object.contentType': 'text',
      'Object.section_Id': section.section_Id,
    });
    expect(noFile.json()).toMatchObject({ content_path: null, order_number: 3 });
    expect((await filesOnDisk(ctx)).length).toBe(before.length + 2);

    const edited = await saveLesson(
      {
        'Object.lesson_Id': pdf.json().lesson_Id,
        'Object.lesson_title': 'Reading, revised',
        'Object.contentType': 'pdf',
        'Object.section_Id': section.section_Id,
      },
      lessonFile(fixtures.pdf(5000), 'reading-2.pdf'),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      lesson_Id: pdf.json().lesson_Id,
      lesson_title: 'Reading, revised',
      file_size: 5000,
    });
    // The replaced file stays in storage until the sweeper's wait is over; its URL is dead at once.
    expect((await filesOnDisk(ctx)).length).toBe(before.length + 3);
    const stale = await call(ctx.app, { method: 'GET', url: pdf.json().content_path });
    expect(stale.statusCode).toBe(404);

    const mismatched = await saveLesson({
      'Object.lesson_Id': video.json().lesson_Id,
      'Object.lesson_title': 'Watch',
      'Object.contentType': 'pdf',
      'Object.section_Id': section.section_Id,
    });
    expect(mismatched.statusCode).toBe(400);

    const flag = (url: string, body: unknown) =>
      call(ctx.app, { method: 'PUT', url, token: publisher.token, body });
    expect(
      (
        await flag('/api/lessons/publishUnpublishLesson', { Id: video.json().lesson_Id, published: true })
      ).json().published,
    ).toBe(true);
    expect(
      (
        await flag('/api/lessons/handleMakeRemovePreviewLesson', {
          Id: video.json().lesson_Id,
          makepreview: true,
        })
      ).json().preview,
    ).toBe(true);

    const removed = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/lessons/${video.json().lesson_Id}`,
      token: publisher.token,
    });
    expect(removed.json()).toEqual({ message: 'Deleted successfully!' });
    expect((await filesOnDisk(ctx)).length).toBe(before.length + 3);
    expect(await sweepDeletedFiles(ctx)).toMatchObject({ deleted: 2 });
    expect((await filesOnDisk(ctx)).length).toBe(before.length + 1);
    const titles = (await sections()).json()[0].lessons.map((l: { lesson_title: string }) => l.lesson_title);
    expect(titles).toEqual(['Reading, revised', 'Notes']);
  });

  test('types are judged by content; the wrong kind for the content type is a 415; nothing is left behind', async () => {
    const { addSection, saveLesson, sections } = await setUp();
    const section = await addSection('Week 1');
    const fields = (contentType: string) => ({
      'Object.lesson_Id': 0,
      'Object.lesson_title': 'Sneaky',
      'Object.contentType': contentType,
      'Object.section_Id': section.section_Id,
    });
    const before = await filesOnDisk(ctx);
    for (const [contentType, data, name] of [
      ['pdf', fixtures.html(), 'slides.pdf'],
      ['video', fixtures.exe(), 'movie.mp4'],
      ['pdf', fixtures.mp4(), 'notes.pdf'],
      ['video', fixtures.png(), 'clip.mp4'],
    ] as const) {
      const res = await saveLesson(fields(contentType), lessonFile(data, name, 'application/pdf'));
      expect(res.statusCode, name).toBe(415);
    }
    expect(await filesOnDisk(ctx)).toEqual(before);
    expect((await sections()).json()[0].lessons).toEqual([]);
    const audio = await saveLesson(fields('audio'), lessonFile(fixtures.mp3(), 'talk.mp3'));
    expect(audio.json()).toMatchObject({ file_mime: 'audio/mpeg' });
    const text = await saveLesson(fields('text'), lessonFile(fixtures.text(), 'notes.txt'));
    expect(text.json()).toMatchObject({ file_mime: 'text/plain' });
  });

  test('a lesson over the maximum is a 413 with no row and no file, streamed or declared', async () => {
    const { addSection, saveLesson, sections } = await setUp();
    const section = await addSection('Week 1');
    const before = await filesOnDisk(ctx);
    const fields = {
      'Object.lesson_Id': 0,
      'Object.lesson_title': 'Big',
      'Object.contentType': 'video',
      'Object.section_Id': section.section_Id,
    };
    const streamed = await saveLesson(fields, lessonFile(fixtures.mp4(MAX_LESSON_BYTES + 1), 'big.mp4'));
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().message).toMatch(/too large/);
    const declared = await saveLesson(
      fields,
      lessonFile(fixtures.mp4(MAX_LESSON_BYTES + 2 * 1024 * 1024), 'bigger.mp4'),
    );
    expect(declared.statusCode).toBe(413);
    expect(declared.headers.connection).toBe('close');
    expect(await filesOnDisk(ctx)).toEqual(before);
    expect((await sections()).json()[0].lessons).toEqual([]);
    const atLimit = await saveLesson(fields, lessonFile(fixtures.mp4(MAX_LESSON_BYTES), 'fits.mp4'));
    expect(atLimit.statusCode).toBe(201);
  });

  test('bulk upload: images, videos and PDFs become lessons titled by file name and typed by MIME', async () => {
    const { publisher, addSection, sections } = await setUp();
    const section = await addSection('Uploads');
    const bulk = (data: Buffer, filename: string) =>
      upload(
        ctx.app,
        'POST',
        '/api/lessons/UploadLesson',
        publisher.token,
        { section_Id: section.section_Id, contentType: 'whatever' },
        {
          field: 'file',
          filename,
          contentType: 'application/octet-stream',
          data,
        },
      );
    const pdf = await bulk(fixtures.pdf(), 'Chapter 1.pdf');
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json()).toMatchObject({ lesson_title: 'Chapter 1', contentType: 'application/pdf' });
    expect(pdf.json().url).toBe(pdf.json().content_path);
    expect((await bulk(fixtures.mp4(), '../../etc/clip.mp4')).json()).toMatchObject({
      lesson_title: 'clip',
      contentType: 'video/mp4',
    });
    const image = await bulk(fixtures.jpeg(), 'board.jpg');
    expect(image.json()).toMatchObject({ contentType: 'image/jpeg' });
    // A lesson made of an image is renamed keeping its type ('image'), and only while it keeps its file.
    const rename = (contentType: string) =>
      upload(ctx.app, 'POST', '/api/lessons/createLessons', publisher.token, {
        'Object.lesson_Id': image.json().lesson_Id,
        'Object.lesson_title': 'Whiteboard',
        'Object.contentType': contentType,
        'Object.section_Id': section.section_Id,
      });
    const renamed = await rename('image');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ lesson_title: 'Whiteboard', contentType: 'image/jpeg' });
    expect((await rename('pdf')).statusCode).toBe(400);
    const imageForPdf = await upload(ctx.app, 'POST', '/api/lessons/createLessons', publisher.token, {
      'Object.lesson_Id': pdf.json().lesson_Id,
      'Object.lesson_title': 'Chapter 1',
      'Object.contentType': 'image',
      'Object.section_Id': section.section_Id,
    });
    expect(imageForPdf.statusCode).toBe(400);
    expect(imageForPdf.json().details[0].field).toBe('Object.contentType');
    const before = await filesOnDisk(ctx);
    expect((await bulk(fixtures.mp3(), 'song.mp3')).statusCode).toBe(415);
    expect((await bulk(fixtures.text(), 'notes.txt')).statusCode).toBe(415);
    expect(await filesOnDisk(ctx)).toEqual(before);
    expect((await sections()).json()[0].lessons).toHaveLength(3);
    const wrongField = await upload(
      ctx.app,
      'POST',
      '/api/lessons/UploadLesson',
      publisher.token,
      { section_Id: section.section_Id },
      lessonFile(fixtures.pdf(), 'a.pdf'),
    );
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().details[0].field).toBe('fileName');
  });

  test('the saved lesson order survives a reload; a wrong list is refused', async () => {
    const { publisher, addSection, saveLesson, sections } = await setUp();
    const section = await addSection('Order');
    const ids: number[] = [];
    for (const title of ['A', 'B', 'C']) {
      ids.push(
        (
          await saveLesson({
            'Object.lesson_Id': 0,
            'Object.lesson_title': title,
            'Object.contentType': 'text',
            'Object.section_Id': section.section_Id,
          })
        ).json().lesson_Id,
      );
    }
    const reorder = (lesson_Ids: unknown, token = publisher.token) =>
      call(ctx.app, {
        method: 'PUT',
        url: '/api/lessons/SaveLessonOrder',
        token,
        body: { section_Id: section.section_Id, lesson_Ids },
      });
    const saved = await reorder([ids[2], ids[0], ids[1]]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().map((l: { lesson_title: string }) => l.lesson_title)).toEqual(['C', 'A', 'B']);
    const reloaded = (await sections()).json()[0].lessons;
    expect(
      reloaded.map((l: { lesson_title: string; order_number: number }) => [l.lesson_title, l.order_number]),
    ).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);
    expect((await reorder([ids[0], ids[1]])).statusCode).toBe(400);
    expect((await reorder([ids[0], ids[0], ids[1]])).statusCode).toBe(400);
    expect((await reorder('nope')).json().details[0].field).toBe('lesson_Ids');
    const other = await createPublisher(ctx);
    expect((await reorder([ids[0], ids[1], ids[2]], other.token)).statusCode).toBe(404);
  });

  test('another organisation cannot add, edit, flag or delete lessons', async () => {
    const { publisher, addSection, saveLesson, sections } = await setUp();
    const other = await createPublisher(ctx);
    const section = await addSection('Mine');
    const lesson = (
      await saveLesson({
        'Object.lesson_Id': 0,
        'Object.lesson_title': 'Mine',
        'Object.contentType': 'text',
        'Object.section_Id': section.section_Id,
      })
    ).json();
    const before = await filesOnDisk(ctx);
    const intrusions = [
      await saveLesson(
        {
          'Object.lesson_Id': 0,
          'Object.lesson_title': 'Intruder',
          'Object.contentType': 'pdf',
          'Object.section_Id': section.section_Id,
        },
        lessonFile(fixtures.pdf(), 'x.pdf'),
        other.token,
      ),
      await saveLesson(
        {
          'Object.lesson_Id': lesson.lesson_Id,
          'Object.lesson_title': 'Hijacked',
          'Object.contentType': 'text',
          'Object.section_Id': section.section_Id,
        },
        undefined,
        other.token,
      ),
      await upload(
        ctx.app,
        'POST',
        '/api/lessons/UploadLesson',
        other.token,
        { section_Id: section.section_Id },
        { field: 'file', filename: 'x.pdf', contentType: 'application/pdf', data: fixtures.pdf() },
      ),
      await call(ctx.app, {
        method: 'PUT',
        url: '/api/lessons/publishUnpublishLesson',
        token: other.token,
        body: { Id: lesson.lesson_Id, published: true },
      }),
      await call(ctx.app, {
        method: 'PUT',
        url: '/api/lessons/handleMakeRemovePreviewLesson',
        token: other.token,
        body: { Id: lesson.lesson_Id, makepreview: true },
      }),
      await call(ctx.app, { method: 'DELETE', url: `/api/lessons/${lesson.lesson_Id}`, token: other.token }),
    ];
    expect(intrusions.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(await filesOnDisk(ctx)).toEqual(before);
    expect((await sections()).json()[0].lessons).toMatchObject([
      { lesson_title: 'Mine', published: false, preview: false },
    ]);
    expect(
      (await call(ctx.app, { method: 'DELETE', url: `/api/lessons/${lesson.lesson_Id}` })).statusCode,
    ).toBe(401);
    const bad = await saveLesson({
      'Object.lesson_Id': 0,
      'Object.lesson_title': 'X',
      'Object.contentType': 'slides',
      'Object.section_Id': section.section_Id,
    });
    expect(bad.json().details[0].field).toBe('Object.contentType');
    expect(publisher.orgId).not.toBe(other.orgId);
  });
});

test('the public curriculum is cached with an ETag and shows an authoring change at once', async () => {
  const { publisher, course, addSection } = await setUp();
  const publish = (url: string, body: Record<string, unknown>) =>
    call(ctx.app, { method: 'PUT', url, token: publisher.token, body });
  const section = await addSection('Open to all');
  await publish('/api/courseSections/publishUnpublishSection', { Id: section.section_Id, published: true });
  await publish('/api/courses/publishUnpublishCourse', { Id: course.course_Id, published: true });
  const url = `/api/courseSections/GetCourseSectionsByCourseIdForPreview/${course.course_Id}`;

  const first = await call(ctx.app, { method: 'GET', url });
  expect(first.statusCode).toBe(200);
  const names = (res: typeof first) => res.json().map((s: { section_name: string }) => s.section_name);
  expect(names(first)).toContain('Open to all');
  const etag = first.headers.etag as string;
  expect(etag).toMatch(/^W\/".+"$/);
  expect((await call(ctx.app, { method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(
    304,
  );

  await publish('/api/courseSections/publishUnpublishSection', { Id: section.section_Id, published: false });
  const after = await call(ctx.app, { method: 'GET', url, headers: { 'if-none-match': etag } });
  expect(after.statusCode).toBe(200);
  expect(names(after)).not.toContain('Open to all');
});
