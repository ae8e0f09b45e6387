import type { SchoolSiteSettings } from '@skillwise/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { storage } from '@/lib/storage';
import { mockFetch, pathOf, renderRoutes } from '@/test/render';
import { SiteSettings } from './site-settings';

const SETTINGS: SchoolSiteSettings = {
  org_id: 7,
  slug: 'escuela',
  name: 'Escuela',
  display_name: '',
  school_name: 'Escuela',
  logo: null,
  primary_color: '#4f46e5',
  headline: '',
  about: '',
  custom_domain: null,
  custom_domain_allowed: false,
  url: 'https://learn.example.com/s/escuela',
  language: 'en',
};

beforeEach(() => storage.set('authToken', 'token'));

it('the school’s language is chosen among the languages the app speaks and saved with the brand', async () => {
  const calls = mockFetch((call) => {
    const path = pathOf(call);
    if (path === '/api/schoolSite/GetSettings') return { body: SETTINGS };
    if (path === '/api/schoolSite/UpdateSettings') {
      return { body: { ...SETTINGS, ...(call.body as Partial<SchoolSiteSettings>) } };
    }
    return { status: 404 };
  });
  renderRoutes([{ path: '/', element: <SiteSettings /> }], '/');
  await screen.findByRole('link', { name: 'Open your site' });
  const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Language' });
  expect(select.value).toBe('en');
  expect([...select.options].map((option) => option.textContent)).toEqual(['English', 'Español', 'العربية']);
  fireEvent.change(select, { target: { value: 'es' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save brand' }));
  await waitFor(() => expect(calls.some((c) => pathOf(c) === '/api/schoolSite/UpdateSettings')).toBe(true));
  expect(calls.find((c) => pathOf(c) === '/api/schoolSite/UpdateSettings')?.body).toMatchObject({
    language: 'es',
  });
  await waitFor(() => expect(select.value).toBe('es'));
});
