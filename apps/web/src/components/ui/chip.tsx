import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/use-t';

/**
 * Each tone's background, text and ring. Every text colour reads at WCAG AA (4.5:1 or more) on its
 * background, which chip.test.tsx checks against the theme's colours.
 */
export const CHIP_TONES = {
  green: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  muted: 'bg-slate-100 text-slate-700 ring-slate-200',
  brand: 'bg-brand-50 text-brand-700 ring-brand-200',
  amber: 'bg-amber-50 text-amber-800 ring-amber-200',
  red: 'bg-rose-50 text-rose-700 ring-rose-200',
} as const;

export type ChipTone = keyof typeof CHIP_TONES;

/** A small rounded label of state (Published, Draft, Preview, Hidden ...): the one chip of the app. */
export const Chip = ({
  tone,
  children,
  className,
}: {
  tone: ChipTone;
  children: ReactNode;
  className?: string;
}) => (
  <span
    className={cn(
      'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
      CHIP_TONES[tone],
      className,
    )}
  >
    {children}
  </span>
);

/** A course's, section's or lesson's state: Published, or Draft (`draftTone` where a draft needs notice). */
export const PublishedChip = ({
  published,
  draftTone = 'muted',
  className,
}: {
  published: boolean;
  draftTone?: ChipTone;
  className?: string;
}) => {
  const t = useT();
  return (
    <Chip tone={published ? 'green' : draftTone} className={className}>
      {published ? t('common.ui.published') : t('common.ui.draft')}
    </Chip>
  );
};
