import { MSG } from '@skillwise/contracts';
import { isPossiblePhoneNumber } from 'react-phone-number-input';
import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n/i18n';
import {
  type AuthorFormValues,
  authorFormErrors,
  authorFormValues,
  INVALID_EMAIL,
  INVALID_PHONE,
  missingAuthorFields,
  PHOTO_NOT_IMAGE,
  toE164,
  validateAuthorForm as validateWith,
} from './author-form';

const validateAuthorForm = (form: AuthorFormValues) => validateWith(form, isPossiblePhoneNumber);

const photo = new File(['jpg'], 'ada.jpg', { type: 'image/jpeg' });
const complete: AuthorFormValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  gender: 'F',
  email: 'ada@example.com',
  phone: '+12025550123',
  bio: 'Teaches knots.',
  photo,
};

describe('author form (SPEC §5: every field required, photo included)', () => {
  it('takes a complete author', () => {
    expect(validateAuthorForm(complete)).toBeNull();
  });

  it('names the missing fields, gender and photo included', () => {
    expect(missingAuthorFields({ ...complete, gender: '', photo: null, bio: '  ' })).toEqual([
      'gender',
      'bio',
      'photo',
    ]);
    expect(validateAuthorForm({ ...complete, gender: '' })).toBe(MSG.allFieldsRequired);
    expect(validateAuthorForm({ ...complete, photo: null })).toBe(MSG.allFieldsRequired);
  });

  it('checks the e-mail, the phone number and the photo type', () => {
    expect(validateAuthorForm({ ...complete, email: 'ada@' })).toBe(t(INVALID_EMAIL));
    expect(validateAuthorForm({ ...complete, phone: '+1202' })).toBe(t(INVALID_PHONE));
    expect(
      validateAuthorForm({ ...complete, photo: new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }) }),
    ).toBe(t(PHOTO_NOT_IMAGE));
  });

  it('says all fields are required in the alert and marks each missing one; the phone at its field', () => {
    const errors = (form: AuthorFormValues) => authorFormErrors(form, isPossiblePhoneNumber);
    expect(errors(complete)).toEqual({});
    expect(errors({ ...complete, bio: '', gender: '' })).toEqual({
      problem: MSG.allFieldsRequired,
      fields: { gender: true, bio: true },
    });
    expect(errors({ ...complete, email: 'ada@' })).toEqual({
      problem: t(INVALID_EMAIL),
      fields: { email: true },
    });
    expect(errors({ ...complete, phone: '+1202' })).toEqual({ fields: { phone: t(INVALID_PHONE) } });
    // Editing keeps the current photo: none is required then.
    expect(
      authorFormErrors({ ...complete, photo: null }, isPossiblePhoneNumber, { photoRequired: false }),
    ).toEqual({});
  });

  it('edits an author without a new photo: the current one stays', () => {
    const values = authorFormValues({
      first_name: 'Ada',
      last_name: 'Lovelace',
      gender: 'F',
      email_address: 'ada@example.com',
      phone_number: '2025550123',
      bio: 'Teaches knots.',
    });
    expect(values).toEqual({ ...complete, photo: null });
    expect(validateWith(values, isPossiblePhoneNumber, { photoRequired: false })).toBeNull();
    expect(validateWith(values, isPossiblePhoneNumber)).toBe(MSG.allFieldsRequired);
  });

  it('turns stored phone numbers into the form the phone input takes', () => {
    expect(toE164('+1 202 555 0147')).toBe('+12025550147');
    expect(toE164('(202) 555-0123')).toBe('+12025550123');
    expect(toE164('')).toBe('');
  });
});
