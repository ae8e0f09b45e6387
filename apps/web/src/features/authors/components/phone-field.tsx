import PhoneInput from 'react-phone-number-input';
import flags from 'react-phone-number-input/flags';
import 'react-phone-number-input/style.css';
import type { FieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

type PhoneFieldProps = FieldControlProps & {
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
};

/**
 * SPEC §9: a phone input starting on the United States. The flags are bundled (no image is fetched
 * from elsewhere); this module is loaded on demand so the country data stays out of the main bundle.
 */
const PhoneField = ({ value, onChange, ...control }: PhoneFieldProps) => (
  <PhoneInput
    {...control}
    defaultCountry="US"
    flags={flags}
    name="phone_number"
    autoComplete="tel"
    value={value}
    onChange={(next) => onChange(next ?? '')}
    inputComponent={Input}
    countrySelectProps={{ 'aria-label': 'Phone country' }}
    className="gap-2 [&_.PhoneInputCountry]:rounded-xl [&_.PhoneInputCountry]:border [&_.PhoneInputCountry]:border-slate-300 [&_.PhoneInputCountry]:bg-white [&_.PhoneInputCountry]:px-3"
  />
);

export default PhoneField;
