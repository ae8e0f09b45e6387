import { afterEach, expect, test, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { initialLocale, keepLocaleChoice } from './locale';

const browserSays = (...languages: string[]) => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
};

afterEach(() => {
  document.head.querySelector('meta[name="skillwise-school-locale"]')?.remove();
});

test('a page opens in the kept choice, else the browser’s first language spoken here, else English', () => {
  browserSays('fr-FR', 'es-MX', 'en');
  expect(initialLocale()).toBe('es');
  keepLocaleChoice('ar');
  expect(initialLocale()).toBe('ar');
  localStorage.clear();
  browserSays('fr-FR', 'de');
  expect(initialLocale()).toBe('en');
});

test('on a school’s site, its default language comes before English for a browser Skillwise does not speak', () => {
  const meta = document.createElement('meta');
  meta.name = 'skillwise-school-locale';
  meta.content = 'es';
  document.head.append(meta);
  browserSays('de-DE');
  expect(initialLocale()).toBe('es');
  browserSays('ar');
  expect(initialLocale()).toBe('ar');
});

test('logging out keeps the reader’s language and clears the rest', () => {
  keepLocaleChoice('es');
  storage.set('authToken', 'token');
  storage.clear();
  expect(storage.get('authToken')).toBeNull();
  browserSays('en-US');
  expect(initialLocale()).toBe('es');
});
