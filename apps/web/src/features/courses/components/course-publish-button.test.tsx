import type { CourseDetail } from '@skillwise/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { courseItem } from '@/test/fixtures';
import { type FetchCall, mockFetch, renderRoutes } from '@/test/render';
import { CoursePublishButton } from './course-publish-button';

/** A draft course of 3 sections and 24 lessons, none of which a student could see yet. */
const draft = (fields: Partial<CourseDetail> = {}): CourseDetail => ({
  ...courseItem(5, { course_title: 'Knots', published: false }),
  category_name: 'Sea',
  price_type_name: 'Paid',
  sections_count: 3,
  lessons_count: 24,
  students_count: 0,
  published_lessons_count: 0,
  duration_seconds: 0,
  last_updated: '2026-11-03T12:00:00.000Z',
  ...fields,
});

let course: CourseDetail;
let calls: FetchCall[];
const publishCalls = () => calls.filter((call) => call.url.endsWith('courses/publishUnpublishCourse'));

beforeEach(() => {
  storage.set('authToken', 'token');
  course = draft();
  calls = mockFetch(({ method, url, body }) => {
    if (method === 'PUT' && url.endsWith('courses/publishUnpublishCourse')) {
      const sent = body as { published: boolean; withSectionsAndLessons?: boolean };
      course = {
        ...course,
        published: sent.published,
        ...(sent.withSectionsAndLessons ? { published_lessons_count: course.lessons_count } : {}),
      };
      return { body: course };
    }
    if (url.includes('courses/details/5')) return { body: course };
    return { status: 404, body: undefined };
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderButton = async (onContentsPublished = vi.fn()) => {
  renderRoutes(
    [{ path: '/', element: <CoursePublishButton courseId={5} onContentsPublished={onContentsPublished} /> }],
    '/',
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
  return onContentsPublished;
};

describe('publishing a course students would find empty (docs/decisions/017)', () => {
  it('warns, and "Publish everything" publishes its sections and lessons with it in one call', async () => {
    const onContentsPublished = await renderButton();
    const dialog = await screen.findByRole('dialog', { name: 'Students would find this course empty' });
    expect(dialog.textContent).toContain('No published section holds a published lesson yet.');
    expect(dialog.textContent).toContain('publishes its 3 sections and 24 lessons with the course');
    // Nothing is published before the choice.
    expect(publishCalls()).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish everything' }));
    await vi.waitFor(() => expect(onContentsPublished).toHaveBeenCalledTimes(1));
    expect(publishCalls().map((call) => call.body)).toEqual([
      { Id: 5, published: true, withSectionsAndLessons: true },
    ]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeTruthy();
  });

  it('"Publish course only" publishes the course alone, as the call always has', async () => {
    const onContentsPublished = await renderButton();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish course only' }));
    await vi.waitFor(() => expect(publishCalls()).toHaveLength(1));
    expect(publishCalls()[0]?.body).toEqual({ Id: 5, published: true });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onContentsPublished).not.toHaveBeenCalled();
  });

  it('Cancel publishes nothing', async () => {
    await renderButton();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(publishCalls()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
  });

  it('a course with no lesson at all offers only to publish the course or cancel', async () => {
    course = draft({ sections_count: 1, lessons_count: 0 });
    await renderButton();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('This course has no lessons yet');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(expect.not.arrayContaining(['Publish everything']));
    expect(within(dialog).getByRole('button', { name: 'Publish course only' })).toBeTruthy();
  });

  it('judges on the course as it is now: a lesson published meanwhile means no warning', async () => {
    renderRoutes([{ path: '/', element: <CoursePublishButton courseId={5} /> }], '/');
    await screen.findByRole('button', { name: 'Publish' });
    // The curriculum published a lesson after the button read the course.
    course = { ...course, published_lessons_count: 2 };
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(publishCalls()).toHaveLength(1));
    expect(publishCalls()[0]?.body).toEqual({ Id: 5, published: true });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('unpublishing asks nothing', async () => {
    course = draft({ published: true });
    renderRoutes([{ path: '/', element: <CoursePublishButton courseId={5} /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Unpublish' }));
    await vi.waitFor(() => expect(publishCalls()).toHaveLength(1));
    expect(publishCalls()[0]?.body).toEqual({ Id: 5, published: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
