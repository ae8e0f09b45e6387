import type { Lesson, Section } from '@skillwise/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { type FetchCall, mockFetch, renderRoutes } from '@/test/render';
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
  published: true,
  first_name: 'Ada',
  last_name: 'Lovelace',
  bio: '',
  profile_picturePath: null,
};

const lesson = (id: number, title: string, contentType: string, extra: Partial<Lesson> = {}): Lesson => ({
  lesson_Id: id,
  lesson_title: title,
  lessonType: contentType,
  contentType,
  content_path: `/api/media/lessons/${id}?viewer=9&expires=${Math.floor(Date.now() / 1000) + 3600}&signature=s`,
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
    lessons: [lesson(11, 'The bowline', 'video/mp4'), lesson(12, 'Chart handout', 'application/pdf')],
  },
  {
    section_Id: 2,
    section_name: 'Practice',
    section_description: '',
    order_number: 2,
    published: true,
    course_Id: 4,
    lessons: [lesson(13, 'Sea shanty', 'audio', { lessonstarted: true })],
  },
];

/** The lesson's player, once its code (loaded when a lesson is first opened) has drawn it. */
const player = <K extends 'audio' | 'video'>(tag: K) =>
  vi.waitFor(() => {
    const element = document.querySelector(tag);
    if (!element) throw new Error(`no ${tag}`);
    return element;
  });

const untouched = (id: number) => ({
  lesson_Id: id,
  lessonstarted: false,
  positionSeconds: 0,
  completed: false,
  completed_date: null,
});

/** The video left at 42 s, nothing completed yet. */
const progressAnswer = {
  course_Id: 4,
  totalLessons: 3,
  completedLessons: 0,
  progress: '0%',
  nextLesson_Id: 11,
  lessons: [{ ...untouched(11), lessonstarted: true, positionSeconds: 42 }, untouched(12), untouched(13)],
};

const answer = (enrolled: boolean) => (call: FetchCall) => {
  if (call.url.includes('GetAllCoursesByUserIdandCourseId')) {
    return { body: enrolled ? [{ ...course, progress: '0%', source: 'assigned', enrolled_date: '' }] : [] };
  }
  if (call.url.includes('ChangeLessonStartedFlag')) return { body: { lesson_Id: 11, lessonstarted: true } };
  if (call.url.includes('GetCourseProgress/4')) return { body: progressAnswer };
  if (call.url.includes('SaveLessonProgress')) {
    const body = call.body as { lesson_Id: number; positionSeconds?: number; completed?: boolean };
    return {
      body: {
        lesson_Id: body.lesson_Id,
        lessonstarted: true,
        positionSeconds: body.positionSeconds ?? 0,
        completed: body.completed ?? false,
        completed_date: body.completed ? '2026-01-01T00:00:00.000Z' : null,
      },
    };
  }
  if (call.url.includes('GetCourseRating')) return { body: { course_Id: 4, average: null, count: 0 } };
  if (call.url.includes('GetMyCourseReview'))
    return { body: { course_Id: 4, canReview: false, review: null } };
  if (call.url.includes('GetCourseSectionsByCourseIdForPreview')) return { body: [] };
  if (call.url.includes('GetCourseSectionsByCourseId')) return { body: sections };
  if (call.url.includes('courses/details/4')) {
    return {
      body: { ...course, category_name: 'Sea', price_type_name: 'Paid', sections_count: 2, lessons_count: 3 },
    };
  }
  return { body: [] };
};

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  // jsdom does not scroll; opening a lesson scrolls its viewer into view.
  Element.prototype.scrollIntoView = () => undefined;
  storage.set('authToken', 'token');
  storage.set('userId', 9);
  storage.set('currentUserRole', 3);
});
afterEach(() => vi.unstubAllGlobals());

describe('student course view (SPEC §2.12, DESIGN decision 4)', () => {
  it('shows the course detail with Enroll Now to a student who is not enrolled', async () => {
    const calls = mockFetch(answer(false));
    renderRoutes(routes, '/students/takeCourse?id=4');

    expect(await screen.findByRole('button', { name: 'Enroll Now' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Knots for Sailors' })).toBeTruthy();
    expect(
      calls.some((call) => call.url.endsWith('/studentCourse/GetAllCoursesByUserIdandCourseId/9/4')),
    ).toBe(true);
    expect(calls.some((call) => call.url.includes('GetCourseSectionsByCourseId/4'))).toBe(false);
  });

  it.each(['/courseDetail?id=4', '/students/courseDetails?id=4'])(
    'on %s an enrolled student is shown Go to course and no Enroll Now',
    async (path) => {
      mockFetch(answer(true));
      renderRoutes(routes, path);

      expect(await screen.findByRole('link', { name: 'Go to course' })).toBeTruthy();
      expect(screen.getByText('You are enrolled in this course')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Enroll Now' })).toBeNull();
    },
  );

  it('opens the course for an enrolled student, one section at a time, and records the first play', async () => {
    const calls = mockFetch(answer(true));
    renderRoutes(routes, '/students/takeCourse?id=4');

    const panel = await screen.findByRole('complementary', { name: 'Course content' });
    expect(screen.getByRole('heading', { name: 'This Course Includes' })).toBeTruthy();
    expect(await within(panel).findByText('The bowline')).toBeTruthy();
    // It includes what it has: video, a PDF and a certificate, read from the lessons and the course.
    expect(screen.getByText('On-demand video lessons')).toBeTruthy();
    expect(screen.getByText('Downloadable PDF resources')).toBeTruthy();
    expect(screen.getByText('Certificate of completion')).toBeTruthy();
    expect(within(panel).queryByText('Sea shanty')).toBeNull();

    // Opening the second section closes the first; its started lesson is highlighted.
    fireEvent.click(within(panel).getByRole('button', { name: /Practice/ }));
    expect(within(panel).queryByText('The bowline')).toBeNull();
    expect(within(panel).getByText('Started')).toBeTruthy();
    // An audio lesson opens in a player with controls (seeking included).
    fireEvent.click(within(panel).getByRole('button', { name: /Sea shanty/ }));
    const audio = await player('audio');
    expect(audio?.hasAttribute('controls')).toBe(true);
    expect(audio?.getAttribute('src')).toContain('/api/media/lessons/13');

    fireEvent.click(within(panel).getByRole('button', { name: /Basics/ }));
    fireEvent.click(within(panel).getByRole('button', { name: /The bowline/ }));
    const video = await player('video');
    expect(video?.getAttribute('src')).toContain('/api/media/lessons/11');
    expect(screen.getByRole('heading', { name: 'About this Course' })).toBeTruthy();

    if (!video) throw new Error('no video');
    fireEvent.play(video);
    fireEvent.play(video);
    expect(await within(panel).findByText('Started')).toBeTruthy();
    const flags = calls.filter((call) => call.url.includes('ChangeLessonStartedFlag'));
    expect(flags).toHaveLength(1);
    expect(flags[0]?.url).toBe('/api/lessons/ChangeLessonStartedFlag?lesson_Id=11&lessonstarted=true');
    expect(flags[0]?.method).toBe('PUT');
    expect(flags[0]?.body).toEqual({ lesson_Id: 11, lessonstarted: true });

    fireEvent.click(within(panel).getByRole('button', { name: /Chart handout/ }));
    // The signed URL is checked before it goes into the frame, with GET: a presigned bucket URL is
    // signed for GET alone, and the bucket refuses it to HEAD.
    expect((await screen.findByTitle('Chart handout (PDF)')).getAttribute('src')).toContain(
      '/api/media/lessons/12',
    );
    const checks = calls.filter((call) => call.url.includes('/api/media/lessons/12'));
    expect(checks.map((call) => call.method)).toEqual(['GET']);
  });

  it('shows progress, continues with the next lesson, resumes and saves the position, marks a PDF done', async () => {
    const calls = mockFetch(answer(true));
    renderRoutes(routes, '/students/takeCourse?id=4');

    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuetext')).toBe('0% complete');
    expect(bar.getAttribute('value')).toBe('0');
    expect(screen.getByText(/0 of 3 lessons completed/)).toBeTruthy();

    // Continue opens the first lesson not completed; the video resumes where it was left.
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const video = await player('video');
    if (!video) throw new Error('no video');
    Object.defineProperty(video, 'duration', { configurable: true, value: 100 });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(42);

    // Playing saves where it starts (the server measures the time watched from there), and a pause where
    // it stopped: the position alone, the server knowing the video's length itself.
    fireEvent.play(video);
    const saved = () => calls.filter((call) => call.url.includes('SaveLessonProgress'));
    await vi.waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]?.method).toBe('POST');
    expect(saved()[0]?.body).toEqual({ lesson_Id: 11, positionSeconds: 42 });
    video.currentTime = 50;
    fireEvent.pause(video);
    await vi.waitFor(() => expect(saved()).toHaveLength(2));
    expect(saved()[1]?.body).toEqual({ lesson_Id: 11, positionSeconds: 50 });
    // A pause at the same place sends nothing more.
    fireEvent.pause(video);
    expect(saved()).toHaveLength(2);
    // Faster than 2x is brought back to 2x: the server would not count the time watched faster.
    video.playbackRate = 4;
    fireEvent.rateChange(video);
    expect(video.playbackRate).toBe(2);

    // A PDF has 'Mark as done' (and an undo); a video and an audio lesson have none.
    expect(screen.queryByRole('button', { name: /Mark as done/ })).toBeNull();
    const panel = screen.getByRole('complementary', { name: 'Course content' });
    fireEvent.click(within(panel).getByRole('button', { name: /Practice/ }));
    fireEvent.click(await within(panel).findByRole('button', { name: /Sea shanty/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sea shanty' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Mark as done/ })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: /Basics/ }));
    fireEvent.click(within(panel).getByRole('button', { name: /Chart handout/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Mark as done/ }));
    await vi.waitFor(() => expect(saved()).toHaveLength(3));
    expect(saved()[2]?.body).toEqual({ lesson_Id: 12, completed: true });
    expect(await screen.findByText(/1 of 3 lessons completed/)).toBeTruthy();
    expect(within(panel).getByText('Completed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Undo/ }));
    await vi.waitFor(() => expect(saved()).toHaveLength(4));
    expect(saved()[3]?.body).toEqual({ lesson_Id: 12, completed: false });
    expect(await screen.findByText(/0 of 3 lessons completed/)).toBeTruthy();
  });
});
