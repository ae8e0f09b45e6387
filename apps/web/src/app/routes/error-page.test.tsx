import { MSG } from '@skillwise/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { ErrorPage } from './error-page';

const Broken = () => {
  throw new Error('boom');
};

describe('ErrorPage (SPEC §2.13 error fallback)', () => {
  it('replaces a screen that fails to render', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRoutes([{ path: '/admin', element: <Broken />, errorElement: <ErrorPage /> }], '/admin');

    expect(await screen.findByRole('heading', { name: MSG.somethingWentWrong })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });
});
