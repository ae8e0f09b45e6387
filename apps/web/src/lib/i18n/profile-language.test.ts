import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { mockFetch } from '@/test/render';
import { LOCALE_KEY } from './locale';

const { setLocaleSpy, notifyError } = vi.hoisted(() => ({
  setLocaleSpy: vi.fn(),
  notifyError: vi.fn(),
}));

// setLocale is the real one unless a test makes a catalogue fail to load.
vi.mock('./i18n', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./i18n')>();
  setLocaleSpy.mockImplementation(actual.setLocale);
  return { ...actual, setLocale: setLocaleSpy };
});
vi.mock('@/lib/toast', () => ({ notify: { error: notifyError, success: vi.fn(), info: vi.fn() } }));

const { currentLocale, t } = await import('./i18n');
const { adoptProfileLanguage, chooseLocale } = await import('./profile-language');
const actualSetLocale = (await vi.importActual<typeof import('./i18n')>('./i18n')).setLocale;

const kept = () => localStorage.getItem(LOCALE_KEY);
const failNextLoad = () => setLocaleSpy.mockRejectedValueOnce(new Error('Failed to fetch catalogue'));

beforeEach(() => {
  setLocaleSpy.mockClear();
  notifyError.mockClear();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await actualSetLocale('en');
});

describe('a profile’s language', () => {
  test('becomes the app’s language and this browser’s choice', async () => {
    await adoptProfileLanguage('es');
    expect(currentLocale()).toBe('es');
    expect(kept()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    await adoptProfileLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
  });

  test('none (or one the app does not speak) changes nothing', async () => {
    for (const language of [null, undefined, 'fr', '']) await adoptProfileLanguage(language);
    expect(currentLocale()).toBe('en');
    expect(kept()).toBeNull();
    expect(setLocaleSpy).not.toHaveBeenCalled();
  });

  test('a catalogue that does not load leaves the page as it is, with a toast; the choice is kept for next time', async () => {
    failNextLoad();
    await adoptProfileLanguage('es');
    expect(currentLocale()).toBe('en');
    expect(notifyError).toHaveBeenCalledWith(t('common.language.loadFailed'), expect.anything());
    expect(kept()).toBe('es');
  });
});

describe('choosing a language', () => {
  test('signed in: the page switches, the choice is kept and saved to the profile', async () => {
    storage.set('authToken', 'tok');
    const calls = mockFetch(() => ({ body: { language: 'es' } }));
    expect(await chooseLocale('es')).toBe(true);
    expect(currentLocale()).toBe('es');
    expect(kept()).toBe('es');
    expect(calls).toEqual([
      expect.objectContaining({
        url: '/api/users/SetMyLanguage',
        method: 'PUT',
        body: { language: 'es' },
        headers: expect.objectContaining({ Authorization: 'Bearer tok' }),
      }),
    ]);
    expect(notifyError).not.toHaveBeenCalled();
  });

  test('signed out: the choice is kept on this browser only', async () => {
    const calls = mockFetch(() => ({ body: {} }));
    expect(await chooseLocale('ar')).toBe(true);
    expect(kept()).toBe('ar');
    expect(calls).toHaveLength(0);
  });

  test('a catalogue that does not load: the page stays, a toast says so, nothing is kept or saved', async () => {
    storage.set('authToken', 'tok');
    const calls = mockFetch(() => ({ body: {} }));
    failNextLoad();
    expect(await chooseLocale('es')).toBe(false);
    expect(currentLocale()).toBe('en');
    expect(kept()).toBeNull();
    expect(calls).toHaveLength(0);
    expect(notifyError).toHaveBeenCalledWith(
      'This language could not be loaded. The page stays as it is: please try again.',
      expect.anything(),
    );
  });

  test('a save that fails keeps the choice on this browser, with a toast', async () => {
    storage.set('authToken', 'tok');
    mockFetch(() => ({ status: 500, body: {} }));
    expect(await chooseLocale('es')).toBe(true);
    expect(currentLocale()).toBe('es');
    expect(kept()).toBe('es');
    expect(notifyError).toHaveBeenCalledWith(t('common.language.saveFailed'), expect.anything());
  });

  test('a session that ended: the choice stays on this browser, no toast, no logout', async () => {
    storage.set('authToken', 'expired');
    const ended = vi.fn();
    setUnauthorizedHandler(ended);
    mockFetch(() => ({
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', code: 'UNAUTHENTICATED', message: 'Expired.' },
    }));
    expect(await chooseLocale('es')).toBe(true);
    expect(kept()).toBe('es');
    expect(notifyError).not.toHaveBeenCalled();
    expect(ended).not.toHaveBeenCalled();
    setUnauthorizedHandler(undefined);
  });

  test('a profile read while the choice is being saved does not switch back to the old language', async () => {
    storage.set('authToken', 'tok');
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const choosing = chooseLocale('es');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await adoptProfileLanguage('ar');
    expect(currentLocale()).toBe('es');
    answer(
      new Response(JSON.stringify({ language: 'es' }), { headers: { 'content-type': 'application/json' } }),
    );
    await choosing;
    await adoptProfileLanguage('ar');
    expect(currentLocale()).toBe('ar');
  });
});
