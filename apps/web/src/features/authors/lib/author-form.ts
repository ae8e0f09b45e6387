import { MSG } from '@skillwise/contracts';

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

export const INVALID_EMAIL = 'Please enter a valid e-mail address.';
export const INVALID_PHONE = 'Please enter a valid phone number.';
export const PHOTO_NOT_IMAGE = 'The photo must be an image (JPEG, PNG, GIF or WebP).';

/** Which fields are missing: SPEC §5 labels every field of the author form required. */
export const missingAuthorFields = (form: AuthorFormValues): Array<keyof AuthorFormValues> =>
  (Object.keys(form) as Array<keyof AuthorFormValues>).filter((field) => {
    const value = form[field];
    return value === null || (typeof value === 'string' && value.trim() === '');
  });

/**
 * The first problem to show for the author form, or null when it can be sent. The phone check comes
 * from the phone input's library, loaded with it on demand (its country data is large).
 */
export const validateAuthorForm = (
  form: AuthorFormValues,
  isPossiblePhone: (phone: string) => boolean,
): string | null => {
  if (missingAuthorFields(form).length > 0) return MSG.allFieldsRequired;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) return INVALID_EMAIL;
  if (!isPossiblePhone(form.phone)) return INVALID_PHONE;
  if (form.photo && !form.photo.type.startsWith('image/')) return PHOTO_NOT_IMAGE;
  return null;
};
