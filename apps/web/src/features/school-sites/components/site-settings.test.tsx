import { SCHOOL_SITE_MSG, type SchoolSiteSettings } from '@skillwise/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storage } from '@/lib/storage';
import { type FetchCall, mockFetch, pathOf, renderRoutes } from '@/test/render';
import { SiteSettings } from './site-settings';

const SETTINGS: SchoolSiteSettings = {
  org_id: 7,
  slug: 'harbour-arts',
  name: 'Harbour Arts',
  display_name: '',
  school_name: 'Harbour Arts',
  logo: null,
  primary_color: '#4f46e5',
  headline: '',
  about: '',
  custom_domain: null,
  custom_domain_allowed: false,
  url: 'https://learn.example.com/s/harbour-arts',
  language: 'en',
};

/** The server: GetSettings answers the settings, UpdateSettings changes them as sent. */
const serve = (initial: SchoolSiteSettings = SETTINGS) => {
  let settings = { ...initial };
  return mockFetch((call: FetchCall) => {
    const path = pathOf(call);
    if (path === '/api/schoolSite/GetSettings') return { body: settings };
    if (path === '/api/schoolSite/UpdateSettings') {
      const body = call.body as Partial<SchoolSiteSettings>;
      if (body.slug === 'taken-one') {
        return {
          status: 409,
          body: {
            statusCode: 409,
            code: 'CONFLICT',
            error: 'Conflict',
            message: `slug: ${SCHOOL_SITE_MSG.slugTaken}`,
            details: [{ field: 'slug', message: SCHOOL_SITE_MSG.slugTaken }],
          },
        };
      }
      settings = { ...settings, ...body, name: body.display_name || settings.school_name };
      return { body: settings };
    }
    return { status: 404 };
  });
};

beforeEach(() => storage.set('authToken', 'token'));

describe('SiteSettings', () => {
  it('previews the name, headline and colour as they are typed, and saves them', async () => {
    const calls = serve();
    renderRoutes([{ path: '/', element: <SiteSettings /> }], '/');
    const open = await screen.findByRole('link', { name: 'Open your site' });
    expect(open.getAttribute('href')).toBe(SETTINGS.url);
    fireEvent.change(screen.getByLabelText(/Name shown/), { target: { value: 'Clay Works' } });
    fireEvent.change(screen.getByLabelText(/Headline/), { target: { value: 'Hands in the clay' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Colour' }), { target: { value: '#1d4ed8' } });
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getAllByText('Clay Works')).toHaveLength(2);
    expect(within(preview).getByText('Hands in the clay')).toBeTruthy();
    const themed = preview.querySelector('[style]') as HTMLElement;
    expect(themed.style.getPropertyValue('--color-brand-600')).toBe('#1d4ed8');
    expect(screen.getByText(/White text on it: 6\.7:1/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save brand' }));
    await waitFor(() => expect(calls.some((c) => pathOf(c) === '/api/schoolSite/UpdateSettings')).toBe(true));
    expect(calls.find((c) => pathOf(c) === '/api/schoolSite/UpdateSettings')?.body).toMatchObject({
      display_name: 'Clay Works',
      headline: 'Hands in the clay',
      primary_color: '#1d4ed8',
    });
  });

  it('refuses a colour too light for white text and a bad address before sending; shows the server’s word on a taken one', async () => {
    const calls = serve();
    renderRoutes([{ path: '/', element: <SiteSettings /> }], '/');
    await screen.findByRole('link', { name: 'Open your site' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Colour' }), { target: { value: '#ffff00' } });
    fireEvent.change(screen.getByLabelText(/Address/), { target: { value: 'Bad Address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save brand' }));
    expect(await screen.findByText(/contrast of 1\.1:1; choose a darker colour/)).toBeTruthy();
    expect(screen.getByText(/must be lower-case letters/)).toBeTruthy();
    expect(calls.some((c) => pathOf(c) === '/api/schoolSite/UpdateSettings')).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Colour' }), { target: { value: '#1d4ed8' } });
    fireEvent.change(screen.getByLabelText(/Address/), { target: { value: 'taken-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save brand' }));
    expect(await screen.findByText(SCHOOL_SITE_MSG.slugTaken)).toBeTruthy();
  });

  it('a school on another plan reads the plan a domain needs; on Growth it saves one', async () => {
    serve();
    const { unmount } = renderRoutes([{ path: '/', element: <SiteSettings /> }], '/');
    expect(await screen.findByText(SCHOOL_SITE_MSG.needsPlan, { exact: false })).toBeTruthy();
    expect((screen.getByLabelText('Domain') as HTMLInputElement).disabled).toBe(true);
    unmount();
    const calls = mockFetch((call) => {
      const path = pathOf(call);
      if (path === '/api/schoolSite/GetSettings')
        return { body: { ...SETTINGS, custom_domain_allowed: true } };
      if (path === '/api/schoolSite/SetCustomDomain') {
        return { body: { ...SETTINGS, custom_domain_allowed: true, custom_domain: 'learn.harbour.test' } };
      }
      return { status: 404 };
    });
    renderRoutes([{ path: '/', element: <SiteSettings /> }], '/');
    fireEvent.change(await screen.findByLabelText('Domain'), { target: { value: 'learn.harbour.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save domain' }));
    await waitFor(() =>
      expect(calls.find((c) => pathOf(c) === '/api/schoolSite/SetCustomDomain')?.body).toEqual({
        domain: 'learn.harbour.test',
      }),
    );
  });
});
