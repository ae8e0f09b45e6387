// Lists or sets plan prices without touching code: `npm run plan-prices` lists them;
// `npm run plan-prices -- MonthlyKickstart 49.00` sets one (dollars). With the embedded database, stop
// the server first (one process per DATA_DIR); with DATABASE_URL it works while the app runs.
import { PLAN_CATEGORIES, priceSchema } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { planPrices } from '../db/schema';
import { runOperatorCommand } from './operator-command';

/** A mistake in the command line, said to the operator. */
class PlanPricesCommandError extends Error {}

runOperatorCommand(
  async (db) => {
    const [category, amount] = process.argv.slice(2);
    if (category !== undefined) {
      if (!(PLAN_CATEGORIES as readonly string[]).includes(category)) {
        throw new PlanPricesCommandError(`The plan category must be one of ${PLAN_CATEGORIES.join(', ')}.`);
      }
      const cents = priceSchema.safeParse(amount ?? '');
      if (!cents.success) {
        throw new PlanPricesCommandError(
          'The price must be in dollars with at most two decimals, e.g. 49.00.',
        );
      }
      await db
        .update(planPrices)
        .set({ amountCents: cents.data, updatedAt: new Date() })
        .where(eq(planPrices.category, category));
    }
    const rows = await db.select().from(planPrices).orderBy(planPrices.id);
    return rows.map(
      (row) =>
        `${row.category.padEnd(18)} ${(row.amountCents / 100).toFixed(2).padStart(10)} ${row.currency}`,
    );
  },
  [PlanPricesCommandError],
);
