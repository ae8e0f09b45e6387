// First: before any schema is made (lib/zod-jitless.ts).
import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startFirstPage } from './app/first-page-data';
import { queryClient } from './app/provider';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// The first page's data is asked for beside its code, not after it (app/first-page-data.ts).
startFirstPage(queryClient, window.location);

// In a transition, the first render yields to the browser every few milliseconds instead of holding
// the page for all of it (docs/BENCHMARKS.md, the learning screen).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
