import { describe, expect, it } from 'vitest';
import {
  counterText,
  coursePrice,
  formatBytes,
  formatDate,
  formatPrice,
  formatSpeed,
  formatTimeLeft,
  truncate,
} from './format';

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
