import {
  forwardRef,
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '@/lib/cn';
import { ChevronDownIcon } from './drawn-icons';

const FIELD_CLASSES = cn(
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 text-[15px] text-slate-900 shadow-xs',
  'placeholder:text-slate-400 transition-colors',
  'focus:border-brand-500 focus:outline-none focus:ring-4 focus:ring-brand-500/15',
  'aria-[invalid=true]:border-rose-400 aria-[invalid=true]:focus:ring-rose-500/15',
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
);

/**
 * The text input. Its ref goes through `forwardRef`: Preact, which runs the app in the browser (decision
 * 048), does not pass a `ref` to a function component as a prop, and the phone field's library hands one in.
 */
export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  ({ className, ...props }, ref) => (
    <input ref={ref} className={cn(FIELD_CLASSES, 'h-11', className)} {...props} />
  ),
);

export const Textarea = ({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) => (
  <textarea className={cn(FIELD_CLASSES, 'min-h-24 py-2.5', className)} {...props} />
);

/** A native select (keyboard and screen readers for free) drawn like the inputs. */
export const Select = ({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) => (
  <div className={cn('relative min-w-0', className)}>
    <select className={cn(FIELD_CLASSES, 'h-11 min-w-0 appearance-none truncate pe-10')} {...props} />
    <ChevronDownIcon className="pointer-events-none absolute top-1/2 inset-e-3.5 size-4.5 -translate-y-1/2 text-slate-400" />
  </div>
);

/** A native file picker whose button matches the app's buttons. */
export const FileInput = ({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) => (
  <input
    type="file"
    className={cn(
      'block w-full cursor-pointer rounded-xl border border-dashed border-slate-300 bg-slate-50/60 p-2 text-sm text-slate-600',
      'file:me-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100',
      'focus:border-brand-500 focus:outline-none focus:ring-4 focus:ring-brand-500/15',
      'aria-[invalid=true]:border-rose-400',
      'disabled:cursor-not-allowed disabled:opacity-60',
      className,
    )}
    {...props}
  />
);
