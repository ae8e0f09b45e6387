import { isLocale, type Locale, type MyLanguageResponse } from '@skillwise/contracts';
import { ApiError, apiRequest } from '@/lib/api-client';
import { hasAuthToken } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { currentLocale, setLocale, t } from './i18n';
import { keepLocaleChoice } from './locale';

/**
 * A signed-in person's language is their profile's (docs/decisions/044): the app switches to it as they
 * log in and whenever the profile loads, and a choice made in the footer's picker is saved to it.
 */

/** A choice being saved to the profile: a profile read meanwhile still says the old one. */
let saving: Locale | undefined;

/**
 * Switches the page to a language, its texts loaded first. A catalogue that does not load (the app was
 * updated meanwhile, the connection dropped) leaves the page in its language, with a toast saying so.
 */
export const switchLocale = async (locale: Locale): Promise<boolean> => {
  if (locale === currentLocale()) return true;
  try {
    await setLocale(locale);
    return true;
  } catch {
    notify.error(t('common.language.loadFailed'), { toastId: 'language-load-failed' });
    return false;
  }
};

/**
 * PUT users/SetMyLanguage: the signed-in person's language, or null for none. A session that ended
 * meanwhile is not ended again from here: choosing a language on a public page sends no one to /login.
 */
export const saveMyLanguage = (language: Locale | null): Promise<MyLanguageResponse> =>
  apiRequest('users/SetMyLanguage', {
    method: 'PUT',
    auth: true,
    endSessionOn401: false,
    body: { language },
  });

/**
 * The reader chose a language (the footer's picker): the page switches, the choice is kept on this
 * browser and, for a signed-in person, saved to their profile. False when the page could not switch.
 */
export const chooseLocale = async (locale: Locale): Promise<boolean> => {
  if (!(await switchLocale(locale))) return false;
  keepLocaleChoice(locale);
  if (hasAuthToken()) {
    saving = locale;
    try {
      await saveMyLanguage(locale);
    } catch (error) {
      // Kept on this browser all the same; their other browsers keep the profile's. A session that
      // ended has no profile to save to: the choice is this browser's, as a visitor's is.
      if (!(error instanceof ApiError && error.status === 401)) {
        notify.error(t('common.language.saveFailed'), { toastId: 'language-save-failed' });
      }
    } finally {
      if (saving === locale) saving = undefined;
    }
  }
  return true;
};

/**
 * A profile's language (after login, or as the profile loads) becomes the app's and this browser's
 * choice; a profile without one changes nothing.
 */
export const adoptProfileLanguage = async (language: unknown): Promise<void> => {
  if (!isLocale(language) || saving !== undefined) return;
  keepLocaleChoice(language);
  await switchLocale(language);
};
