import { APP_NAME } from '@/config/app';
import { cn } from '@/lib/cn';

/** The brand mark (the same drawing as public/favicon.svg) and name. */
export const LogoMark = ({ className }: { className?: string }) => (
  <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn('size-8 shrink-0', className)}>
    <rect width="32" height="32" rx="8" className="fill-brand-600" />
    <path
      d="M7 20.5 16 15l9 5.5"
      fill="none"
      stroke="#fff"
      strokeWidth="2.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
    <path
      d="M7 14.5 16 9l9 5.5"
      fill="none"
      stroke="#c7d2fe"
      strokeWidth="2.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
    <circle cx="16" cy="23.5" r="1.9" fill="#fff" />
  </svg>
);

export const Logo = ({ className, inverted = false }: { className?: string; inverted?: boolean }) => (
  <span className={cn('inline-flex items-center gap-2.5', className)}>
    <LogoMark />
    <span className={cn('text-lg font-bold tracking-tight', inverted ? 'text-white' : 'text-slate-900')}>
      {APP_NAME}
    </span>
  </span>
);
