import { MSG } from '@skillwise/contracts';
import { describe, expect, it } from 'vitest';
import {
  emptyPasswordChange,
  initialsOf,
  nameProblem,
  type PasswordChangeValues,
  passwordChangeBody,
  passwordChangeProblem,
} from './account-forms';

describe('nameProblem (the sign-up rules for Full Name)', () => {
  it('takes a name of one line up to 100 characters', () => {
    expect(nameProblem('  Ada Lovelace ')).toBeNull();
    expect(nameProblem('x'.repeat(100))).toBeNull();
  });
  it('refuses a blank, too long, multi-line or control-character name', () => {
    expect(nameProblem('   ')).toBe('Full Name is required.');
    expect(nameProblem('x'.repeat(101))).toBe('Full Name must be at most 100 characters.');
    expect(nameProblem('Ada\nLovelace')).toBe('Full Name must be one line of plain text.');
    expect(nameProblem('Ada\u0007')).toBe('Full Name must be one line of plain text.');
  });
});

describe('passwordChangeProblem and passwordChangeBody', () => {
  /** The code input's value: one character a box, '' for an empty box. */
  const boxes = (code: string) => Array.from({ length: 6 }, (_, index) => code[index] ?? '');
  const withCurrent = (change: Partial<PasswordChangeValues> = {}): PasswordChangeValues => ({
    ...emptyPasswordChange(),
    currentPassword: 'old password',
    newPassword: 'new password',
    confirmPassword: 'new password',
    ...change,
  });

  it('sends the current password and the new one', () => {
    expect(passwordChangeProblem(withCurrent())).toBeNull();
    expect(passwordChangeBody(withCurrent())).toEqual({
      currentPassword: 'old password',
      newPassword: 'new password',
    });
  });

  it('sends a mailed code instead, and never the current password', () => {
    const values = withCurrent({ proof: 'code', code: boxes('012345'), currentPassword: 'typed before' });
    expect(passwordChangeProblem(values)).toBeNull();
    expect(passwordChangeBody(values)).toEqual({ VerificationCode: '012345', newPassword: 'new password' });
  });

  it('names what is missing or wrong before anything is sent', () => {
    expect(passwordChangeProblem(withCurrent({ currentPassword: '' }))).toBe(
      'Please enter your current password.',
    );
    expect(passwordChangeProblem(withCurrent({ proof: 'code', code: boxes('12345') }))).toBe(
      MSG.enterSixDigits,
    );
    expect(passwordChangeProblem(withCurrent({ proof: 'code', code: boxes('12 456') }))).toBe(
      MSG.enterSixDigits,
    );
    expect(passwordChangeProblem(withCurrent({ newPassword: 'short', confirmPassword: 'short' }))).toBe(
      'New Password must be at least 8 characters.',
    );
    const long = 'x'.repeat(129);
    expect(passwordChangeProblem(withCurrent({ newPassword: long, confirmPassword: long }))).toBe(
      'New Password must be at most 128 characters.',
    );
    expect(passwordChangeProblem(withCurrent({ confirmPassword: 'something else' }))).toBe(
      MSG.passwordsMismatch,
    );
    expect(
      passwordChangeProblem(withCurrent({ newPassword: 'old password', confirmPassword: 'old password' })),
    ).toBe('New Password must be different from your current password.');
  });
});

describe('initialsOf', () => {
  it('takes two initials of the name, else of the e-mail', () => {
    expect(initialsOf('Ada King Lovelace')).toBe('AK');
    expect(initialsOf('sam.lee@example.com')).toBe('SL');
    expect(initialsOf('')).toBe('?');
  });
});
