import { DEFAULT_LOCALE, isLocale, type Locale, matchLocale } from '@skillwise/contracts';

/** The reader's own choice on this browser: a visitor's from the footer, a person's from their profile. */
export const LOCALE_KEY = 'locale';

/** The meta tag the server puts in a school's site pages: the school's default language (docs/decisions/044). */
const SCHOOL_LOCALE_META = 'skillwise-school-locale';

const readChoice = (): Locale | undefined => {
  try {
    const kept = localStorage.getItem(LOCALE_KEY);
    return isLocale(kept) ? kept : undefined;
  } catch {
    return undefined;
  }
};

/** Keeps the reader's choice of language on this browser (logout keeps it: it is not the session's). */
export const keepLocaleChoice = (locale: Locale): void => {
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // Refused storage: the choice holds for this page only.
  }
};

const schoolDefault = (): Locale | undefined => {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${SCHOOL_LOCALE_META}"]`)?.content;
  return isLocale(content) ? content : undefined;
};

/**
 * The language a page opens in: the reader's choice kept on this browser (a signed-in person's is their
 * profile's, kept as they log in or change it), else the first of the browser's languages Skillwise
 * speaks, else the school's default on its site, else English.
 */
export const initialLocale = (): Locale =>
  readChoice() ??
  matchLocale(navigator.languages ?? [navigator.language]) ??
  schoolDefault() ??
  DEFAULT_LOCALE;
