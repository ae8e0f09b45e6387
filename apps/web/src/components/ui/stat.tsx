import { cn } from '@/lib/cn';
import { Card } from './card';

/** One figure of a screen's totals: its label, the figure, and a note under it. */
export const Stat = ({
  label,
  value,
  note,
  className,
}: {
  label: string;
  value: string;
  note?: string | undefined;
  className?: string;
}) => (
  <Card className={cn('min-w-0 px-4 py-4 sm:p-5', className)}>
    <p className="text-xs font-medium text-slate-500 sm:text-sm">{label}</p>
    <p className="mt-1 text-xl font-bold tracking-tight whitespace-nowrap text-slate-900 tabular-nums sm:text-2xl">
      {value}
    </p>
    {note ? <p className="mt-1 text-xs text-slate-500">{note}</p> : null}
  </Card>
);
