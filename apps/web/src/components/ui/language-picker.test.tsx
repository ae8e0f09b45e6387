import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { LOCALE_KEY } from '@/lib/i18n/locale';
import { LanguagePicker } from './language-picker';

const { setLocaleSpy, notifyError } = vi.hoisted(() => ({
  setLocaleSpy: vi.fn(),
  notifyError: vi.fn(),
}));
vi.mock('@/lib/i18n/i18n', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/i18n/i18n')>();
  setLocaleSpy.mockImplementation(actual.setLocale);
  return { ...actual, setLocale: setLocaleSpy };
});
vi.mock('@/lib/toast', () => ({ notify: { error: notifyError, success: vi.fn(), info: vi.fn() } }));

const { setLocale } = await vi.importActual<typeof import('@/lib/i18n/i18n')>('@/lib/i18n/i18n');

afterEach(async () => {
  await setLocale('en');
});

test('a catalogue that does not load: the picker stays on the page’s language, enabled, with a toast', async () => {
  setLocaleSpy.mockRejectedValueOnce(new Error('Failed to fetch catalogue'));
  const chosen = vi.fn();
  render(<LanguagePicker onChosen={chosen} />);
  const select = screen.getByLabelText<HTMLSelectElement>('Language');
  fireEvent.change(select, { target: { value: 'es' } });
  await waitFor(() => expect(notifyError).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(select.disabled).toBe(false));
  expect(select.value).toBe('en');
  expect(document.documentElement.lang).not.toBe('es');
  expect(localStorage.getItem(LOCALE_KEY)).toBeNull();
  expect(chosen).not.toHaveBeenCalled();
});

test('a language that loads: the page switches and the choice is kept', async () => {
  const chosen = vi.fn();
  render(<LanguagePicker onChosen={chosen} />);
  fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'es' } });
  await waitFor(() => expect(chosen).toHaveBeenCalledWith('es'));
  expect(document.documentElement.lang).toBe('es');
  expect(localStorage.getItem(LOCALE_KEY)).toBe('es');
});
