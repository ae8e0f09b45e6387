import { UNSUBSCRIBED_MESSAGE } from '@skillwise/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes } from '@/test/render';
import { UnsubscribePanel } from './unsubscribe-panel';

const TOKEN = `12.${'a'.repeat(43)}`;

describe('the unsubscribe page', () => {
  it('asks first, then posts the token without a login and confirms', async () => {
    const calls = mockFetch(() => ({ body: { message: UNSUBSCRIBED_MESSAGE, email_notifications: false } }));
    renderRoutes([{ path: '/', element: <UnsubscribePanel token={TOKEN} /> }], '/');
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Turn off notification e-mails' }));
    expect(await screen.findByText(UNSUBSCRIBED_MESSAGE)).toBeTruthy();
    expect(calls[0]).toMatchObject({
      url: '/api/notifications/Unsubscribe',
      method: 'POST',
      body: { token: TOKEN },
    });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
  });

  it('shows the server’s refusal of an altered link', async () => {
    mockFetch(() => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        code: 'VALIDATION',
        message: 'This unsubscribe link is not valid.',
      },
    }));
    renderRoutes([{ path: '/', element: <UnsubscribePanel token={TOKEN} /> }], '/');
    fireEvent.click(screen.getByRole('button', { name: 'Turn off notification e-mails' }));
    expect(await screen.findByText('This unsubscribe link is not valid.')).toBeTruthy();
  });

  it('says a cut link is incomplete and sends nothing', () => {
    const calls = mockFetch(() => ({ body: {} }));
    renderRoutes([{ path: '/', element: <UnsubscribePanel token="12.abc" /> }], '/');
    expect(screen.getByText(/This unsubscribe link is incomplete/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off notification e-mails' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
