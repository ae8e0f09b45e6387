import { type PlanFeature, pricingRecordSchema, SPEC_PLAN_FEATURES } from '@skillwise/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { seedPlanFeatures } from '../../db/plan-features';
import { planFeatures } from '../../db/schema';
import { PlanFeaturesCommandError, runPlanFeaturesCommand } from './plan-features-command';

// The cards are the whole installation's: this context's database is its own.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_CACHE_SECONDS: '0' });
});
afterAll(async () => ctx.close());

const cards = async () => {
  const res = await call(ctx.app, { method: 'GET', url: '/api/pricingplan' });
  expect(res.statusCode, res.body).toBe(200);
  const [record] = res.json();
  const features = pricingRecordSchema.parse(record).features;
  if (!features) throw new Error('no features in the answer');
  return features;
};
const item = (list: PlanFeature[], text: string) => list.find((feature) => feature.text === text);

const run = (...args: string[]) => runPlanFeaturesCommand(ctx.database.db, args);
const refused = async (args: string[], message: RegExp) => {
  const attempt = run(...args);
  await expect(attempt).rejects.toBeInstanceOf(PlanFeaturesCommandError);
  await expect(attempt).rejects.toThrow(message);
};
const idOf = (lines: string[], text: string) => {
  const line = lines.find((l) => l.includes(` ${text} `));
  return String(Number(line?.match(/#(\d+)/)?.[1]));
};

describe('pricingplan: the plan cards', () => {
  test("each plan's card keeps the spec's texts in order, with what this installation provides", async () => {
    const features = await cards();
    for (const plan of ['Kickstarter', 'Basic', 'Growth'] as const) {
      expect(features[plan].map((f) => f.text)).toEqual(SPEC_PLAN_FEATURES[plan].map((f) => f.text));
    }
    // Products and contacts are enforced limits, e-mails to students are sent, each school has its own
    // site and brand and a team, and Growth has its own domain and webhooks; nothing else on the cards is
    // provided.
    expect(features.Growth.filter((f) => f.included).map((f) => f.text)).toEqual([
      '1 Website',
      '15 Products',
      '25,000 Contacts',
      'Unlimited Marketing Emails',
      'Custom Domain',
      'Custom Branding',
      'Multiple Admin Users',
      'Webhooks',
    ]);
    expect(item(features.Kickstarter, 'AI')).toEqual({
      text: 'AI',
      capability: 'ai',
      included: false,
      note: null,
    });
    expect(item(features.Kickstarter, '1 Product + 1 Community')).toEqual({
      text: '1 Product + 1 Community',
      capability: 'products',
      included: true,
      note: 'Community not included',
    });
    expect(item(features.Kickstarter, '1 Website')?.included).toBe(true);
    expect(item(features.Kickstarter, 'Unlimited Landing Pages')?.included).toBe(false);
    expect(item(features.Kickstarter, '7,500 Marketing Emails')?.included).toBe(true);
    for (const text of ['3rd Party Integrations', '24/7 Support']) {
      expect(item(features.Growth, text)?.included).toBe(false);
    }
    for (const text of ['1 Website', 'Custom Domain', 'Custom Branding', 'Multiple Admin Users']) {
      expect(item(features.Growth, text)?.included).toBe(true);
    }
  });

  test('seeding again (every start migrates) writes nothing twice', async () => {
    const before = await ctx.database.db.select().from(planFeatures);
    await seedPlanFeatures(ctx.database.db);
    await ctx.database.migrate();
    expect(await ctx.database.db.select().from(planFeatures)).toHaveLength(before.length);
    expect(before).toHaveLength(8 + 9 + 15);
  });
});

describe('npm run plan-features', () => {
  test('lists every card with each item state and who decided it', async () => {
    const lines = await run();
    expect(lines[0]).toBe('Kickstarter:');
    expect(lines.find((l) => l.includes(' AI '))).toMatch(/NOT INCLUDED \(as the software decides\)/);
    expect(lines.find((l) => l.includes('250 Contacts'))).toMatch(/included \(as the software decides\)/);
    expect(lines.find((l) => l.includes('1 Product + 1 Community'))).toMatch(/note: Community not included/);
  });

  test('the operator includes, excludes, rewords, notes, adds and removes items; the cards follow', async () => {
    const lines = await run();
    const support = idOf(lines, '24/7 Support');
    expect((await run('include', support))[0]).toBe(`Included #${support}.`);
    expect(item((await cards()).Growth, '24/7 Support')?.included).toBe(true);

    const contacts = idOf(lines, '250 Contacts');
    await run('exclude', contacts);
    expect(item((await cards()).Kickstarter, '250 Contacts')?.included).toBe(false);
    await run('auto', contacts);
    expect(item((await cards()).Kickstarter, '250 Contacts')?.included).toBe(true);

    await run('text', support, '  24/7   Support by e-mail ');
    await run('note', support, 'Answered within a day');
    expect(item((await cards()).Growth, '24/7 Support by e-mail')).toEqual({
      text: '24/7 Support by e-mail',
      capability: 'support',
      included: true,
      note: 'Answered within a day',
    });
    await run('note', support, '');
    expect(item((await cards()).Growth, '24/7 Support by e-mail')?.note).toBeNull();

    const added = await run('add', 'Basic', 'Certificates of completion', 'other');
    expect(added[0]).toMatch(/^Added #\d+\.$/);
    const basic = (await cards()).Basic;
    expect(basic.at(-1)).toEqual({
      text: 'Certificates of completion',
      capability: 'other',
      included: false,
      note: null,
    });
    const certificates = String(Number(added[0]?.match(/#(\d+)/)?.[1]));
    await run('include', certificates);
    expect((await cards()).Basic.at(-1)?.included).toBe(true);

    const ai = idOf(lines, 'AI');
    expect((await run('remove', ai))[0]).toBe(`Removed #${ai}.`);
    const kickstarter = (await cards()).Kickstarter;
    expect(item(kickstarter, 'AI')).toBeUndefined();
    expect(kickstarter.map((f) => f.text).at(-1)).toBe('Creator Studio');
    // Another item added after a removal goes last.
    await run('add', 'Kickstarter', 'Quizzes');
    expect((await cards()).Kickstarter.at(-1)?.text).toBe('Quizzes');
  });

  test('a mistake is said with the usage and changes nothing', async () => {
    const before = await cards();
    await refused(['include'], /The item's id must be a whole number, as the list shows it \(got nothing\)/);
    await refused(['exclude', 'abc'], /The item's id must be a whole number/);
    await refused(['include', '999999'], /There is no item #999999\./);
    await refused(['text', '1'], /Give the text\./);
    await refused(['text', '1', '   '], /The text must not be empty\./);
    await refused(['text', '1', 'x'.repeat(121)], /at most 120 characters/);
    await refused(['add', 'Premium', 'Anything'], /The plan must be one of Kickstarter, Basic, Growth/);
    await refused(['add', 'Basic', 'Anything', 'teleport'], /The capability must be one of/);
    await refused(['remove', '1', '2'], /Unexpected "2"/);
    await refused(['rename'], /Unknown command "rename"[\s\S]*Usage:/);
    expect(await cards()).toEqual(before);
    expect((await run('help'))[0]).toMatch(/^npm run plan-features/);
  });
});
