import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/use-t';

/** A small rotating ring, decorative: callers say in words what is loading. */
export const Spinner = ({ className }: { className?: string }) => (
  <span
    aria-hidden="true"
    className={cn(
      'inline-block size-4 shrink-0 animate-spin rounded-full border-2 border-current border-r-transparent',
      className,
    )}
  />
);

/** A centred block shown while a section loads. */
export const LoadingBlock = ({ label }: { label?: string }) => {
  const t = useT();
  return (
    <div className="flex items-center justify-center gap-3 py-16 text-sm text-slate-500">
      <Spinner className="size-5 text-brand-600" />
      <span role="status">{label ?? t('common.ui.loading')}</span>
    </div>
  );
};

/**
 * The whole page while the code of the first screen opened arrives. It shows itself only if that
 * takes a moment (index.css `animate-appear-late`), so a quick load does not flash a spinner.
 */
export const PageLoading = () => (
  <div className="flex min-h-dvh animate-appear-late items-center justify-center">
    <LoadingBlock />
  </div>
);
