import { config } from 'zod';

// The app's Content-Security-Policy allows no eval, and zod compiles its object checks with `new Function`
// when it can (and asks whether it can as each object schema is made, a violation report each time). This
// module is imported first (main.tsx), before any schema exists: the checks run without generated code.
config({ jitless: true });
