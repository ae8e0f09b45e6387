import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/use-t';
import { Alert } from './alert';
import { Button } from './button';

type LoadErrorProps = {
  /** What went wrong, in words (usually `errorMessage(query.error, '...')`). */
  message: string;
  /** Asks again; without it the box offers no button. */
  onRetry?: () => void;
  size?: 'sm' | 'md';
  className?: string;
};

/** Something could not be loaded: the reason, announced, and a "Try again" button that asks again. */
export const LoadError = ({ message, onRetry, size = 'md', className }: LoadErrorProps) => {
  const t = useT();
  return (
    <div className={cn('flex flex-col items-start gap-3', className)}>
      <Alert className="w-full">{message}</Alert>
      {onRetry ? (
        <Button variant="outline" size={size} onClick={onRetry}>
          {t('common.ui.tryAgain')}
        </Button>
      ) : null}
    </div>
  );
};
