import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'light' | 'onDark';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800',
  secondary: 'bg-brand-50 text-brand-700 hover:bg-brand-100',
  outline:
    'border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 hover:border-slate-400',
  ghost: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  danger: 'bg-rose-600 text-white shadow-sm hover:bg-rose-700',
  light: 'bg-white text-brand-700 shadow-sm hover:bg-brand-50',
  onDark: 'border border-white/30 bg-white/10 text-white hover:bg-white/20',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm gap-1.5',
  md: 'h-11 px-4 text-sm gap-2',
  lg: 'h-12 px-6 text-base gap-2',
};

/** The classes of a button, for links that must look like one. */
export const buttonClassName = ({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
} = {}): string =>
  cn(
    'inline-flex items-center justify-center rounded-xl font-semibold whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
    'disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
    fullWidth && 'w-full',
    className,
  );

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Disables the button and shows a spinner with `loadingText` in place of the label. */
  isLoading?: boolean;
  loadingText?: string;
  leftIcon?: ReactNode;
};

export const Button = ({
  variant,
  size,
  fullWidth,
  isLoading = false,
  loadingText,
  leftIcon,
  className,
  children,
  disabled,
  type = 'button',
  ...props
}: ButtonProps) => (
  <button
    type={type}
    className={buttonClassName({ variant, size, fullWidth, className })}
    disabled={disabled || isLoading}
    aria-busy={isLoading || undefined}
    {...props}
  >
    {isLoading ? <Spinner /> : leftIcon}
    {isLoading && loadingText ? loadingText : children}
  </button>
);

/**
 * A list row's action: small and outlined unless told otherwise, its text short ("Revoke") and its
 * accessible name saying which row it acts on (`label`: "Revoke the key ci-deploy").
 */
export const RowButton = ({
  label,
  variant = 'outline',
  ...props
}: Omit<ButtonProps, 'size' | 'aria-label'> & { label: string }) => (
  <Button size="sm" variant={variant} aria-label={label} {...props} />
);

/**
 * A form's submit button: busy, with its spinner and `loadingText`, while the form (the one form hook,
 * lib/use-form.ts) submits.
 */
export const SubmitButton = ({
  form,
  ...props
}: Omit<ButtonProps, 'type' | 'isLoading' | 'form'> & { form: { isSubmitting: boolean } }) => (
  <Button type="submit" isLoading={form.isSubmitting} {...props} />
);
