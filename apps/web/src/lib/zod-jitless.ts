/**
 * The app's Content-Security-Policy allows no eval, and zod compiles its object checks with `new Function`
 * when it can (and probes whether it can as each object schema is made, a violation report each time).
 * zod keeps its global configuration in `globalThis.__zod_globalConfig` and takes the object found there
 * when it loads, so this sets `jitless` there without importing zod: the first page, which validates
 * nothing, loads no zod at all (docs/BENCHMARKS.md, the first page). Imported first (main.tsx), before any
 * chunk that uses zod; zod-jitless.test.ts proves zod still reads the setting from there.
 */
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

const scope = globalThis as ZodGlobal;
if (scope.__zod_globalConfig) scope.__zod_globalConfig.jitless = true;
else scope.__zod_globalConfig = { jitless: true };

export {};
