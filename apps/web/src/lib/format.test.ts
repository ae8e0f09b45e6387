import { afterEach, describe, expect, it } from 'vitest';
import {
  counterText,
  coursePrice,
  formatBytes,
  formatCount,
  formatDate,
  formatDay,
  formatLongUtcDate,
  formatPrice,
  formatSpeed,
  formatTimeLeft,
  truncate,
} from './format';
import { addCatalogue, i18n } from './i18n/i18n';

describe('format helpers', () => {
  it('pads a counter to two digits (SPEC §5: 00/100)', () => {
    expect(counterText(0, 100)).toBe('00/100');
    expect(counterText(7, 450)).toBe('07/450');
    expect(counterText(123, 100)).toBe('123/100');
  });

  it('cuts long text with an ellipsis only when needed', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('a long description', 6)).toBe('a long…');
  });

  it('formats dates and says — when there is none', () => {
    expect(formatDate('2026-03-04T10:00:00.000Z')).toMatch(/Mar [34], 2026/);
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });

  it('formats money with thousands separators, and a free course as Free', () => {
    expect(formatPrice(1910.4)).toBe('$1,910.40');
    expect(formatPrice(1234567.891)).toBe('$1,234,567.89');
    expect(formatPrice(0.5)).toBe('$0.50');
    expect(coursePrice(0)).toBe('Free');
    expect(coursePrice(19.99)).toBe('$19.99');
  });

  it('writes dates, counts and dollars exactly as the en-US Intl formats do', () => {
    const shortDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
    const longUtc = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
    const count = new Intl.NumberFormat('en-US');
    const dollars = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    // Every month, both ends of a day in UTC, years far apart.
    for (let day = 0; day < 800; day += 1) {
      for (const time of [
        Date.UTC(1999, 11, 31) + day * 86_400_000 * 37,
        Date.UTC(2026, 0, 1, 23, 59) + day * 3_600_000 * 11,
      ]) {
        const iso = new Date(time).toISOString();
        expect(formatDate(iso)).toBe(shortDate.format(time));
        expect(formatLongUtcDate(iso)).toBe(longUtc.format(time));
      }
    }
    const numbers = [
      0, -0, 1, 7, 12, 999, 1000, 1001, 9999, 10_000, 123_456, 1_000_000, 987_654_321, -5, -1234,
    ];
    for (const n of numbers) expect(formatCount(n)).toBe(count.format(n));
    const amounts = [
      ...numbers,
      0.5,
      0.004,
      0.005,
      0.015,
      1.005,
      2.675,
      19.99,
      24.5,
      1910.4,
      1234567.891,
      99_999.995,
      -0.004,
      -12.345,
      1e12 + 0.01,
    ];
    for (let i = 0; i < 2000; i += 1) amounts.push(Math.round(Math.sin(i) * 10 ** (i % 9) * 1000) / 1000);
    for (const amount of amounts) expect(formatPrice(amount)).toBe(dollars.format(amount));
  });

  it('formats file sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(104_857_600)).toBe('100 MB');
    expect(formatBytes(2_147_483_648)).toBe('2.0 GB');
  });

  it('formats an upload speed and the time left, rounded up', () => {
    expect(formatSpeed(2.5 * 1024 * 1024)).toBe('2.5 MB/s');
    expect(formatSpeed(800)).toBe('800 B/s');
    expect(formatTimeLeft(0.2)).toBe('1 s');
    expect(formatTimeLeft(42.1)).toBe('43 s');
    expect(formatTimeLeft(61)).toBe('2 min');
    expect(formatTimeLeft(3600)).toBe('1 h');
    expect(formatTimeLeft(3600 + 301)).toBe('1 h 6 min');
  });
});

describe("format helpers in the reader's language", () => {
  afterEach(() => i18n.activate('en'));

  it('writes dates, money, counts and sizes with Intl in Spanish and Arabic', () => {
    for (const locale of ['es', 'ar'] as const) {
      addCatalogue(locale, 'common', { 'price.free': locale === 'es' ? 'Gratis' : 'مجاني' });
      i18n.activate(locale);
      const expected = new Intl.DateTimeFormat(locale, {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(Date.UTC(2026, 2, 31));
      expect(formatDay('2026-03-31')).toBe(expected);
      expect(formatPrice(1234.5)).toBe(
        new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(1234.5),
      );
      expect(formatCount(10_000)).toBe(new Intl.NumberFormat(locale).format(10_000));
      expect(coursePrice(0)).toBe(locale === 'es' ? 'Gratis' : 'مجاني');
      expect(formatBytes(104_857_600)).toBe(
        new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte' }).format(100),
      );
    }
    expect(formatDay('2026-03-31').length).toBeGreaterThan(0);
  });
});
