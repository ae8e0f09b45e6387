import type { Lesson } from '@skillwise/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { type FetchCall, mockFetch } from '@/test/render';
import { saveLesson } from './curriculum';

const { uploaded, uploadLessonFile } = vi.hoisted(() => {
  const lesson = { lesson_Id: 40, lesson_title: 'Harbour tour' } as Lesson;
  return { uploaded: lesson, uploadLessonFile: vi.fn(async () => lesson) };
});
vi.mock('../lib/upload-lesson-file', () => ({ uploadLessonFile }));

let calls: FetchCall[];
beforeEach(() => {
  storage.set('authToken', 'token');
  uploadLessonFile.mockClear();
  calls = mockFetch(() => ({ status: 201, body: { lesson_Id: 41 } }));
});
afterEach(() => vi.unstubAllGlobals());

const file = new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' });

describe('saving a lesson (SPEC §2.13 lesson form, README "Additions")', () => {
  it("sends a new lesson's file resumably, with the lesson's fields", async () => {
    const input = { lessonId: 0, title: 'Harbour tour', contentType: 'pdf' as const, sectionId: 3, file };
    expect(await saveLesson(input)).toBe(uploaded);
    expect(uploadLessonFile).toHaveBeenCalledWith(input);
    expect(calls).toHaveLength(0);
  });

  it("sends an edited lesson's new file resumably too, with the lesson's id", async () => {
    const input = { lessonId: 12, title: 'Charts', contentType: 'pdf' as const, sectionId: 3, file };
    await saveLesson(input);
    expect(uploadLessonFile).toHaveBeenCalledWith(input);
    expect(calls).toHaveLength(0);
  });

  it('keeps lessons/createLessons for a lesson without a file and an edit that keeps its file', async () => {
    await saveLesson({ lessonId: 0, title: 'Tides', contentType: 'text', sectionId: 3, file: null });
    await saveLesson({ lessonId: 12, title: 'Charts', contentType: 'pdf', sectionId: 3, file: null });
    expect(uploadLessonFile).not.toHaveBeenCalled();
    expect(calls.map((call) => call.url)).toEqual([
      '/api/lessons/createLessons',
      '/api/lessons/createLessons',
    ]);
    expect(calls[1]?.form).toMatchObject({ 'Object.lesson_Id': '12', 'Object.lesson_title': 'Charts' });
  });

  it('sends a text lesson written in the page as Object.content_html, with no file', async () => {
    const html = '<h2>Tides</h2><p>Twice a day</p>';
    await saveLesson({
      lessonId: 0,
      title: 'Tides',
      contentType: 'text',
      sectionId: 3,
      file: null,
      contentHtml: html,
    });
    expect(uploadLessonFile).not.toHaveBeenCalled();
    expect(calls[0]?.url).toBe('/api/lessons/createLessons');
    expect(calls[0]?.form).toMatchObject({ 'Object.content_html': html, 'Object.contentType': 'text' });
    expect(calls[0]?.form).not.toHaveProperty('fileName');
  });
});
