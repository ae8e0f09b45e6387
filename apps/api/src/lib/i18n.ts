import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LOCALE, formatCents, isLocale, LOCALES, type Locale } from '@skillwise/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { organisations } from '../db/schema';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import es from '../locales/es.json';

/**
 * What the server writes for people to read (e-mails, notifications, certificates) comes from message
 * catalogues, as the web app's texts do (docs/decisions/044, 047): src/locales/{language}.json, flat
 * objects of key to ICU MessageFormat, English the source and holding the specification's texts exactly.
 * Each is compiled once, the first time its language is asked for, by Lingui's own compiler; a message
 * that does not parse fails then (and in locales/catalogues.test.ts).
 */
export type MessageKey = keyof typeof en;
export type MessageValues = Record<string, string | number>;

const SOURCES: Record<Locale, Record<string, string>> = { en, es, ar };

const instances = new Map<Locale, I18n>();

const instanceOf = (locale: Locale): I18n => {
  let i18n = instances.get(locale);
  if (!i18n) {
    const messages: Messages = {};
    for (const [key, message] of Object.entries(SOURCES[locale]))
      messages[key] = compileMessageOrThrow(message);
    i18n = setupI18n({ locale, messages: { [locale]: messages } });
    instances.set(locale, i18n);
  }
  return i18n;
};

/** A message in a language, its placeholders filled. */
export const t = (locale: Locale, key: MessageKey, values?: MessageValues): string =>
  instanceOf(locale)._(key, values);

/** A value in each language Skillwise speaks. */
export type Localized<T> = Record<Locale, T>;

/** `make` run for each language. */
export const inEveryLocale = <T>(make: (locale: Locale) => T): Localized<T> =>
  Object.fromEntries(LOCALES.map((locale) => [locale, make(locale)])) as Localized<T>;

/**
 * The language a person reads what Skillwise writes to them in (docs/decisions/044): their own, else
 * the school's that writes to them, else English.
 */
export const recipientLocale = (personal: string | null | undefined, school?: string | null): Locale =>
  isLocale(personal) ? personal : isLocale(school) ? school : DEFAULT_LOCALE;

/** The same choice in SQL, of a user's language column and a school's (null when none). */
export const recipientLocaleSql = (personal: SQL, school: SQL): SQL =>
  sql`coalesce(${personal}, ${school}, ${DEFAULT_LOCALE}::text)`;

/** A school's language (null when there is no such school): what its people read when they chose none. */
export const schoolLanguage = (orgId: number | SQL | null | undefined): SQL =>
  orgId == null
    ? sql`null::text`
    : sql`(select ${organisations.language} from ${organisations} where ${organisations.id} = (${orgId})::int)`;

/** What Intl is asked for: English keeps the American formats the specification shows. */
export const intlLocale = (locale: Locale): string => (locale === 'en' ? 'en-US' : locale);

/** A day as receipts and certificates write it, in UTC so every server writes the same: 'March 12, 2026'. */
export const dayText = (locale: Locale, date: Date): string =>
  new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(date);

/** A moment, in UTC: 'Mar 12, 2026, 3:04 PM UTC'. */
export const momentText = (locale: Locale, date: Date): string =>
  `${new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;

/** Money as receipts and notices show it: `$1,949.99 USD`. */
export const moneyText = (locale: Locale, cents: number, currency: string): string =>
  `${formatCents(cents, currency, intlLocale(locale))} ${currency}`;

/** A whole number in the language's digits and grouping. */
export const numberText = (locale: Locale, n: number): string =>
  new Intl.NumberFormat(intlLocale(locale)).format(n);

/** One text of each language, chosen in SQL by a language expression. */
export const localizedSql = (locale: SQL, texts: Localized<string>): SQL =>
  sql`(case ${locale} when 'es' then ${texts.es}::text when 'ar' then ${texts.ar}::text else ${texts.en}::text end)`;

/** Marks a placeholder whose value is a column, found again after the message is written. */
const OPEN = '\u{E000}';
const CLOSE = '\u{E001}';

/** A message's text as SQL: its words as parameters, the placeholders given as SQL joined in between. */
const joinedSql = (written: string, columns: Record<string, SQL>): SQL => {
  const parts: SQL[] = [];
  for (const [index, piece] of written.split(new RegExp(`${OPEN}|${CLOSE}`)).entries()) {
    if (index % 2 === 1) {
      const column = columns[piece];
      if (!column) throw new Error(`No column for {${piece}}`);
      parts.push(sql`coalesce((${column})::text, '')`);
    } else if (piece !== '') {
      parts.push(sql`${piece}::text`);
    }
  }
  return parts.length === 0 ? sql`''::text` : sql`(${sql.join(parts, sql` || `)})`;
};

/**
 * A message whose placeholders are columns of a statement (one statement writes a notification for
 * thousands of students): each language's text is written with markers in their place, then joined
 * with the columns in SQL; the recipient's language (`locale`, SQL) picks one.
 */
export const templateSql = (
  locale: SQL,
  key: MessageKey,
  columns: Record<string, SQL>,
  values: MessageValues = {},
): SQL => {
  const marked: MessageValues = { ...values };
  for (const name of Object.keys(columns)) marked[name] = `${OPEN}${name}${CLOSE}`;
  const texts = inEveryLocale((l) => joinedSql(t(l, key, marked), columns));
  return sql`(case ${locale} when 'es' then ${texts.es} when 'ar' then ${texts.ar} else ${texts.en} end)`;
};

/**
 * The CLDR plural category of a whole number `n` (SQL) in each language, as Intl.PluralRules answers
 * for integers (i18n.test.ts compares them).
 */
const PLURAL_SQL: Record<Locale, (n: SQL) => SQL> = {
  en: (n) => sql`(case when ${n} = 1 then 'one' else 'other' end)`,
  es: (n) =>
    sql`(case when ${n} = 1 then 'one' when ${n} <> 0 and ${n} % 1000000 = 0 then 'many' else 'other' end)`,
  ar: (n) => sql`(case when ${n} = 0 then 'zero' when ${n} = 1 then 'one' when ${n} = 2 then 'two'
    when ${n} % 100 between 3 and 10 then 'few' when ${n} % 100 between 11 and 99 then 'many' else 'other' end)`,
};

export const pluralCategorySql = (locale: Locale, n: SQL): SQL => PLURAL_SQL[locale](n);

/** The first whole number of each of the language's plural categories. */
const samplesOf = (locale: Locale): Map<string, number> => {
  const rules = new Intl.PluralRules(intlLocale(locale));
  const samples = new Map<string, number>();
  for (let n = 0; n <= 2_000_000 && samples.size < rules.resolvedOptions().pluralCategories.length; ) {
    const category = rules.select(n);
    if (!samples.has(category)) samples.set(category, n);
    n = n < 1000 ? n + 1 : n * 10;
  }
  return samples;
};

/**
 * A message with a plural `{count}` whose number is a column (how many notifications one e-mail tells):
 * the message written for a number of each plural category, that number then replaced by the column
 * in the language's digits; the recipient's language and the category pick one in SQL.
 */
export const pluralSql = (locale: SQL, key: MessageKey, count: SQL): SQL => {
  const texts = inEveryLocale((l) => {
    const branches: SQL[] = [];
    for (const [category, n] of samplesOf(l)) {
      const written = t(l, key, { count: n }).replace(numberText(l, n), `${OPEN}count${CLOSE}`);
      branches.push(sql`when ${category}::text then ${joinedSql(written, { count: numberSql(l, count) })}`);
    }
    return sql`(case ${pluralCategorySql(l, count)} ${sql.join(branches, sql` `)} end)`;
  });
  return sql`(case ${locale} when 'es' then ${texts.es} when 'ar' then ${texts.ar} else ${texts.en} end)`;
};

/** A whole number (SQL) in the language's digits (a count of notifications: not grouped). */
const numberSql = (locale: Locale, n: SQL): SQL => {
  const digits = [...'0123456789'].map((d) => numberText(locale, Number(d))).join('');
  return digits === '0123456789'
    ? sql`(${n})::text`
    : sql`translate((${n})::text, '0123456789', ${digits}::text)`;
};
