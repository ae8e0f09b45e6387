import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { type FetchCall, mockFetch, renderRoutes } from '@/test/render';
import { ReviewForm } from './review-form';

const saves = (calls: FetchCall[]) => calls.filter((call) => call.url.endsWith('reviews/SaveCourseReview'));

const renderForm = () =>
  renderRoutes([{ path: '/', element: <ReviewForm courseId={4} review={null} /> }], '/');

beforeEach(() => storage.set('authToken', 'token-1'));
afterEach(() => vi.unstubAllGlobals());

describe('ReviewForm', () => {
  it('asks for a rating, then for a shorter comment, before sending anything', () => {
    const calls = mockFetch(() => ({ body: {} }));
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Post review' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a rating from 1 to 5 stars.');

    fireEvent.click(screen.getByLabelText('4 stars'));
    // Choosing a rating clears what it fixed.
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Your review/), { target: { value: 'x'.repeat(1001) } });
    expect(screen.getByText('1001/1000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Post review' }));
    expect(screen.getByRole('alert').textContent).toBe('Your comment can be at most 1000 characters.');
    expect(saves(calls)).toHaveLength(0);
  });

  it('sends the rating and the trimmed comment and thanks the student', async () => {
    const calls = mockFetch(() => ({ body: { review_Id: 1, rating: 4, comment: 'Calm.' } }));
    renderForm();
    fireEvent.click(screen.getByLabelText('4 stars'));
    fireEvent.change(screen.getByLabelText(/Your review/), { target: { value: '  Calm. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post review' }));
    expect((await screen.findByRole('status')).textContent).toBe('Thank you for your review!');
    expect(saves(calls)[0]?.body).toEqual({ course_Id: 4, rating: 4, comment: 'Calm.' });
  });

  it('says a refusal in the server’s words', async () => {
    mockFetch(() => ({
      status: 403,
      body: {
        statusCode: 403,
        error: 'Forbidden',
        code: 'FORBIDDEN',
        message: 'Only enrolled students review.',
      },
    }));
    renderForm();
    fireEvent.click(screen.getByLabelText('5 stars'));
    fireEvent.click(screen.getByRole('button', { name: 'Post review' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Only enrolled students review.'));
  });
});
