import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { mockFetch, pathOf } from '@/test/render';
import { QuestionImageField, type QuestionImageValue } from './question-image-field';

const UPLOADED = {
  image_key: 'c0ffee00-0000-4000-8000-000000000001.png',
  image_url: '/api/media/quiz-images/9/new.png?x=1',
};

beforeEach(() => {
  storage.set('authToken', 'token');
  Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:chosen'), configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
});

const picture = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'diagram.png', { type: 'image/png' });

const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText(/^Image/), { target: { files: [file] } });

describe('QuestionImageField', () => {
  it('uploads a chosen picture for the lesson at once and hands its key to the editor', async () => {
    const calls = mockFetch(() => ({ status: 201, body: UPLOADED }));
    const onChange = vi.fn();
    const onUploadingChange = vi.fn();
    render(
      <QuestionImageField
        lessonId={9}
        value={null}
        onChange={onChange}
        onUploadingChange={onUploadingChange}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Remove image' })).toBeNull();
    choose(picture());
    expect((await screen.findByRole('status')).textContent).toBe('Uploading...');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(UPLOADED));
    expect(calls).toHaveLength(1);
    expect(pathOf(calls[0])).toBe('/api/quizzes/UploadQuestionImage');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.Authorization ?? calls[0]?.headers.authorization).toBe('Bearer token');
    // The lesson goes before the file, so the server checks it before storing a byte.
    expect(Object.entries(calls[0]?.form ?? {})).toEqual([
      ['Object.lesson_Id', '9'],
      ['file', 'diagram.png'],
    ]);
    expect(onUploadingChange.mock.calls).toEqual([[true], [false]]);
  });

  it('shows the image the question has, and the one just uploaded from memory', async () => {
    mockFetch(() => ({ status: 201, body: UPLOADED }));
    const Harness = () => {
      const [value, setValue] = useStateValue({
        image_key: 'old.png',
        image_url: '/api/media/quiz-images/9/old.png',
      });
      return <QuestionImageField lessonId={9} value={value} onChange={setValue} />;
    };
    render(<Harness />);
    expect(screen.getByRole('img', { name: 'The question’s image' }).getAttribute('src')).toBe(
      '/api/media/quiz-images/9/old.png',
    );
    choose(picture());
    await waitFor(() => expect(screen.getByRole('img').getAttribute('src')).toBe('blob:chosen'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the server’s refusal and keeps the image the question had', async () => {
    mockFetch(() => ({
      status: 415,
      body: {
        statusCode: 415,
        error: 'Unsupported Media Type',
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'This file is not an image: use a JPEG, PNG, GIF or WebP picture.',
        details: [
          { field: 'file', message: 'This file is not an image: use a JPEG, PNG, GIF or WebP picture.' },
        ],
      },
    }));
    const onChange = vi.fn();
    const value: QuestionImageValue = { image_key: 'old.png', image_url: '/old.png' };
    render(<QuestionImageField lessonId={9} value={value} onChange={onChange} />);
    choose(new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText('This file is not an image: use a JPEG, PNG, GIF or WebP picture.'),
    ).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('img').getAttribute('src')).toBe('/old.png');
    expect(screen.getByLabelText(/^Image/).getAttribute('aria-invalid')).toBe('true');
  });

  it('says when the upload failed without a message, and shows the server’s error for the saved key', async () => {
    mockFetch(() => ({ status: 500 }));
    const { rerender } = render(<QuestionImageField lessonId={9} value={null} onChange={vi.fn()} />);
    choose(picture());
    expect(await screen.findByText('The image could not be uploaded. Please try again.')).toBeTruthy();
    rerender(
      <QuestionImageField
        lessonId={9}
        value={null}
        onChange={vi.fn()}
        error="must be an image uploaded for this school’s quiz with quizzes/UploadQuestionImage"
      />,
    );
    // The upload's own failure is the one shown until the next choice.
    expect(screen.getByText('The image could not be uploaded. Please try again.')).toBeTruthy();
  });

  it('removes the image: the editor is told null', () => {
    const onChange = vi.fn();
    render(
      <QuestionImageField
        lessonId={9}
        value={{ image_key: 'old.png', image_url: '/old.png' }}
        onChange={onChange}
        error="must be an image uploaded for this school’s quiz with quizzes/UploadQuestionImage"
      />,
    );
    expect(
      screen.getByText('must be an image uploaded for this school’s quiz with quizzes/UploadQuestionImage'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});

/** A parent keeping the field's value, as the quiz editor will. */
function useStateValue(initial: QuestionImageValue | null) {
  return useState<QuestionImageValue | null>(initial);
}
