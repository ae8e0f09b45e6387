import { addCatalogue, i18n, type Namespace } from '@/lib/i18n/i18n';

// The app's texts in English, the source language, as the app loads them before its first render.
const english = import.meta.glob<{ default: Record<string, string> }>('../locales/en/*.json', {
  eager: true,
});
for (const [file, catalogue] of Object.entries(english)) {
  addCatalogue('en', file.replace(/^.*\/|\.json$/g, '') as Namespace, catalogue.default);
}
i18n.activate('en');
