import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type EmptyStateProps = {
  title: string;
  hint?: string;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
};

export const EmptyState = ({ title, hint, icon, action, className }: EmptyStateProps) => (
  <div
    className={cn(
      'flex flex-col items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white/60 px-6 py-14 text-center',
      className,
    )}
  >
    {icon ? (
      <div className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-2xl text-brand-600">
        {icon}
      </div>
    ) : null}
    <p className="text-base font-semibold text-slate-900">{title}</p>
    {hint ? <p className="mt-1 max-w-sm text-sm text-slate-500">{hint}</p> : null}
    {action ? <div className="mt-5">{action}</div> : null}
  </div>
);
