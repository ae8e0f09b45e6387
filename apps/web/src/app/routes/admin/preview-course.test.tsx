import type { Lesson, Section } from '@skillwise/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderRoutes } from '@/test/render';
import { routes } from '../../router';

const course = {
  course_Id: 4,
  course_title: 'Knots for Sailors',
  course_description: 'Eight knots every sailor should tie.',
  course_image: null,
  price: 19.99,
  price_type_Id: 2,
  category_Id: 1,
  author_id: 1,
  certificate: true,
  org_Id: 1,
  published: false,
  first_name: 'Ada',
  last_name: 'Lovelace',
  bio: '',
  profile_picturePath: null,
  category_name: 'Sea',
  price_type_name: 'Paid',
  sections_count: 2,
  lessons_count: 4,
};

const url = (id: number) =>
  `/api/media/lessons/${id}?viewer=1&expires=${Math.floor(Date.now() / 1000) + 3600}&signature=s`;

const lesson = (id: number, title: string, contentType: string, extra: Partial<Lesson> = {}): Lesson => ({
  lesson_Id: id,
  lesson_title: title,
  lessonType: contentType,
  contentType,
  content_path: url(id),
  contentFile: null,
  file_mime: null,
  file_size: null,
  section_Id: 1,
  order_number: id,
  published: true,
  preview: false,
  lessonstarted: false,
  ...extra,
});

const sections: Section[] = [
  {
    section_Id: 1,
    section_name: 'Basics',
    section_description: '',
    order_number: 1,
    published: true,
    course_Id: 4,
    lessons: [
      lesson(11, 'The bowline', 'video'),
      lesson(12, 'Sea shanty', 'audio'),
      lesson(13, 'Knot notes', 'text'),
      lesson(14, 'Work in progress', 'video', { published: false }),
    ],
  },
  {
    section_Id: 2,
    section_name: 'Unfinished section',
    section_description: '',
    order_number: 2,
    published: false,
    course_Id: 4,
    lessons: [lesson(21, 'Hidden lesson', 'pdf')],
  },
];

const NOTES = 'Tie it twice.\n\n    Then <b>pull</b> hard & check.';

type Call = { url: string; method: string };

const stubServer = () => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { url: String(input), method: init?.method ?? 'GET' };
      calls.push(call);
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (call.url.includes('/api/media/lessons/13')) {
        return new Response(NOTES, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
      }
      if (call.url.includes('courses/details/4')) return json(course);
      if (call.url.includes('GetCourseSectionsByCourseId/4')) return json(sections);
      return json([]);
    }),
  );
  return calls;
};

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  Element.prototype.scrollIntoView = () => undefined;
  storage.set('authToken', 'token');
  storage.set('userId', 1);
  storage.set('orgId', 1);
  storage.set('currentUserRole', 1);
});
afterEach(() => vi.unstubAllGlobals());

describe('publisher preview (SPEC §2.1 previewCourse, coursePages)', () => {
  it('shows an unpublished course as a student will see it, every lesson playable, recording nothing', async () => {
    const calls = stubServer();
    renderRoutes(routes, '/admin/previewCourse?id=4');

    expect(await screen.findByRole('heading', { level: 1, name: 'Knots for Sailors' })).toBeTruthy();
    const notice = screen.getByRole('note', { name: 'Preview' });
    expect(notice.textContent).toContain('as an enrolled student sees it');
    expect(notice.textContent).toContain('not published yet');
    expect(notice.textContent).toContain('1 unpublished section and 2 unpublished lessons');

    const panel = screen.getByRole('complementary', { name: 'Course content' });
    await within(panel).findByText('The bowline');
    // Unpublished sections and lessons are left out, as students do not see them.
    expect(within(panel).queryByText('Work in progress')).toBeNull();
    expect(within(panel).queryByText('Unfinished section')).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: /The bowline/ }));
    // The player's code is loaded when a lesson is first opened.
    const video = await waitFor(() => {
      const element = document.querySelector('video');
      if (!element) throw new Error('no video');
      return element;
    });
    fireEvent.play(video);

    fireEvent.click(within(panel).getByRole('button', { name: /Sea shanty/ }));
    const audio = await waitFor(() => {
      const element = document.querySelector('audio');
      if (!element) throw new Error('no audio');
      return element;
    });
    expect(audio.hasAttribute('controls')).toBe(true);
    fireEvent.play(audio);

    // A text lesson is read in the page: as text, never as markup, its spacing kept.
    fireEvent.click(within(panel).getByRole('button', { name: /Knot notes/ }));
    const article = await screen.findByRole('article', { name: 'Knot notes' });
    await vi.waitFor(() => expect(article.textContent).toBe(NOTES));
    expect(article.querySelector('b')).toBeNull();
    expect(article.querySelector('.whitespace-pre-wrap')).toBeTruthy();

    expect(calls.some((call) => call.url.includes('ChangeLessonStartedFlag'))).toBe(false);
    expect(calls.every((call) => call.method === 'GET' || call.method === 'HEAD')).toBe(true);
  });

  it('coursePages opens on the lesson asked for', async () => {
    stubServer();
    renderRoutes(routes, '/admin/coursePages?id=4&lesson=12');

    expect(await screen.findByRole('heading', { level: 2, name: 'Sea shanty' })).toBeTruthy();
    expect(document.querySelector('audio')?.getAttribute('src')).toContain('/api/media/lessons/12');
  });
});
