import { MSG } from '@skillwise/contracts';
import { isPossiblePhoneNumber } from 'react-phone-number-input';
import { describe, expect, it } from 'vitest';
import {
  type AuthorFormValues,
  authorFormValues,
  currentProblem,
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
    expect(validateAuthorForm({ ...complete, email: 'ada@' })).toBe(INVALID_EMAIL);
    expect(validateAuthorForm({ ...complete, phone: '+1202' })).toBe(INVALID_PHONE);
    expect(
      validateAuthorForm({ ...complete, photo: new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }) }),
    ).toBe(PHOTO_NOT_IMAGE);
  });

  it('stops saying all fields are required once they are filled in', () => {
    const partial = { ...complete, bio: '' };
    expect(currentProblem(MSG.allFieldsRequired, partial)).toBe(MSG.allFieldsRequired);
    expect(currentProblem(MSG.allFieldsRequired, complete)).toBeNull();
    // Other problems wait for the next submit.
    expect(currentProblem(INVALID_EMAIL, complete)).toBe(INVALID_EMAIL);
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
