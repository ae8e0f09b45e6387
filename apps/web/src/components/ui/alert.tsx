import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { AlertIcon, CheckCircleIcon } from './drawn-icons';

type AlertProps = { tone?: 'error' | 'success' | 'info'; children: ReactNode; className?: string };

const TONES = {
  error: 'border-rose-200 bg-rose-50 text-rose-700',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  info: 'border-brand-200 bg-brand-50 text-brand-800',
} as const;

/** An inline message; errors are announced at once (role alert), the others politely. */
export const Alert = ({ tone = 'error', children, className }: AlertProps) => (
  <div
    role={tone === 'error' ? 'alert' : 'status'}
    className={cn('flex items-start gap-2.5 rounded-xl border px-3.5 py-3 text-sm', TONES[tone], className)}
  >
    {tone === 'success' ? (
      <CheckCircleIcon className="mt-px size-4.5 shrink-0" />
    ) : (
      <AlertIcon className="mt-px size-4.5 shrink-0" />
    )}
    <div className="min-w-0 break-words">{children}</div>
  </div>
);
