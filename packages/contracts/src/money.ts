import { CURRENCY } from './constants';

/**
 * A whole number's digits grouped by thousands as en-US writes them, `1,910`. Written out rather than
 * asked of Intl: a page's first Intl formatter loads the browser's locale data, tens of milliseconds
 * on a phone before the page can draw (docs/BENCHMARKS.md, the learning screen).
 */
export const groupDigits = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, ',');

const formats = new Map<string, Intl.NumberFormat>();

/**
 * Dollars in en-US's currency format, `-$1,910.40`, by hand (see groupDigits). Rounded as Intl rounds:
 * the shortest decimal that reads back as the number (`0.015`, not the binary 0.01499…), half away from zero.
 */
const formatDollars = (dollars: number): string => {
  const magnitude = Math.abs(dollars);
  const [whole = '0', fraction = ''] = (magnitude < 1e-6 ? '0' : String(magnitude)).split('.');
  const cents = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2)) + (fraction.charAt(2) >= '5' ? 1n : 0n);
  const digits = cents.toString().padStart(3, '0');
  const sign = dollars < 0 || Object.is(dollars, -0) ? '-' : '';
  return `${sign}$${groupDigits(digits.slice(0, -2))}.${digits.slice(-2)}`;
};

/**
 * The one money formatter, for every amount people read (the web app, e-mails, notices): dollars with
 * thousands separators and two decimals, `$1,910.40`. CSV exports keep plain numbers (`1910.40`).
 * Dollars in en-US are written out as Intl writes them (money.test.ts compares the two); other currencies
 * and other locales (a reader's language, `1234,50 US$` in Spanish) use Intl.
 */
export const formatMoney = (dollars: number, currency: string = CURRENCY, locale = 'en-US'): string => {
  if (locale === 'en-US' && currency === 'USD' && Number.isFinite(dollars) && Math.abs(dollars) < 1e15)
    return formatDollars(dollars);
  const key = `${locale} ${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formats.set(key, format);
  }
  return format.format(dollars);
};

/** Whole cents (as the server stores amounts) the same way: 191040 is `$1,910.40`. */
export const formatCents = (cents: number, currency: string = CURRENCY, locale = 'en-US'): string =>
  formatMoney(Math.round(cents) / 100, currency, locale);

/** Cents of a decimal amount written in dollars, such as "49.99", "49.9" or "49"; NaN when it is not one. */
export const centsOf = (value: string): number => {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
};
