import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { failureLink, MessageWithLink, PLAN_LIMIT_LINK } from './message-link';

describe('a refusal’s way on', () => {
  it('leads a plan’s limit to Plan & billing, and nothing else anywhere', () => {
    const limit = new ApiError('Your Basic plan allows 3 published courses.', {
      status: 409,
      code: 'PLAN_LIMIT',
    });
    expect(failureLink(limit)).toEqual({ to: '/admin/billing', label: 'See Plan & billing' });
    expect(failureLink(new ApiError('Taken', { status: 409, code: 'CONFLICT' }))).toBeUndefined();
    expect(failureLink(new Error('offline'))).toBeUndefined();
  });

  it('shows the message with its link, or the message alone', () => {
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <>
            <p data-testid="with">
              <MessageWithLink message="Your plan is full." link={PLAN_LIMIT_LINK} />
            </p>
            <p data-testid="without">
              <MessageWithLink message="It failed." link={undefined} />
            </p>
          </>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getByTestId('with').textContent).toBe('Your plan is full. See Plan & billing');
    expect(screen.getByRole('link', { name: 'See Plan & billing' }).getAttribute('href')).toBe(
      '/admin/billing',
    );
    expect(screen.getByTestId('without').textContent).toBe('It failed.');
  });
});
