import { TEXT_LESSON_MAX_BYTES } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addSection, authorCourse } from '../../../test/authoring';
import { createPublisher } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { HOSTILE_CORPUS } from '../../../test/hostile-html';
import { type FilePart, filesOnDisk, fixtures, upload } from '../../../test/uploads';
import { lessons, storedFiles } from '../../db/schema';

// A text lesson written in the page (docs/decisions/019): lessons/createLessons takes its HTML in
// `Object.content_html`, sanitizes it and stores it as the lesson's file, served by its content_path.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

async function setUp() {
  const publisher = await createPublisher(ctx);
  const { course } = await authorCourse(ctx, publisher.token);
  const section = await addSection(ctx, publisher.token, course.course_Id);
  const sectionId: number = section.section_Id;
  const save = (fields: Record<string, string | number>, options: { token?: string; file?: FilePart } = {}) =>
    upload(
      ctx.app,
      'POST',
      '/api/lessons/createLessons',
      'token' in options ? options.token : publisher.token,
      {
        'Object.lesson_Id': 0,
        'Object.lesson_title': 'Knots',
        'Object.contentType': 'text',
        'Object.section_Id': sectionId,
        ...fields,
      },
      options.file,
    );
  return { publisher, sectionId, save };
}

/** What the lesson's content_path serves: its type, its policy and its body. */
async function served(contentPath: string) {
  const res = await call(ctx.app, { method: 'GET', url: contentPath });
  expect(res.statusCode).toBe(200);
  return { type: res.headers['content-type'], csp: res.headers['content-security-policy'], body: res.body };
}

const fileRow = async (lessonId: number) => {
  const [row] = await ctx.database.db.select().from(lessons).where(eq(lessons.id, lessonId));
  return row;
};

describe('a text lesson written in the page', () => {
  test('is stored sanitized as the lesson’s file, served as HTML that may run nothing, and edited again', async () => {
    const { publisher, save } = await setUp();
    const html =
      '<h2>Bowline</h2><p>Make a <strong>loop</strong><img src=x onerror=alert(1)></p><script>alert(1)</script>';
    const made = await save({ 'Object.content_html': html });
    expect(made.statusCode).toBe(201);
    const lesson = made.json();
    expect(lesson).toMatchObject({ contentType: 'text', file_mime: 'text/html', lesson_title: 'Knots' });
    const first = await served(lesson.content_path);
    expect(first.type).toBe('text/html; charset=utf-8');
    expect(first.csp).toBe("sandbox; default-src 'none'");
    expect(first.body).toBe('<h2>Bowline</h2><p>Make a <strong>loop</strong></p>');
    const row = await fileRow(lesson.lesson_Id);
    expect(row?.fileSize).toBe(Buffer.byteLength(first.body));
    // Counted in the organisation's storage like an upload.
    const [recorded] = await ctx.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.fileKey, row?.fileKey ?? ''));
    expect(recorded).toMatchObject({ orgId: publisher.orgId, sizeBytes: first.body.length });

    // Edited: a new text replaces it; a change of title alone keeps it.
    const edited = await save({
      'Object.lesson_Id': lesson.lesson_Id,
      'Object.content_html': '<p>Now <em>two</em> loops</p><a href="javascript:alert(1)">x</a>',
    });
    expect(edited.statusCode).toBe(200);
    expect((await served(edited.json().content_path)).body).toBe(
      '<p>Now <em>two</em> loops</p><a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    const renamed = await save({ 'Object.lesson_Id': lesson.lesson_Id, 'Object.lesson_title': 'Two knots' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ lesson_title: 'Two knots', file_mime: 'text/html' });
    expect((await served(renamed.json().content_path)).body).toBe(
      '<p>Now <em>two</em> loops</p><a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );

    // A .txt still replaces it, as before, and is served as plain text.
    const txt = await save(
      { 'Object.lesson_Id': lesson.lesson_Id },
      {
        file: { field: 'fileName', filename: 'notes.txt', contentType: 'text/plain', data: fixtures.text() },
      },
    );
    expect(txt.statusCode).toBe(200);
    expect(txt.json().file_mime).toBe('text/plain');
    const plain = await served(txt.json().content_path);
    expect(plain.type).toBe('text/plain; charset=utf-8');
    expect(plain.body).toBe(fixtures.text().toString());
  });

  test('hostile markup never survives the API', async () => {
    const { save } = await setUp();
    const made = await save({ 'Object.content_html': `<p>Start</p>${HOSTILE_CORPUS.join('')}<p>End</p>` });
    expect(made.statusCode).toBe(201);
    const { body } = await served(made.json().content_path);
    expect(body.startsWith('<p>Start</p>')).toBe(true);
    expect(body).toContain('<p>End</p>');
    expect(body).not.toMatch(/<(script|style|iframe|svg|math|img|object|embed|form|input|meta|base|link)\b/i);
    expect(body).not.toMatch(/\son[a-z]+\s*=|javascript:|vbscript:|data:|\sstyle\s*=/i);
  });

  test('needs a token', async () => {
    const { save } = await setUp();
    const before = await filesOnDisk(ctx);
    const res = await save({ 'Object.content_html': '<p>Hi</p>' }, { token: undefined });
    expect(res.statusCode).toBe(401);
    expect(await filesOnDisk(ctx)).toEqual(before);
  });

  test('another organisation’s section or lesson answers 404 and keeps nothing', async () => {
    const { save } = await setUp();
    const made = await save({ 'Object.content_html': '<p>Mine</p>' });
    const other = await createPublisher(ctx);
    const before = await filesOnDisk(ctx);
    const intoSection = await save({ 'Object.content_html': '<p>Theirs</p>' }, { token: other.token });
    expect(intoSection.statusCode).toBe(404);
    const overLesson = await save(
      { 'Object.lesson_Id': made.json().lesson_Id, 'Object.content_html': '<p>Theirs</p>' },
      { token: other.token },
    );
    expect(overLesson.statusCode).toBe(404);
    expect(await filesOnDisk(ctx)).toEqual(before);
    expect((await served(made.json().content_path)).body).toBe('<p>Mine</p>');
    const recorded = await ctx.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.orgId, other.orgId ?? 0));
    expect(recorded).toEqual([]);
  });

  test('bad input is a 400 naming Object.content_html, and keeps nothing', async () => {
    const { save } = await setUp();
    const before = await filesOnDisk(ctx);
    const cases: { fields: Record<string, string>; file?: FilePart; message: RegExp }[] = [
      {
        fields: { 'Object.contentType': 'pdf', 'Object.content_html': '<p>x</p>' },
        message: /only for a text lesson/,
      },
      {
        fields: { 'Object.content_html': '<p>x</p>' },
        file: { field: 'fileName', filename: 'notes.txt', contentType: 'text/plain', data: fixtures.text() },
        message: /either a file or the written lesson/,
      },
      // Too large: one byte past the limit, and far past it.
      {
        fields: { 'Object.content_html': `<p>${'a'.repeat(TEXT_LESSON_MAX_BYTES - 6)}</p>` },
        message: /at most 512 KB/,
      },
      { fields: { 'Object.content_html': 'é'.repeat(TEXT_LESSON_MAX_BYTES) }, message: /at most 512 KB/ },
    ];
    for (const { fields, file, message } of cases) {
      const res = await save(fields, file ? { file } : {});
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([
        { field: 'Object.content_html', message: expect.stringMatching(message) },
      ]);
    }
    expect(await filesOnDisk(ctx)).toEqual(before);
    // Exactly the limit is taken.
    const atLimit = await save({ 'Object.content_html': `<p>${'a'.repeat(TEXT_LESSON_MAX_BYTES - 7)}</p>` });
    expect(atLimit.statusCode).toBe(201);
  });
});
