// First: before any schema is made (lib/zod-jitless.ts).
import './lib/zod-jitless';
// Then: the first page's data is asked for before the rest of the app is evaluated (app/start.ts).
import './app/start';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// In a transition, the first render yields to the browser every few milliseconds instead of holding
// the page for all of it (docs/BENCHMARKS.md, the learning screen).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
