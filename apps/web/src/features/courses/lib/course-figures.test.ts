import { describe, expect, it } from 'vitest';
import { durationText, figuresOf, lessonsText, studentsText, updatedDay } from './course-figures';

describe('course figures as people read them (DESIGN decision 11)', () => {
  it('students: a count, or "New course" when none', () => {
    expect(studentsText(0)).toBe('New course');
    expect(studentsText(1)).toBe('1 student');
    expect(studentsText(12)).toBe('12 students');
    expect(studentsText(10_000)).toBe('10,000 students');
  });

  it('lessons: a count, or none yet', () => {
    expect(lessonsText(0)).toBe('No lessons yet');
    expect(lessonsText(1)).toBe('1 lesson');
    expect(lessonsText(8)).toBe('8 lessons');
  });

  it('duration: hours and minutes, minutes, seconds under a minute, nothing when none is known', () => {
    expect(durationText(4800)).toBe('1 h 20 min');
    expect(durationText(2700)).toBe('45 min');
    expect(durationText(7200)).toBe('2 h');
    // 59 min 40 s rounds to the hour.
    expect(durationText(3580)).toBe('1 h');
    expect(durationText(89)).toBe('1 min');
    expect(durationText(40)).toBe('40 s');
    expect(durationText(5)).toBe('5 s');
    expect(durationText(0)).toBeUndefined();
  });

  it('last updated: the day', () => {
    expect(updatedDay('2026-11-03T12:00:00.000Z')).toBe('Nov 3, 2026');
    expect(updatedDay('not a date')).toBeUndefined();
  });

  it('figures only when an answer carries all of them', () => {
    const all = {
      students_count: 2,
      published_lessons_count: 3,
      duration_seconds: 60,
      last_updated: '2026-01-01',
    };
    expect(figuresOf(all)).toEqual(all);
    expect(figuresOf({ students_count: 2 })).toBeUndefined();
    expect(figuresOf({})).toBeUndefined();
  });
});
