import {
  type ChangeMyPasswordBody,
  COUNTER_SHORT,
  hasControlCharacter,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '@skillwise/contracts';
import { emptyCode, isCompleteCode } from '@/components/ui/code-input';
import { t } from '@/lib/i18n/i18n';

/**
 * The full name as sign-up takes it (the contract's required text): not blank, at most 100 characters,
 * one line without control characters. Answers what is wrong, or null.
 */
export const nameProblem = (fullName: string): string | null => {
  const name = fullName.trim();
  if (name === '') return t('learning.account.name.required');
  if (name.length > COUNTER_SHORT) return t('learning.account.name.tooLong', { max: COUNTER_SHORT });
  if (/[\r\n]/.test(name) || hasControlCharacter(name)) return t('learning.account.name.oneLine');
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
    return t('learning.account.password.currentRequired');
  if (values.proof === 'code' && !isCompleteCode(values.code)) return t('common.msg.enterSixDigits');
  if (values.newPassword.length < PASSWORD_MIN)
    return t('learning.account.password.tooShort', { min: PASSWORD_MIN });
  if (values.newPassword.length > PASSWORD_MAX)
    return t('learning.account.password.tooLong', { max: PASSWORD_MAX });
  if (values.newPassword !== values.confirmPassword) return t('common.msg.passwordsMismatch');
  if (values.proof === 'current' && values.newPassword === values.currentPassword)
    return t('learning.account.password.same');
  return null;
};

/** users/ChangeMyPassword's body: one proof, never both. */
export const passwordChangeBody = (values: PasswordChangeValues): ChangeMyPasswordBody =>
  values.proof === 'current'
    ? { currentPassword: values.currentPassword, newPassword: values.newPassword }
    : { VerificationCode: values.code.join(''), newPassword: values.newPassword };

/** Two letters for an avatar (the one rule, shared with PersonPhoto). */
export { initialsOf } from '@/lib/initials';
