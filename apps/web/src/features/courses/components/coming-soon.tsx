import { ClockIcon } from '@/components/ui/drawn-icons';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/use-t';

/**
 * A course on sale with no published lesson yet says so wherever it is offered, and is not sold until it
 * has one (docs/decisions/017): the short notice of a catalogue card.
 */
export const ComingSoonNotice = ({ className }: { className?: string }) => {
  const t = useT();
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-800 ring-1 ring-amber-200 ring-inset',
        className,
      )}
    >
      <ClockIcon aria-hidden="true" className="size-3.5 shrink-0" />
      {t('site.courses.comingSoon')}
    </span>
  );
};

/** The notice where a course would be bought (its page, the checkout): what it means for the buyer. */
export const ComingSoonPanel = ({ className }: { className?: string }) => {
  const t = useT();
  return (
    <div
      className={cn(
        'flex flex-col gap-1 rounded-xl bg-amber-50 p-3.5 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset',
        className,
      )}
    >
      <p className="flex items-center gap-2 font-semibold">
        <ClockIcon aria-hidden="true" className="size-4.5 shrink-0" />
        {t('site.courses.comingSoon')}
      </p>
      <p className="text-amber-800">{t('site.courses.comingSoon.enrollLater')}</p>
    </div>
  );
};
