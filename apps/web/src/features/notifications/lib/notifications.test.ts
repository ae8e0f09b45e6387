import { describe, expect, it } from 'vitest';
import { bellLabel, targetOf, unreadBadge, whenText } from './notifications';

describe('the bell', () => {
  it('shows nothing for none, the number up to 99, then 99+', () => {
    expect([0, 1, 99, 100, 12_345].map(unreadBadge)).toEqual(['', '1', '99', '99+', '99+']);
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(150)).toBe('Notifications, more than 99 unread');
  });
});

describe('whenText', () => {
  const now = Date.parse('2026-03-04T12:00:00Z');
  it('says how long ago, then the date', () => {
    expect(whenText('2026-03-04T11:59:40Z', now)).toBe('just now');
    expect(whenText('2026-03-04T11:59:00Z', now)).toBe('1 minute ago');
    expect(whenText('2026-03-04T11:15:00Z', now)).toBe('45 minutes ago');
    expect(whenText('2026-03-04T09:00:00Z', now)).toBe('3 hours ago');
    expect(whenText('2026-02-01T09:05:00Z', now)).toMatch(/^Feb 1, 2026/);
    expect(whenText('not a date', now)).toBe('');
  });
});

describe('targetOf', () => {
  it('reads a path, a keyed admin screen, or nothing', () => {
    expect(targetOf({ link: '/students/takeCourse?id=4' })).toEqual({ path: '/students/takeCourse?id=4' });
    expect(targetOf({ link: '/admin?section=users' })).toEqual({ section: 'users' });
    expect(targetOf({ link: '/admin/myStudents' })).toEqual({ path: '/admin/myStudents' });
    expect(targetOf({ link: '' })).toBeNull();
    expect(targetOf({ link: 'https://elsewhere.example.com/x' })).toBeNull();
    expect(targetOf({ link: '//elsewhere.example.com/x' })).toBeNull();
  });
});
