import { expect, test, vi } from 'vitest';

test('zod loaded after the setting takes it: no compiled checks, no eval probe', async () => {
  vi.resetModules();
  delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
  await import('./zod-jitless');
  const probe = vi.spyOn(globalThis, 'Function');
  const { config, z } = await import('zod');
  expect(config().jitless).toBe(true);
  const schema = z.object({ name: z.string(), count: z.number() });
  expect(schema.parse({ name: 'a', count: 1 })).toEqual({ name: 'a', count: 1 });
  expect(schema.safeParse({ name: 'a' }).success).toBe(false);
  expect(probe).not.toHaveBeenCalled();
});
