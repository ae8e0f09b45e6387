import { type ApiKey, INTEGRATIONS_MSG } from '@skillwise/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storage } from '@/lib/storage';
import { type FetchCall, mockFetch, pathOf, renderRoutes } from '@/test/render';
import { ApiKeysCard } from './api-keys-card';
import { WebhooksCard } from './webhooks-card';

const KEY = `sk_live_${'a'.repeat(43)}`;

/** The server's keys: CreateApiKey answers the key once, GetApiKeys never does; RevokeApiKey marks it. */
const serveKeys = () => {
  const keys: ApiKey[] = [];
  return mockFetch((call: FetchCall) => {
    const path = pathOf(call);
    if (path === '/api/integrations/GetApiKeys') return { body: keys };
    if (path === '/api/integrations/CreateApiKey') {
      const made: ApiKey = {
        id: keys.length + 1,
        name: (call.body as { name: string }).name,
        prefix: KEY.slice(0, 12),
        created_at: '2026-11-29T10:00:00.000Z',
        last_used_at: null,
        revoked_at: null,
      };
      keys.unshift(made);
      return { status: 201, body: { ...made, key: KEY } };
    }
    if (path === '/api/integrations/RevokeApiKey') {
      const key = keys.find((k) => k.id === (call.body as { id: number }).id);
      if (key) key.revoked_at = '2026-11-29T11:00:00.000Z';
      return { body: key };
    }
    return { status: 404 };
  });
};

beforeEach(() => storage.set('authToken', 'token'));

describe('ApiKeysCard', () => {
  it('shows a new key once, lists it by its prefix and revokes it', async () => {
    const calls = serveKeys();
    renderRoutes([{ path: '/', element: <ApiKeysCard /> }], '/');
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'Zapier' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(KEY)).toBeTruthy();
    expect(await screen.findByText(`${KEY.slice(0, 12)}…`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(KEY)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke Zapier' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revoked')).toBeTruthy();
    expect(calls.find((c) => pathOf(c) === '/api/integrations/RevokeApiKey')?.body).toEqual({ id: 1 });
  });
});

describe('WebhooksCard', () => {
  it('a school on another plan reads the plan it needs', async () => {
    mockFetch(() => ({
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', code: 'FORBIDDEN', message: INTEGRATIONS_MSG.needsPlan },
    }));
    renderRoutes([{ path: '/', element: <WebhooksCard /> }], '/');
    await waitFor(() => expect(screen.getByText(INTEGRATIONS_MSG.needsPlan)).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull();
  });
});
