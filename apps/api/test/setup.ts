import { lowerPasswordHashCostForTests } from '../src/lib/crypto';

// Before each test file (apps/api/vitest.config.ts): accounts made by the tests get cheap password hashes.
// What hashing does is tested all the same (src/lib/crypto.test.ts); the servers of the browser journeys
// and the benchmarks hash at the server's own cost.
lowerPasswordHashCostForTests(1024);
