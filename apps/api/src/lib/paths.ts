import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API package's folder (apps/api), found from this module's place whether it runs from its
 * sources (src/lib) or from the compiled bundle (dist/): the two sit at different depths.
 */
function findApiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('the API package (its drizzle/ migrations) was not found');
    dir = parent;
  }
}

export const API_ROOT = findApiRoot();
/** The committed migrations. */
export const MIGRATIONS_FOLDER = path.join(API_ROOT, 'drizzle');
/** The demo content's files (covers, author photo, lessons). */
export const DEMO_FILES = path.join(API_ROOT, 'demo');
/** The built web app the server serves beside the API. */
export const WEB_DIST = path.resolve(API_ROOT, '../web/dist');
