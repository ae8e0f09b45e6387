import { formatMoney, groupDigits } from '@skillwise/contracts';

/** Dollars as `$1,234.50` (SPEC §2.3: price in $), by the one money formatter the server's e-mails use too. */
export const formatPrice = (dollars: number): string => formatMoney(dollars);

/** A course's price as a buyer reads it: "Free" for nothing, else dollars (SPEC §2.3 price in $). */
export const coursePrice = (dollars: number): string => (dollars === 0 ? 'Free' : formatPrice(dollars));

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

/**
 * Dates and counts are written out as en-US's Intl formats write them (format.test.ts compares the
 * two) rather than asked of Intl: a page's first Intl formatter loads the browser's locale data, tens of
 * milliseconds on a phone before the page can draw (docs/BENCHMARKS.md, the learning screen).
 */
const writeDate = (time: number, month: 'short' | 'long', zone: 'local' | 'UTC'): string => {
  if (Number.isNaN(time)) return '—';
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

/** Made on first use, as the others (see writeDate). */
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** A moment to the minute, in the reader's time zone: `Mar 4, 2026, 10:05 AM`; an em dash when unreadable. */
export const formatDateTime = (iso: string | number | null | undefined): string => {
  const time = typeof iso === 'number' ? iso : timeOf(iso);
  if (Number.isNaN(time)) return '—';
  dateTimeFormat ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return dateTimeFormat.format(time);
};

/** A file size for people: `812 KB`, `4.2 MB`, `1.5 GB`. */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
};

/** For what is not a whole number, made on first use (see writeDate). */
let countFormat: Intl.NumberFormat | undefined;

/** A count for people: `10,000`. */
export const formatCount = (count: number): string => {
  if (Number.isSafeInteger(count)) {
    return `${count < 0 || Object.is(count, -0) ? '-' : ''}${groupDigits(String(Math.abs(count)))}`;
  }
  countFormat ??= new Intl.NumberFormat('en-US');
  return countFormat.format(count);
};

/** A transfer speed for people: `4.2 MB/s`. */
export const formatSpeed = (bytesPerSecond: number): string => `${formatBytes(Math.round(bytesPerSecond))}/s`;

/** How long is left, rounded up, in the largest units that say it: `12 s`, `4 min`, `1 h 5 min`. */
export const formatTimeLeft = (seconds: number): string => {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ''}`;
};
