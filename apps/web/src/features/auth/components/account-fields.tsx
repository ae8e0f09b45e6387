import { PASSWORD_MIN } from '@skillwise/contracts';
import type { ComponentProps } from 'react';
import { TextField } from '@/components/ui/field';

type TextFieldProps = ComponentProps<typeof TextField>;

/** What `useForm`'s `field(name)` binds to a text field. */
type BoundField = Pick<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'aria-invalid'>;

/** The account's e-mail address, as every sign-in and sign-up form asks for it. */
export const EmailAddressField = ({
  name = 'email',
  ...props
}: BoundField & Pick<TextFieldProps, 'name' | 'placeholder'>) => (
  <TextField label="Email Address" type="email" name={name} autoComplete="email" required {...props} />
);

/** The person's full name, as the sign-up forms ask for it. */
export const FullNameField = (props: BoundField) => (
  <TextField
    label="Full Name"
    name="fullName"
    autoComplete="name"
    placeholder="Jane Doe"
    required
    {...props}
  />
);

type NewPasswordFieldsProps = {
  /** The first field's label: 'Password', or 'Create Password' when resetting. */
  label?: string;
  password: BoundField;
  confirmPassword: BoundField;
};

/** A new password (at least PASSWORD_MIN characters) and its confirmation. */
export const NewPasswordFields = ({
  label = 'Password',
  password,
  confirmPassword,
}: NewPasswordFieldsProps) => (
  <>
    <TextField
      label={label}
      type="password"
      name="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN}
      hint={`At least ${PASSWORD_MIN} characters.`}
      {...password}
    />
    <TextField
      label="Confirm Password"
      type="password"
      name="confirmPassword"
      autoComplete="new-password"
      required
      {...confirmPassword}
    />
  </>
);
