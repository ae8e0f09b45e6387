// First: before any schema is made (lib/zod-jitless.ts).
import './lib/zod-jitless';
// Then: the first page's data is asked for before the rest of the app is evaluated (app/start.ts).
import './app/start';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18n, setLocale } from './lib/i18n/i18n';
import { initialLocale } from './lib/i18n/locale';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// The first render waits for the common texts in the reader's language (lib/i18n); a catalogue that
// cannot be fetched leaves the page to draw in the language it has, rather than not at all.
const locale = initialLocale();
const ready = setLocale(locale).catch(() => i18n.activate(locale));

// In a transition, the first render yields to the browser every few milliseconds instead of holding
// the page for all of it (docs/BENCHMARKS.md, the learning screen).
void ready.then(() =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);
