import { MAX_RELEASE_DAYS, type ReleaseMode, type Section } from '@skillwise/contracts';
import { formatLongUtcDate } from '@/lib/format';
import type { SectionRelease } from '../api/curriculum';

/** The Edit Section form's Release choices (docs/decisions/032). */
export const RELEASE_OPTIONS: ReadonlyArray<{ value: ReleaseMode; label: string }> = [
  { value: 'immediately', label: 'Immediately' },
  { value: 'on_date', label: 'On a date' },
  { value: 'after_days', label: 'Days after enrolment' },
];

/** The form's release fields, as text the inputs edit. */
export type ReleaseValues = { releaseMode: ReleaseMode; releaseAt: string; releaseDays: string };

export const releaseValuesOf = (section: Section | null): ReleaseValues => ({
  releaseMode: section?.release_mode ?? 'immediately',
  releaseAt: section?.release_at ? section.release_at.slice(0, 10) : '',
  releaseDays: section?.release_days == null ? '' : String(section.release_days),
});

/** What is wrong with the release fields, by field, or nothing. */
export const releaseProblems = (v: ReleaseValues): Partial<Record<'releaseAt' | 'releaseDays', string>> => {
  if (v.releaseMode === 'on_date' && !/^\d{4}-\d{2}-\d{2}$/.test(v.releaseAt)) {
    return { releaseAt: 'Choose the day the section opens.' };
  }
  if (v.releaseMode === 'after_days') {
    const days = Number(v.releaseDays);
    if (!/^\d+$/.test(v.releaseDays.trim()) || days > MAX_RELEASE_DAYS) {
      return { releaseDays: `Enter a whole number of days from 0 to ${MAX_RELEASE_DAYS}.` };
    }
  }
  return {};
};

/** The release fields the API takes. */
export const releaseOf = (v: ReleaseValues): SectionRelease =>
  v.releaseMode === 'on_date'
    ? { release_mode: 'on_date', release_at: v.releaseAt }
    : v.releaseMode === 'after_days'
      ? { release_mode: 'after_days', release_days: Number(v.releaseDays.trim()) }
      : { release_mode: 'immediately' };

/** How the section card says when a scheduled section opens; null when it opens immediately. */
export const releaseLabel = (section: Section): string | null => {
  if (section.release_mode === 'on_date' && section.release_at) {
    return `Opens ${formatLongUtcDate(section.release_at)}`;
  }
  if (section.release_mode === 'after_days' && section.release_days != null) {
    return section.release_days === 1
      ? 'Opens 1 day after enrolment'
      : `Opens ${section.release_days} days after enrolment`;
  }
  return null;
};
