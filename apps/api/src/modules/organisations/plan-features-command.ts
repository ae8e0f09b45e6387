import { PLAN_CAPABILITIES, PLANS, type PlanCapability } from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { failWith, rowIdOf } from '../../lib/command-line';
import {
  appendPlanFeature,
  deletePlanFeature,
  findPlanId,
  listPlanFeatures,
  type PlanFeatureRow,
  updatePlanFeature,
} from './organisations.repository';
import { capabilityProvided } from './plan-capabilities';

/** What `npm run plan-features -- help` prints, and what a wrong command is answered with. */
export const PLAN_FEATURES_USAGE = [
  'npm run plan-features                                   list every plan card',
  'npm run plan-features -- include ID                     this installation provides it',
  'npm run plan-features -- exclude ID                     it does not: "Not included"',
  'npm run plan-features -- auto ID                        as the software decides',
  'npm run plan-features -- text ID "TEXT"                 the item\'s words',
  'npm run plan-features -- note ID "NOTE"                 a short remark shown with it ("" removes it)',
  'npm run plan-features -- add PLAN "TEXT" [CAPABILITY]   at the end of the plan\'s card',
  'npm run plan-features -- remove ID',
  `PLAN: ${PLANS.join(', ')}; CAPABILITY: ${PLAN_CAPABILITIES.join(', ')} (default other).`,
].join('\n');

/** The longest text or note a card item takes. */
export const PLAN_FEATURE_TEXT_MAX = 120;

/** A mistake in the command line, said to the operator with the usage (no stack trace). */
export class PlanFeaturesCommandError extends Error {}

const fail = failWith(PlanFeaturesCommandError, PLAN_FEATURES_USAGE);

const idOf = (raw: string | undefined): number =>
  rowIdOf(raw) ??
  fail(`The item's id must be a whole number, as the list shows it (got ${raw ?? 'nothing'}).`);

const wordsOf = (raw: string | undefined, what: string, empty: 'allowed' | 'refused'): string => {
  const words = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (raw === undefined) return fail(`Give the ${what}.`);
  if (!words && empty === 'refused') return fail(`The ${what} must not be empty.`);
  if (words.length > PLAN_FEATURE_TEXT_MAX)
    return fail(`The ${what} must be at most ${PLAN_FEATURE_TEXT_MAX} characters.`);
  return words;
};

const stateOf = (row: PlanFeatureRow): string => {
  const provided = row.included ?? capabilityProvided(row.capability);
  const by = row.included === null ? 'as the software decides' : 'as the operator said';
  return `${provided ? 'included' : 'NOT INCLUDED'} (${by})`;
};

const describe = (rows: PlanFeatureRow[]): string[] =>
  PLANS.flatMap((plan) => {
    const items = rows.filter((row) => row.plan === plan);
    return [
      `${plan}:`,
      ...(items.length === 0
        ? ['  (no items)']
        : items.map(
            (row) =>
              `  #${String(row.id).padEnd(4)} ${row.text.padEnd(28)} ${row.capability.padEnd(17)} ${stateOf(row)}${row.note ? `  note: ${row.note}` : ''}`,
          )),
    ];
  });

/**
 * The operator's command for the plan cards (README "Plan cards"): lists them, marks an item included,
 * not included or as the software decides, changes its words or note, adds or removes one, then
 * answers the lines to print (the cards as they now are). A mistake throws PlanFeaturesCommandError and
 * changes nothing.
 */
export async function runPlanFeaturesCommand(db: Db, args: string[]): Promise<string[]> {
  const [command = 'list', ...rest] = args;
  const noMore = (count: number) => {
    if (rest.length > count) fail(`Unexpected "${rest[count]}".`);
  };
  const change = async (changes: Parameters<typeof updatePlanFeature>[2], done: string) => {
    const id = idOf(rest[0]);
    if (!(await updatePlanFeature(db, id, changes))) fail(`There is no item #${id}.`);
    return [`${done} #${id}.`, ...describe(await listPlanFeatures(db))];
  };

  switch (command) {
    case 'help':
      return PLAN_FEATURES_USAGE.split('\n');
    case 'list':
      noMore(0);
      return describe(await listPlanFeatures(db));
    case 'include':
    case 'exclude':
    case 'auto':
      noMore(1);
      return change(
        { included: command === 'auto' ? null : command === 'include' },
        command === 'auto' ? 'The software decides' : command === 'include' ? 'Included' : 'Not included',
      );
    case 'text':
      noMore(2);
      return change({ text: wordsOf(rest[1], 'text', 'refused') }, 'Changed');
    case 'note': {
      noMore(2);
      const note = wordsOf(rest[1], 'note', 'allowed');
      return change({ note: note || null }, note ? 'Noted' : 'Removed the note of');
    }
    case 'add': {
      noMore(3);
      const plan = rest[0] ?? '';
      const planId = (PLANS as readonly string[]).includes(plan) ? await findPlanId(db, plan) : undefined;
      if (planId === undefined)
        return fail(`The plan must be one of ${PLANS.join(', ')} (got ${plan || 'nothing'}).`);
      const text = wordsOf(rest[1], 'text', 'refused');
      const capability = rest[2] ?? 'other';
      if (!(PLAN_CAPABILITIES as readonly string[]).includes(capability))
        fail(`The capability must be one of ${PLAN_CAPABILITIES.join(', ')}.`);
      const id = await appendPlanFeature(db, { planId, text, capability: capability as PlanCapability });
      return [`Added #${id}.`, ...describe(await listPlanFeatures(db))];
    }
    case 'remove': {
      noMore(1);
      const id = idOf(rest[0]);
      if (!(await deletePlanFeature(db, id))) fail(`There is no item #${id}.`);
      return [`Removed #${id}.`, ...describe(await listPlanFeatures(db))];
    }
    default:
      return fail(`Unknown command "${command}".`);
  }
}
