import { PASSWORD_MIN } from '@skillwise/contracts';
import type { ComponentProps } from 'react';
import { TextField } from '@/components/ui/field';
import { formatCount } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';

type TextFieldProps = ComponentProps<typeof TextField>;

/** What `useForm`'s `field(name)` binds to a text field. */
type BoundField = Pick<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'aria-invalid'>;

/** The account's e-mail address, as every sign-in and sign-up form asks for it. */
export const EmailAddressField = ({
  name = 'email',
  withPlaceholder = false,
  ...props
}: BoundField & Pick<TextFieldProps, 'name'> & { withPlaceholder?: boolean }) => {
  const t = useT();
  return (
    <TextField
      label={t('auth.auth.fields.email')}
      type="email"
      name={name}
      autoComplete="email"
      placeholder={withPlaceholder ? t('auth.auth.fields.emailPlaceholder') : undefined}
      required
      {...props}
    />
  );
};

/** The person's full name, as the sign-up forms ask for it. */
export const FullNameField = (props: BoundField) => {
  const t = useT();
  return (
    <TextField
      label={t('auth.auth.fields.fullName')}
      name="fullName"
      autoComplete="name"
      placeholder={t('auth.auth.fields.fullNamePlaceholder')}
      required
      {...props}
    />
  );
};

type NewPasswordFieldsProps = {
  /** The first field's label: 'Create Password' when resetting, else 'Password'. */
  isReset?: boolean;
  password: BoundField;
  confirmPassword: BoundField;
};

/** A new password (at least PASSWORD_MIN characters) and its confirmation. */
export const NewPasswordFields = ({ isReset = false, password, confirmPassword }: NewPasswordFieldsProps) => {
  const t = useT();
  return (
    <>
      <TextField
        label={t(isReset ? 'auth.auth.fields.createPassword' : 'auth.auth.fields.password')}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={t('auth.auth.fields.passwordHint', { min: formatCount(PASSWORD_MIN) })}
        {...password}
      />
      <TextField
        label={t('auth.auth.fields.confirmPassword')}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        {...confirmPassword}
      />
    </>
  );
};
