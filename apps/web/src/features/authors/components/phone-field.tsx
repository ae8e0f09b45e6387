import type { Locale } from '@skillwise/contracts';
import { useEffect, useState } from 'react';
import PhoneInput, { type Labels } from 'react-phone-number-input';
import flags from 'react-phone-number-input/flags';
import 'react-phone-number-input/style.css';
import type { FieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useLocale, useT } from '@/lib/i18n/use-t';

type PhoneFieldProps = FieldControlProps & {
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
};

/**
 * SPEC §9: a phone input starting on the United States. The flags are bundled (no image is fetched
 * from elsewhere); this module is loaded on demand so the country data stays out of the main bundle.
 */
/** The country names in the reader's language (English is the library's own), loaded with the field. */
const COUNTRY_NAMES: Partial<Record<Locale, () => Promise<{ default: Labels }>>> = {
  es: () => import('react-phone-number-input/locale/es.json'),
  ar: () => import('react-phone-number-input/locale/ar.json'),
};

const useCountryNames = (): Labels | undefined => {
  const locale = useLocale() as Locale;
  const [names, setNames] = useState<{ locale: Locale; labels: Labels }>();
  useEffect(() => {
    let alive = true;
    COUNTRY_NAMES[locale]?.().then(
      (loaded) => alive && setNames({ locale, labels: loaded.default }),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [locale]);
  return names?.locale === locale ? names.labels : undefined;
};

const PhoneField = ({ value, onChange, ...control }: PhoneFieldProps) => {
  const t = useT();
  const labels = useCountryNames();
  return (
    <PhoneInput
      {...control}
      defaultCountry="US"
      flags={flags}
      name="phone_number"
      autoComplete="tel"
      value={value}
      onChange={(next) => onChange(next ?? '')}
      inputComponent={Input}
      labels={labels}
      countrySelectProps={{ 'aria-label': t('admin.authors.form.phoneCountry') }}
      // A phone number reads left to right in every language.
      numberInputProps={{ dir: 'ltr' }}
      className="gap-2 [&_.PhoneInputCountry]:rounded-xl [&_.PhoneInputCountry]:border [&_.PhoneInputCountry]:border-slate-300 [&_.PhoneInputCountry]:bg-white [&_.PhoneInputCountry]:px-3"
    />
  );
};

export default PhoneField;
