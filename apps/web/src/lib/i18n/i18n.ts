import type { Messages } from '@lingui/core';
import { setupI18n } from '@lingui/core';
import { DEFAULT_LOCALE, type Locale, textDirection } from '@skillwise/contracts';
import type admin from '@/locales/en/admin.json';
import type auth from '@/locales/en/auth.json';
import type common from '@/locales/en/common.json';
import type forms from '@/locales/en/forms.json';
import type learning from '@/locales/en/learning.json';
import type site from '@/locales/en/site.json';

/**
 * The app's texts come from message catalogues (docs/decisions/044): one JSON file a namespace and a
 * language under src/locales, in ICU MessageFormat, English the source. `common` (the layouts, the shared
 * components, the server's messages) is loaded before the first render; each screen's namespace comes
 * with the screen's code (app/router.tsx), so a page loads only its own texts, in its reader's language.
 */
type Catalogues = {
  common: typeof common;
  site: typeof site;
  auth: typeof auth;
  learning: typeof learning;
  admin: typeof admin;
  /** What the server says about a field, loaded when it first says it (lib/field-text.ts). */
  forms: typeof forms;
};
export type Namespace = keyof Catalogues;

/** Every message's id: its namespace and its key in that namespace's English catalogue. */
export type MessageId = { [N in Namespace]: `${N}.${keyof Catalogues[N] & string}` }[Namespace];

/** The values a message's placeholders take. */
export type MessageValues = Record<string, string | number | Date | undefined>;

/** The catalogues, each loaded on request (vite.config.ts compiles them to Lingui's form as it builds). */
const sources = import.meta.glob<{ default: Messages }>('../../locales/*/*.json');

export const i18n = setupI18n();

/** The namespaces loaded so far: a change of language loads them again in the new one. */
const loaded = new Set<Namespace>();
/** What is loading or loaded, by language and namespace: each file is asked for once. */
const loads = new Map<string, Promise<void>>();

/** Adds a namespace's catalogue in a language, its keys prefixed with the namespace. */
export const addCatalogue = (locale: Locale, namespace: Namespace, messages: Messages): void => {
  const prefixed: Messages = {};
  for (const [id, message] of Object.entries(messages)) prefixed[`${namespace}.${id}`] = message;
  i18n.load(locale, prefixed);
};

const loadOne = (locale: Locale, namespace: Namespace): Promise<void> => {
  const key = `${locale}/${namespace}`;
  let load = loads.get(key);
  if (!load) {
    const source = sources[`../../locales/${key}.json`];
    if (!source) throw new Error(`No catalogue ${key}.`);
    load = source().then(({ default: messages }) => addCatalogue(locale, namespace, messages));
    // A failed request (a new version of the app replaced the file, the connection dropped) is asked again.
    load.catch(() => loads.delete(key));
    loads.set(key, load);
  }
  return load;
};

/** The current language, once `setLocale` has run. */
export const currentLocale = (): Locale => (i18n.locale || DEFAULT_LOCALE) as Locale;

/** Loads namespaces in the current language (a screen's own, as it loads). */
export const loadNamespaces = (namespaces: readonly Namespace[]): Promise<void> => {
  for (const namespace of namespaces) loaded.add(namespace);
  return Promise.all(namespaces.map((namespace) => loadOne(currentLocale(), namespace))).then(
    () => undefined,
  );
};

/**
 * Switches the app to a language: every namespace loaded so far is loaded in it first, then the page's
 * `lang` and `dir` change with the texts in one render.
 */
export const setLocale = async (locale: Locale, namespaces: readonly Namespace[] = []): Promise<void> => {
  for (const namespace of ['common' as const, ...namespaces]) loaded.add(namespace);
  await Promise.all([...loaded].map((namespace) => loadOne(locale, namespace)));
  i18n.activate(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = textDirection(locale);
};

/** A message in the current language, for code outside React's render (a toast, a confirm dialog). */
export const t = (id: MessageId, values?: MessageValues): string => i18n._(id, values);
