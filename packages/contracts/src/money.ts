import { CURRENCY } from './constants';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * The one money formatter, for every amount people read (the web app, e-mails, notices): dollars with
 * thousands separators and two decimals, `$1,910.40`. CSV exports keep plain numbers (`1910.40`).
 */
export const formatMoney = (dollars: number, currency: string = CURRENCY): string => {
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formats.set(currency, format);
  }
  return format.format(dollars);
};

/** Whole cents (as the server stores amounts) the same way: 191040 is `$1,910.40`. */
export const formatCents = (cents: number, currency: string = CURRENCY): string =>
  formatMoney(Math.round(cents) / 100, currency);
