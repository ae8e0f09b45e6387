import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, validateCardForm } from './card-form';

const NOW = new Date(2026, 4, 15);
const valid = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ada Lovelace' };

describe('the sandbox card form', () => {
  it('groups the card number by four and puts the slash in the expiry', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 00000002')).toBe('4000 0000 0000 0002');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('1')).toBe('1');
  });

  it('accepts a complete form', () => {
    expect(validateCardForm(valid, NOW)).toEqual({});
  });

  it('says what is missing', () => {
    expect(validateCardForm({ cardNumber: '', expiry: '', cvc: '', name: ' ' }, NOW)).toEqual({
      cardNumber: 'Enter the card number.',
      expiry: 'Enter the expiry date.',
      cvc: 'Enter the CVC.',
      name: 'Enter the name on the card.',
    });
  });

  it('says what is wrong', () => {
    expect(validateCardForm({ ...valid, cardNumber: '4242 4242', expiry: '13/30', cvc: '12' }, NOW)).toEqual({
      cardNumber: 'Enter a card number of 12 to 19 digits.',
      expiry: 'Enter the expiry date as MM/YY.',
      cvc: 'The CVC is 3 or 4 digits.',
    });
    expect(validateCardForm({ ...valid, expiry: '04/26' }, NOW)).toEqual({
      expiry: 'This card has expired.',
    });
    expect(validateCardForm({ ...valid, expiry: '05/26' }, NOW)).toEqual({});
  });
});
