// What every operator command (plan prices, testimonials, payouts) does around its work: reads the
// configuration, holds DATA_DIR for the embedded database (stop the server first; with DATABASE_URL it
// works while the app runs), opens and migrates the database, then closes it and prints a known mistake
// as a message, without a stack trace, with exit status 1.
import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config';
import { type Db, openPglite, openPostgres } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock';

/** Runs `work` on the configured database and prints the lines it answers. */
export function runOperatorCommand(
  work: (db: Db, config: Config) => Promise<string[]>,
  /** The command's own kinds of mistake, printed as their message. */
  knownErrors: ReadonlyArray<abstract new (...args: never[]) => Error> = [],
): void {
  const main = async () => {
    const config = loadConfig();
    const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
    try {
      const database = config.databaseUrl
        ? openPostgres(config.databaseUrl, 1)
        : await openPglite(path.join(config.dataDir, 'db'));
      try {
        await database.migrate();
        for (const line of await work(database.db, config)) console.log(line);
      } finally {
        await database.close();
      }
    } finally {
      unlock();
    }
  };
  main().catch((error: unknown) => {
    const known = [ConfigError, DataDirLockedError, ...knownErrors].some((kind) => error instanceof kind);
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  });
}
