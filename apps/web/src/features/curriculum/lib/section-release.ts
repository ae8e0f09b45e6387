import { MAX_RELEASE_DAYS, type ReleaseMode, type Section } from '@skillwise/contracts';
import { formatCount, formatLongUtcDate } from '@/lib/format';
import { type MessageId, t } from '@/lib/i18n/i18n';
import type { SectionRelease } from '../api/curriculum';

/** The Edit Section form's Release choices (docs/decisions/032). */
export const RELEASE_OPTIONS: ReadonlyArray<{ value: ReleaseMode; label: MessageId }> = [
  { value: 'immediately', label: 'admin.curriculum.release.immediately' },
  { value: 'on_date', label: 'admin.curriculum.release.onDate' },
  { value: 'after_days', label: 'admin.curriculum.release.afterDays' },
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
    return { releaseAt: t('admin.curriculum.release.chooseDay') };
  }
  if (v.releaseMode === 'after_days') {
    const days = Number(v.releaseDays);
    if (!/^\d+$/.test(v.releaseDays.trim()) || days > MAX_RELEASE_DAYS) {
      return { releaseDays: t('admin.curriculum.release.wholeDays', { max: formatCount(MAX_RELEASE_DAYS) }) };
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
    return t('admin.curriculum.release.opensOn', { date: formatLongUtcDate(section.release_at) });
  }
  if (section.release_mode === 'after_days' && section.release_days != null) {
    return t('admin.curriculum.release.opensAfter', {
      count: section.release_days,
      n: formatCount(section.release_days),
    });
  }
  return null;
};
