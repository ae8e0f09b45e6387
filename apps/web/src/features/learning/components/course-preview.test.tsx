import type { Lesson, Section } from '@skillwise/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, pathOf, renderRoutes } from '@/test/render';
import { CoursePreview } from './course-preview';

const lesson = (lesson_Id: number, fields: Partial<Lesson>): Lesson => ({
  lesson_Id,
  lesson_title: `Lesson ${lesson_Id}`,
  lessonType: 'video',
  contentType: 'video',
  content_path: `/api/media/lessons/${lesson_Id}?viewer=0&expires=99999999999&signature=x`,
  contentFile: null,
  file_mime: 'video/mp4',
  file_size: 1000,
  section_Id: 1,
  order_number: lesson_Id,
  published: true,
  preview: false,
  lessonstarted: false,
  ...fields,
});

const section: Section = {
  section_Id: 1,
  section_name: 'Basics',
  section_description: '',
  order_number: 1,
  published: true,
  course_Id: 7,
  lessons: [
    lesson(1, { lesson_title: 'Knots in a minute', preview: true }),
    lesson(2, { lesson_title: 'The handout', contentType: 'pdf', lessonType: 'pdf', preview: true }),
    lesson(3, { lesson_title: 'Members only' }),
  ],
};

afterEach(() => vi.unstubAllGlobals());
// Picking a lesson scrolls the player into view; jsdom lays nothing out.
Element.prototype.scrollIntoView = () => undefined;

describe('CoursePreview (SPEC §2.4)', () => {
  it('holds the player’s place with one button until the visitor asks, then plays', async () => {
    const calls = mockFetch(() => ({ body: [section] }));
    renderRoutes([{ path: '/', element: <CoursePreview courseId={7} /> }], '/');

    const start = await screen.findByRole('button', { name: 'Play the preview' });
    expect(screen.getByText('Free preview: Knots in a minute')).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
    expect(calls.map(pathOf)).toEqual(['/api/courseSections/GetCourseSectionsByCourseIdForPreview/7']);

    fireEvent.click(start);
    const video = await screen.findByLabelText('Knots in a minute');
    expect(video.tagName).toBe('VIDEO');
    expect((video as HTMLVideoElement).autoplay).toBe(true);
  });

  it('a preview lesson picked from the list opens at once', async () => {
    mockFetch(() => ({ body: [section] }));
    renderRoutes([{ path: '/', element: <CoursePreview courseId={7} /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: /The handout/ }));
    expect(await screen.findByText('Free preview: The handout')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open the preview' })).toBeNull();
  });
});
