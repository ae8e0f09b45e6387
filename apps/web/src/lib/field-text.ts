import { matchFieldText, matchServerText } from '@skillwise/contracts';
import { currentLocale, t } from './i18n/i18n';

/**
 * What the server (or a contract's schema) says about one field, in the reader's language: the template
 * it was written from (FIELD_TEXTS, packages/contracts) said from the `forms` catalogue with its values.
 * English, and a message no template matches, stay as they came. Loaded beside a reader of another
 * language's first call (lib/api-client.ts), and with the screens whose own checks use the contracts'
 * words: the public pages' first script carries none of it.
 */
export const readerFieldText = (message: string): string => {
  if (currentLocale() === 'en') return message;
  const found = matchFieldText(message);
  // A field's refusal can be one of the server's sentences ("A coupon with this code exists already.").
  return found ? t(`forms.fieldText.${found.key}`, found.values) : readerServerText(message);
};

/**
 * One of the server's own sentences (SERVER_TEXTS: a plan's limits, a refused refund) in the reader's
 * language, from the `forms` catalogue with its values; English, and a text no template matches, as it came.
 */
export const readerServerText = (text: string): string => {
  if (currentLocale() === 'en') return text;
  const found = matchServerText(text);
  return found ? t(`forms.serverText.${found.key}`, found.values) : text;
};
