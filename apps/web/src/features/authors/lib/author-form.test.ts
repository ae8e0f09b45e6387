import { MSG } from '@skillwise/contracts';
import { isPossiblePhoneNumber } from 'react-phone-number-input';
import { describe, expect, it } from 'vitest';
import {
  type AuthorFormValues,
  INVALID_EMAIL,
  INVALID_PHONE,
  missingAuthorFields,
  PHOTO_NOT_IMAGE,
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
});
