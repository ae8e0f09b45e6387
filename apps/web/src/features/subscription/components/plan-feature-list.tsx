import { CheckIcon, CloseIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/use-t';
import type { CardItem } from '../lib/plans';

type PlanFeatureListProps = { items: CardItem[]; className?: string };

/**
 * A plan's card items (docs/decisions/038): each the installation provides with a check; the others
 * struck through, dimmed and followed by "Not included", which is read out with them.
 */
export const PlanFeatureList = ({ items, className }: PlanFeatureListProps) => {
  const t = useT();
  return (
    <ul className={cn('text-sm text-slate-700', className)}>
      {items.map((item) => (
        <li key={item.text} className="flex items-start gap-3">
          {item.included ? (
            <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
          ) : (
            <CloseIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
          )}
          <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
            <span className={item.included ? undefined : 'text-slate-500 line-through'}>{item.text}</span>
            {item.included ? null : (
              <>
                <span className="sr-only">: </span>
                <span className="rounded bg-slate-100 px-1.5 text-xs font-medium text-slate-600">
                  {t('admin.subscription.notIncluded')}
                </span>
              </>
            )}
            {item.note ? <span className="basis-full text-xs text-slate-500">{item.note}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
};
