import { type MessageId, t } from '@/lib/i18n/i18n';
import type { FormErrors } from '@/lib/use-form';

export type AuthorFormValues = {
  firstName: string;
  lastName: string;
  gender: 'F' | 'M' | '';
  email: string;
  phone: string;
  bio: string;
  photo: File | null;
};

export const EMPTY_AUTHOR: AuthorFormValues = {
  firstName: '',
  lastName: '',
  gender: '',
  email: '',
  phone: '',
  bio: '',
  photo: null,
};

export const INVALID_EMAIL: MessageId = 'admin.authors.form.invalidEmail';
export const INVALID_PHONE: MessageId = 'admin.authors.form.invalidPhone';
export const PHOTO_NOT_IMAGE: MessageId = 'admin.authors.form.photoNotImage';

/**
 * Which fields are missing: SPEC §5 labels every field of the author form required. When an author is
 * edited, the photo it has stays unless a new one is chosen, so the photo is not required then.
 */
export const missingAuthorFields = (
  form: AuthorFormValues,
  { photoRequired = true }: { photoRequired?: boolean } = {},
): Array<keyof AuthorFormValues> =>
  (Object.keys(form) as Array<keyof AuthorFormValues>).filter((field) => {
    if (field === 'photo' && !photoRequired) return false;
    const value = form[field];
    return value === null || (typeof value === 'string' && value.trim() === '');
  });

/**
 * A stored phone number in the form the phone input takes (E.164, `+12025550123`): spaces and
 * punctuation go, and a number without a country code is taken as a United States one (SPEC §9).
 */
export const toE164 = (phone: string): string => {
  const digits = phone.replace(/[^\d]/g, '');
  if (digits === '') return '';
  return phone.trim().startsWith('+') ? `+${digits}` : `+1${digits}`;
};

/** The form filled with an author's stored values, to edit them; the photo stays unless replaced. */
export const authorFormValues = (author: {
  first_name: string;
  last_name: string;
  gender: 'F' | 'M';
  email_address: string;
  phone_number: string;
  bio: string;
}): AuthorFormValues => ({
  firstName: author.first_name,
  lastName: author.last_name,
  gender: author.gender,
  email: author.email_address,
  phone: toE164(author.phone_number),
  bio: author.bio,
  photo: null,
});

/**
 * The first problem to show for the author form, or null when it can be sent. The phone check comes
 * from the phone input's library, loaded with it on demand (its country data is large).
 */
const problemOf = (
  form: AuthorFormValues,
  isPossiblePhone: (phone: string) => boolean,
  options: { photoRequired?: boolean } = {},
): MessageId | null => {
  if (missingAuthorFields(form, options).length > 0) return 'common.msg.allFieldsRequired';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) return INVALID_EMAIL;
  if (!isPossiblePhone(form.phone)) return INVALID_PHONE;
  if (form.photo && !form.photo.type.startsWith('image/')) return PHOTO_NOT_IMAGE;
  return null;
};

/** The first problem in the reader's language, or null. */
export const validateAuthorForm = (
  form: AuthorFormValues,
  isPossiblePhone: (phone: string) => boolean,
  options: { photoRequired?: boolean } = {},
): string | null => {
  const problem = problemOf(form, isPossiblePhone, options);
  return problem === null ? null : t(problem);
};

/**
 * The author form's check as the form shows it: 'All fields are required.' and a wrong e-mail or photo
 * in the form's alert with their fields marked, a wrong phone number beside the phone field.
 */
export const authorFormErrors = (
  form: AuthorFormValues,
  isPossiblePhone: (phone: string) => boolean,
  options: { photoRequired?: boolean } = {},
): FormErrors<AuthorFormValues> => {
  const problem = problemOf(form, isPossiblePhone, options);
  if (problem === null) return {};
  if (problem === 'common.msg.allFieldsRequired') {
    const missing = missingAuthorFields(form, options);
    return { problem: t(problem), fields: Object.fromEntries(missing.map((field) => [field, true])) };
  }
  if (problem === INVALID_PHONE) return { fields: { phone: t(INVALID_PHONE) } };
  return { problem: t(problem), fields: problem === INVALID_EMAIL ? { email: true } : { photo: true } };
};
