import { matchFieldText } from '@skillwise/contracts';
import { currentLocale, t } from './i18n/i18n';

/**
 * What the server (or a contract's schema) says about one field, in the reader's language: the template
 * it was written from (FIELD_TEXTS, packages/contracts) said from the `forms` catalogue with its values.
 * English, and a message no template matches, stay as they came. Loaded with the first field message a
 * reader of another language is shown (lib/api-client.ts), and with the screens whose own checks use
 * the contracts' words: the public pages carry none of it.
 */
export const readerFieldText = (message: string): string => {
  if (currentLocale() === 'en') return message;
  const found = matchFieldText(message);
  return found ? t(`forms.fieldText.${found.key}`, found.values) : message;
};
