import { VERIFICATION_CODE_LENGTH } from '@skillwise/contracts';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/use-t';

type CodeInputProps = {
  /** One entry per box: a single digit or ''. */
  value: string[];
  onChange: (value: string[]) => void;
  isInvalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  /** What the boxes are for, read by screen readers (shown when `showLegend`). */
  legend?: string;
  showLegend?: boolean;
};

export const emptyCode = (): string[] => Array.from({ length: VERIFICATION_CODE_LENGTH }, () => '');

const COMPLETE_CODE = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

/** Whether every box holds a digit: the one check of an e-mailed code before it is sent. */
export const isCompleteCode = (digits: readonly string[]): boolean => COMPLETE_CODE.test(digits.join(''));

const digitsOf = (text: string): string[] => text.replace(/\D/g, '').split('');

/**
 * SPEC §2.10: six boxes of one numeric character each. Typing advances, Backspace goes back,
 * pasting (or an autofilled) code spreads over the boxes from the one in focus.
 */
export const CodeInput = ({
  value,
  onChange,
  isInvalid = false,
  describedBy,
  disabled,
  legend,
  showLegend = false,
}: CodeInputProps) => {
  const t = useT();
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(index, VERIFICATION_CODE_LENGTH - 1))];
    box?.focus();
    box?.select();
  };

  const fillFrom = (start: number, digits: string[]) => {
    const next = [...value];
    digits.slice(0, VERIFICATION_CODE_LENGTH - start).forEach((digit, offset) => {
      next[start + offset] = digit;
    });
    onChange(next);
    focusBox(start + digits.length);
  };

  const handleChange = (index: number, raw: string) => {
    // Typing into a filled box yields two characters: keep only what was typed.
    const previous = value[index] ?? '';
    const typed = previous && raw.length > 1 ? raw.replace(previous, '') : raw;
    const digits = digitsOf(typed);
    if (digits.length === 0) {
      // A non-digit is refused; an emptied box stays empty.
      if (raw === '') onChange(value.map((digit, i) => (i === index ? '' : digit)));
      return;
    }
    fillFrom(index, digits);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && value[index] === '' && index > 0) {
      event.preventDefault();
      onChange(value.map((digit, i) => (i === index - 1 ? '' : digit)));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = digitsOf(event.clipboardData.getData('text'));
    if (digits.length === 0) return;
    // A whole code fills every box whichever box had the focus.
    fillFrom(digits.length >= VERIFICATION_CODE_LENGTH ? 0 : index, digits);
  };

  return (
    // A code reads left to right in every language: the first digit's box is the left one.
    <fieldset
      dir="ltr"
      className={cn('flex gap-2 sm:gap-3', showLegend ? 'flex-wrap justify-start' : 'justify-center')}
      aria-describedby={describedBy}
    >
      <legend dir="auto" className={showLegend ? 'mb-1.5 text-sm font-medium text-slate-700' : 'sr-only'}>
        {legend ?? t('common.ui.code.legend')}
      </legend>
      {value.map((digit, index) => (
        <input
          // The boxes never reorder: their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length list of positions
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('common.ui.code.digit', { digit: index + 1, count: VERIFICATION_CODE_LENGTH })}
          aria-invalid={isInvalid || undefined}
          disabled={disabled}
          value={digit}
          onChange={(event) => handleChange(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.target.select()}
          className={cn(
            'h-13 w-10 min-w-0 rounded-xl border border-slate-300 bg-white text-center text-xl font-semibold text-slate-900 shadow-xs sm:h-14 sm:w-12',
            'focus:border-brand-500 focus:outline-none focus:ring-4 focus:ring-brand-500/15',
            'aria-[invalid=true]:border-rose-400',
            digit && 'border-brand-300 bg-brand-50/50',
          )}
        />
      ))}
    </fieldset>
  );
};
