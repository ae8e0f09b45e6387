import { startFirstPage } from './first-page-data';
import { queryClient } from './provider';

/**
 * Asks for the first page's data as soon as the query client exists: main.tsx imports this module
 * before React's renderer and the app's screens, so the answers are on their way while those are still
 * being evaluated (docs/BENCHMARKS.md, the learning screen).
 */
startFirstPage(queryClient, window.location);
