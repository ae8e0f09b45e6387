// Lists or sets plan prices without touching code: `npm run plan-prices` lists them;
// `npm run plan-prices -- MonthlyKickstart 49.00` sets one (dollars). With the embedded database, stop
// the server first (one process per DATA_DIR); with DATABASE_URL it works while the app runs.
import path from 'node:path';
import { PLAN_CATEGORIES, priceSchema } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import { openPglite, openPostgres } from '../db/client';
import { planPrices } from '../db/schema';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock';

async function main() {
  const [category, amount] = process.argv.slice(2);
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl, 1)
    : await openPglite(path.join(config.dataDir, 'db'));
  try {
    await database.migrate();
    if (category !== undefined) {
      if (!(PLAN_CATEGORIES as readonly string[]).includes(category)) {
        throw new Error(`The plan category must be one of ${PLAN_CATEGORIES.join(', ')}.`);
      }
      const cents = priceSchema.safeParse(amount ?? '');
      if (!cents.success)
        throw new Error('The price must be in dollars with at most two decimals, e.g. 49.00.');
      await database.db
        .update(planPrices)
        .set({ amountCents: cents.data, updatedAt: new Date() })
        .where(eq(planPrices.category, category));
    }
    const rows = await database.db.select().from(planPrices).orderBy(planPrices.id);
    for (const row of rows) {
      console.log(
        `${row.category.padEnd(18)} ${(row.amountCents / 100).toFixed(2).padStart(10)} ${row.currency}`,
      );
    }
  } finally {
    await database.close();
    unlock();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof Error;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
