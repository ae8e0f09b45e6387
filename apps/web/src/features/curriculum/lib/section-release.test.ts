import type { Section } from '@skillwise/contracts';
import { describe, expect, it } from 'vitest';
import { releaseLabel, releaseOf, releaseProblems, releaseValuesOf } from './section-release';

const section = (change: Partial<Section>): Section => ({
  section_Id: 1,
  section_name: 'Week one',
  section_description: '',
  order_number: 1,
  published: true,
  course_Id: 2,
  lessons: [],
  ...change,
});

describe('a section’s release in the Edit Section form', () => {
  it('is read from the section and sent as the API takes it', () => {
    const dated = releaseValuesOf(
      section({ release_mode: 'on_date', release_at: '2027-01-15T00:00:00.000Z' }),
    );
    expect(dated).toEqual({ releaseMode: 'on_date', releaseAt: '2027-01-15', releaseDays: '' });
    expect(releaseOf(dated)).toEqual({ release_mode: 'on_date', release_at: '2027-01-15' });
    expect(releaseOf({ releaseMode: 'after_days', releaseAt: '', releaseDays: ' 7 ' })).toEqual({
      release_mode: 'after_days',
      release_days: 7,
    });
    expect(releaseOf(releaseValuesOf(null))).toEqual({ release_mode: 'immediately' });
  });

  it('needs the day, or a whole number of days from 0 to 3650', () => {
    expect(
      releaseProblems({ releaseMode: 'on_date', releaseAt: '', releaseDays: '' }).releaseAt,
    ).toBeTruthy();
    expect(
      releaseProblems({ releaseMode: 'after_days', releaseAt: '', releaseDays: '3651' }).releaseDays,
    ).toBeTruthy();
    expect(
      releaseProblems({ releaseMode: 'after_days', releaseAt: '', releaseDays: '1.5' }).releaseDays,
    ).toBeTruthy();
    expect(releaseProblems({ releaseMode: 'after_days', releaseAt: '', releaseDays: '0' })).toEqual({});
    expect(releaseProblems({ releaseMode: 'immediately', releaseAt: '', releaseDays: '' })).toEqual({});
  });

  it('is said on the section card', () => {
    expect(releaseLabel(section({ release_mode: 'immediately' }))).toBeNull();
    expect(releaseLabel(section({ release_mode: 'on_date', release_at: '2027-01-15T00:00:00.000Z' }))).toBe(
      'Opens January 15, 2027',
    );
    expect(releaseLabel(section({ release_mode: 'after_days', release_days: 1 }))).toBe(
      'Opens 1 day after enrolment',
    );
    expect(releaseLabel(section({ release_mode: 'after_days', release_days: 14 }))).toBe(
      'Opens 14 days after enrolment',
    );
  });
});
