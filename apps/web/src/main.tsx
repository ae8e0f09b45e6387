// First: before any schema is made (lib/zod-jitless.ts).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchFirstPage } from './app/first-page-data';
import { queryClient } from './app/provider';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// The first page's data is asked for beside its code, not after it (app/first-page-data.ts).
void prefetchFirstPage(queryClient, window.location).catch(() => undefined);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
