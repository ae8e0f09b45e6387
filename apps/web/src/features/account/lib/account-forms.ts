import {
  type ChangeMyPasswordBody,
  COUNTER_SHORT,
  hasControlCharacter,
  MSG,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '@skillwise/contracts';
import { emptyCode, isCompleteCode } from '@/components/ui/code-input';

/**
 * The full name as sign-up takes it (the contract's required text): not blank, at most 100 characters,
 * one line without control characters. Answers what is wrong, or null.
 */
export const nameProblem = (fullName: string): string | null => {
  const name = fullName.trim();
  if (name === '') return 'Full Name is required.';
  if (name.length > COUNTER_SHORT) return `Full Name must be at most ${COUNTER_SHORT} characters.`;
  if (/[\r\n]/.test(name) || hasControlCharacter(name)) return 'Full Name must be one line of plain text.';
  return null;
};

/** How the student proves it is them: the current password, or a code mailed to them. */
export type PasswordProof = 'current' | 'code';

export type PasswordChangeValues = {
  proof: PasswordProof;
  currentPassword: string;
  /** The mailed code, one digit a box (the code input's value). */
  code: string[];
  newPassword: string;
  confirmPassword: string;
};

export const emptyPasswordChange = (proof: PasswordProof = 'current'): PasswordChangeValues => ({
  proof,
  currentPassword: '',
  code: emptyCode(),
  newPassword: '',
  confirmPassword: '',
});

/** The form's checks before anything is sent (the sign-up password rules); null when it may be sent. */
export const passwordChangeProblem = (values: PasswordChangeValues): string | null => {
  if (values.proof === 'current' && values.currentPassword === '')
    return 'Please enter your current password.';
  if (values.proof === 'code' && !isCompleteCode(values.code)) return MSG.enterSixDigits;
  if (values.newPassword.length < PASSWORD_MIN)
    return `New Password must be at least ${PASSWORD_MIN} characters.`;
  if (values.newPassword.length > PASSWORD_MAX)
    return `New Password must be at most ${PASSWORD_MAX} characters.`;
  if (values.newPassword !== values.confirmPassword) return MSG.passwordsMismatch;
  if (values.proof === 'current' && values.newPassword === values.currentPassword)
    return 'New Password must be different from your current password.';
  return null;
};

/** users/ChangeMyPassword's body: one proof, never both. */
export const passwordChangeBody = (values: PasswordChangeValues): ChangeMyPasswordBody =>
  values.proof === 'current'
    ? { currentPassword: values.currentPassword, newPassword: values.newPassword }
    : { VerificationCode: values.code.join(''), newPassword: values.newPassword };

/** Two letters for an avatar (the one rule, shared with PersonPhoto). */
export { initialsOf } from '@/lib/initials';
