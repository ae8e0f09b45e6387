import { CURRENCY, formatMoney, groupDigits } from '@skillwise/contracts';
import { currentLocale, t } from './i18n/i18n';

/** Dollars as `$1,234.50` (SPEC §2.3: price in $), by the one money formatter the server's e-mails use too. */
export const formatPrice = (dollars: number): string => formatMoney(dollars, CURRENCY, intlLocale());

/** A course's price as a buyer reads it: "Free" for nothing, else dollars (SPEC §2.3 price in $). */
export const coursePrice = (dollars: number): string =>
  dollars === 0 ? t('common.price.free') : formatPrice(dollars);

/** Cuts text to `max` characters, adding an ellipsis when something was cut (SPEC §9 truncation). */
export const truncate = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;

/** SPEC §5 counters: the length padded to two digits over the maximum, `00/100`. */
export const counterText = (length: number, max: number): string =>
  `${String(length).padStart(2, '0')}/${max}`;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The Intl locale for the reader's language: English is written as en-US writes it (SPEC's `$1,234.50`). */
export const intlLocale = (): string => {
  const locale = currentLocale();
  return locale === 'en' ? 'en-US' : locale;
};

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/** An Intl date format in the reader's locale, made once a locale and set of options. */
export const dateFormat = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const key = `d ${intlLocale()} ${JSON.stringify(options)}`;
  let format = formats.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(), options);
    formats.set(key, format);
  }
  return format;
};

/** An Intl number format in the reader's locale, made once a locale and set of options. */
export const numberFormat = (options: Intl.NumberFormatOptions = {}): Intl.NumberFormat => {
  const key = `n ${intlLocale()} ${JSON.stringify(options)}`;
  let format = formats.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(), options);
    formats.set(key, format);
  }
  return format;
};

/**
 * Dates and counts go through Intl in the reader's locale. English is written out as en-US's Intl
 * formats write it (format.test.ts compares the two) rather than asked of Intl: a page's first Intl
 * formatter loads the browser's locale data, tens of milliseconds on a phone before the page can draw
 * (docs/BENCHMARKS.md, the learning screen).
 */
const writeDate = (time: number, month: 'short' | 'long', zone: 'local' | 'UTC'): string => {
  if (Number.isNaN(time)) return '—';
  if (currentLocale() !== 'en') {
    return dateFormat({
      month,
      day: 'numeric',
      year: 'numeric',
      ...(zone === 'UTC' ? { timeZone: 'UTC' } : {}),
    }).format(time);
  }
  const date = new Date(time);
  const [monthIndex, day, year] =
    zone === 'UTC'
      ? [date.getUTCMonth(), date.getUTCDate(), date.getUTCFullYear()]
      : [date.getMonth(), date.getDate(), date.getFullYear()];
  const name = MONTHS[monthIndex] ?? '';
  return `${month === 'short' ? name.slice(0, 3) : name} ${day}, ${year}`;
};

const timeOf = (iso: string | null | undefined): number => (iso ? Date.parse(iso) : Number.NaN);

/** A date as `Mar 4, 2026`, or an em dash when there is none or it cannot be read. */
export const formatDate = (iso: string | null | undefined): string =>
  writeDate(timeOf(iso), 'short', 'local');

/** A day as `March 12, 2026`, read in UTC (a certificate's date, as its PDF prints it), or an em dash. */
export const formatLongUtcDate = (iso: string | null | undefined): string =>
  writeDate(timeOf(iso), 'long', 'UTC');

/** A calendar day (`2026-03-31`, a UTC day) as `Mar 31, 2026`, or an em dash. */
export const formatDay = (day: string | null | undefined): string =>
  writeDate(timeOf(day ? `${day}T00:00:00Z` : null), 'short', 'UTC');

/** A date with its time to the minute, as Intl writes it in the reader's language. */
export const TO_THE_MINUTE: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** A moment to the minute, in the reader's time zone: `Mar 4, 2026, 10:05 AM`; an em dash when unreadable. */
export const formatDateTime = (iso: string | number | null | undefined): string => {
  const time = typeof iso === 'number' ? iso : timeOf(iso);
  if (Number.isNaN(time)) return '—';
  return dateFormat(TO_THE_MINUTE).format(time);
};

const BYTE_UNITS = ['kilobyte', 'megabyte', 'gigabyte'] as const;

/** A file size for people: `812 KB`, `4.2 MB`, `1.5 GB` (Intl's short units outside English). */
export const formatBytes = (bytes: number): string => {
  const english = currentLocale() === 'en';
  if (bytes < 1024)
    return english ? `${bytes} B` : numberFormat({ style: 'unit', unit: 'byte' }).format(bytes);
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  if (!english) return numberFormat({ style: 'unit', unit: BYTE_UNITS[unit] }).format(rounded);
  return `${value >= 10 ? rounded : value.toFixed(1)} ${['KB', 'MB', 'GB'][unit]}`;
};

/** A count for people: `10,000`. */
export const formatCount = (count: number): string => {
  if (Number.isSafeInteger(count) && currentLocale() === 'en') {
    return `${count < 0 || Object.is(count, -0) ? '-' : ''}${groupDigits(String(Math.abs(count)))}`;
  }
  return numberFormat().format(count);
};

/** A transfer speed for people: `4.2 MB/s`. */
export const formatSpeed = (bytesPerSecond: number): string => `${formatBytes(Math.round(bytesPerSecond))}/s`;

/** How long is left, rounded up, in the largest units that say it: `12 s`, `4 min`, `1 h 5 min`. */
export const formatTimeLeft = (seconds: number): string => {
  const whole = Math.max(1, Math.ceil(seconds));
  const part = (value: number, unit: 'second' | 'minute' | 'hour', english: string) =>
    currentLocale() === 'en' ? `${value} ${english}` : numberFormat({ style: 'unit', unit }).format(value);
  if (whole < 60) return part(whole, 'second', 's');
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return part(minutes, 'minute', 'min');
  const rest = minutes % 60;
  const hours = part(Math.floor(minutes / 60), 'hour', 'h');
  return rest ? `${hours} ${part(rest, 'minute', 'min')}` : hours;
};
