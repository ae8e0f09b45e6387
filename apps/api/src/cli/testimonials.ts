// The landing page's testimonials, written by the installation's operator (README "Testimonials"):
// `npm run testimonials` lists them; `-- add --name N --quote Q [--role R]`, `-- edit ID ...` and
// `-- remove ID` change them. With the embedded database, stop the server first (one process per
// DATA_DIR); with DATABASE_URL it works while the app runs, and the landing page follows within
// PUBLIC_CACHE_SECONDS.
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openPglite, openPostgres } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock';
import { runTestimonialsCommand, TestimonialsCommandError } from '../modules/site/testimonials-command';

async function main() {
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl, 1)
    : await openPglite(path.join(config.dataDir, 'db'));
  try {
    await database.migrate();
    for (const line of await runTestimonialsCommand(database.db, process.argv.slice(2))) console.log(line);
  } finally {
    await database.close();
    unlock();
  }
}

main().catch((error: unknown) => {
  const known =
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof TestimonialsCommandError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
