// No schema here: the first script of every page imports these, and a schema would bring the
// validation library with them (LOCALES' schema is in accounts.ts).

/**
 * The languages Skillwise speaks (docs/decisions/044). English is the source: its catalogues hold the
 * spec's texts exactly; every other language's catalogues hold the same keys.
 */
export const LOCALES = ['en', 'es', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself, as a language picker shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  ar: 'العربية',
};

/** The languages written right to left. */
const RTL_LOCALES: ReadonlySet<Locale> = new Set(['ar']);

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

export const textDirection = (locale: Locale): 'ltr' | 'rtl' => (RTL_LOCALES.has(locale) ? 'rtl' : 'ltr');

/**
 * The first of a reader's languages that Skillwise speaks, by its primary subtag (`es-MX` is `es`):
 * `navigator.languages`, or an `Accept-Language` header's tags in order of preference.
 */
export const matchLocale = (preferences: readonly string[]): Locale | undefined => {
  for (const tag of preferences) {
    const primary = tag.trim().split(/[-_;]/)[0]?.toLowerCase();
    if (isLocale(primary)) return primary;
  }
  return undefined;
};
