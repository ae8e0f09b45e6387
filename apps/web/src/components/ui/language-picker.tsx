import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@skillwise/contracts';
import { useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { chooseLocale } from '@/lib/i18n/profile-language';
import { useLocale, useT } from '@/lib/i18n/use-t';

type LanguagePickerProps = {
  className?: string;
  /** Also keeps the choice elsewhere (a signed-in person's profile). */
  onChosen?: (locale: Locale) => void;
};

/**
 * The reader's language, each named in itself: the page changes at once (its texts loaded first), the
 * choice is kept on this browser and saved to a signed-in person's profile (lib/i18n/profile-language.ts).
 */
export const LanguagePicker = ({ className, onChosen }: LanguagePickerProps) => {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [isChanging, setChanging] = useState(false);
  const choose = async (value: string) => {
    if (!isLocale(value)) return;
    setChanging(true);
    try {
      // A catalogue that does not load leaves the page in its language, with a toast.
      if (await chooseLocale(value)) onChosen?.(value);
    } finally {
      setChanging(false);
    }
  };
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className="text-sm">
        {t('common.language.label')}
      </label>
      <select
        id={id}
        value={locale}
        disabled={isChanging}
        onChange={(event) => void choose(event.target.value)}
        className="h-9 rounded-lg border border-current/30 bg-transparent px-2 text-sm"
      >
        {LOCALES.map((value) => (
          <option key={value} value={value} lang={value} className="text-slate-900">
            {LOCALE_NAMES[value]}
          </option>
        ))}
      </select>
    </div>
  );
};
