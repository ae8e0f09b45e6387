import type { Lesson, Section } from '@skillwise/contracts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { LessonInput } from '../api/curriculum';
import { EditLessonForm } from './edit-lesson-form';
import { LessonFormModal } from './lesson-form';

const MB = 1024 * 1024;
const video = () => {
  const file = new File(['x'], 'harbour.mp4', { type: 'video/mp4' });
  Object.defineProperty(file, 'size', { value: 50 * MB });
  return file;
};

/** A save that stays under way until the test ends it, handing the test the form's input. */
const pendingSave = () => {
  const saving: { input?: LessonInput; finish?: () => void } = {};
  const save = (input: LessonInput) =>
    new Promise<unknown>((resolve) => {
      saving.input = input;
      saving.finish = () => resolve({});
    });
  return { saving, save };
};

/** Plays an upload through the form's listener: 43% sent, the connection lost, back, and resumed. */
const playUpload = async (input: LessonInput | undefined, dialog: HTMLElement) => {
  const onUpload = input?.onUpload;
  if (!onUpload) throw new Error('the form gave no upload listener');
  act(() => {
    onUpload({ type: 'start', total: 50 * MB });
    onUpload({ type: 'progress', sent: 22 * MB, total: 50 * MB });
  });
  // The spec's words stay on the button while the bar says how far the file has got.
  expect(within(dialog).getByRole('button', { name: 'Saving...' })).toBeTruthy();
  const bar = within(dialog).getByRole('progressbar', { name: /Uploading file\s*44%/ });
  expect(bar.getAttribute('aria-valuetext')).toMatch(/^44%, 22 MB of 50 MB/);

  act(() => onUpload({ type: 'offline' }));
  expect(
    within(dialog).getByText('Connection lost — the upload will resume when you are back online.'),
  ).toBeTruthy();
  expect(within(dialog).getByText('22 MB of 50 MB · waiting for the connection')).toBeTruthy();
  act(() => {
    onUpload({ type: 'online' });
    onUpload({ type: 'progress', sent: 21.5 * MB, total: 50 * MB });
  });
  expect(within(dialog).getByText('Resumed at 43%.')).toBeTruthy();
};

describe('a lesson file’s upload in the lesson forms', () => {
  it('Add Lesson shows the progress and the connection while Upload Lesson says Saving...', async () => {
    const { saving, save } = pendingSave();
    const section = { section_Id: 1, section_name: 'Basics', lessons: [] } as unknown as Section;
    render(<LessonFormModal section={section} onClose={() => undefined} save={save} />);
    const dialog = screen.getByRole('dialog', { name: 'Add Lesson' });
    fireEvent.change(within(dialog).getByLabelText('Lesson Name'), { target: { value: 'Harbour tour' } });
    fireEvent.change(within(dialog).getByLabelText('Content Type'), { target: { value: 'video' } });
    fireEvent.change(within(dialog).getByLabelText('File'), { target: { files: [video()] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload Lesson' }));
    await vi.waitFor(() => expect(saving.input).toMatchObject({ lessonId: 0, title: 'Harbour tour' }));
    await playUpload(saving.input, dialog);
    await act(async () => saving.finish?.());
  });

  it('Edit Lesson shows them too while Save Changes says Saving...', async () => {
    const { saving, save } = pendingSave();
    const lesson = {
      lesson_Id: 7,
      lesson_title: 'Charts',
      contentType: 'video',
      section_Id: 1,
      content_path: '/api/media/x',
    } as unknown as Lesson;
    render(
      <div role="dialog" aria-label="Edit">
        <EditLessonForm lesson={lesson} sectionName="Basics" onClose={() => undefined} save={save} />
      </div>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit' });
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/Replace the file/), { target: { files: [video()] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(saving.input).toMatchObject({ lessonId: 7, title: 'Charts' }));
    await playUpload(saving.input, dialog);
    await act(async () => saving.finish?.());
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
  });

  it('Edit Lesson refused for the plan’s storage says why and leads to Plan & billing', async () => {
    const refusal = 'This file does not fit in your plan’s storage.';
    const save = () => Promise.reject(new ApiError(refusal, { status: 409, code: 'PLAN_LIMIT' }));
    const lesson = {
      lesson_Id: 7,
      lesson_title: 'Charts',
      contentType: 'video',
      section_Id: 1,
      content_path: '/api/media/x',
    } as unknown as Lesson;
    render(
      <MemoryRouter>
        <EditLessonForm lesson={lesson} sectionName="Basics" onClose={() => undefined} save={save} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText(/Replace the file/), { target: { files: [video()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const status = await screen.findByText(refusal, { exact: false });
    expect(status.closest('[role="status"]')?.textContent).toBe(`${refusal} See Plan & billing`);
    expect(screen.getByRole('link', { name: 'See Plan & billing' }).getAttribute('href')).toBe(
      '/admin/billing',
    );
  });
});
