import { describe, expect, test } from 'vitest';
import { ratingText, starsLabel } from './rating';

describe('ratingText', () => {
  test('says honestly when there are none', () => {
    expect(ratingText(undefined)).toBe('No ratings yet');
    expect(ratingText({ average: null, count: 0 })).toBe('No ratings yet');
  });
  test('one decimal and the count', () => {
    expect(ratingText({ average: 4.5, count: 2 })).toBe('4.5 (2 ratings)');
    expect(ratingText({ average: 5, count: 1 })).toBe('5.0 (1 rating)');
    expect(ratingText({ average: 3.7, count: 1204 })).toBe('3.7 (1,204 ratings)');
  });
  test('stars in words', () => {
    expect(starsLabel(4)).toBe('Rated 4 out of 5');
  });
});
