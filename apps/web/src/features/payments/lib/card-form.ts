import { t } from '@/lib/i18n/i18n';

export type CardFormValues = { cardNumber: string; expiry: string; cvc: string; name: string };
export type CardFormErrors = Partial<Record<keyof CardFormValues, string>>;

export const EMPTY_CARD_FORM: CardFormValues = { cardNumber: '', expiry: '', cvc: '', name: '' };

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Groups the digits by four as the buyer types: `4242 4242 4242 4242` (at most 19 digits). */
export const formatCardNumber = (value: string): string =>
  digitsOf(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** MM/YY: the slash comes by itself after the month. */
export const formatExpiry = (value: string): string => {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

export const formatCvc = (value: string): string => digitsOf(value).slice(0, 4);

/** The card number as the server wants it: digits only. */
export const cardDigits = (value: string): string => digitsOf(value);

/**
 * The same rules the server applies (packages/contracts sandboxApproveBodySchema), said for people,
 * plus an expiry in the past, which a real card form refuses too.
 */
export const validateCardForm = (values: CardFormValues, now: Date = new Date()): CardFormErrors => {
  const errors: CardFormErrors = {};
  const number = cardDigits(values.cardNumber);
  if (number === '') errors.cardNumber = t('learning.payments.card.numberMissing');
  else if (number.length < 12 || number.length > 19 || /\D/.test(values.cardNumber.replace(/[\s-]/g, ''))) {
    errors.cardNumber = t('learning.payments.card.numberLength');
  }

  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(values.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  if (values.expiry.trim() === '') errors.expiry = t('learning.payments.card.expiryMissing');
  else if (!expiry || month < 1 || month > 12) errors.expiry = t('learning.payments.card.expiryFormat');
  else {
    const year = 2000 + Number(expiry[2]);
    // A card is valid to the end of its expiry month.
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
      errors.expiry = t('learning.payments.card.expired');
    }
  }

  if (values.cvc.trim() === '') errors.cvc = t('learning.payments.card.cvcMissing');
  else if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = t('learning.payments.card.cvcFormat');

  if (values.name.trim() === '') errors.name = t('learning.payments.card.nameMissing');
  else if (values.name.trim().length > 100) errors.name = t('learning.payments.card.nameLong');
  return errors;
};
