import { describe, expect, it } from 'vitest';
import { lockedText } from './locked';

describe('lockedText', () => {
  it('says nothing of an open lesson', () => {
    expect(lockedText({})).toBeNull();
    expect(lockedText({ locked: false, opens_at: null })).toBeNull();
  });

  it('says when a scheduled lesson opens, or that the previous lesson comes first', () => {
    expect(lockedText({ locked: true, opens_at: '2027-01-15T12:00:00.000Z' })).toMatch(
      /^Opens on Jan 1[45], 2027$/,
    );
    expect(lockedText({ locked: true, opens_at: null })).toBe('Complete the previous lesson first');
  });
});
