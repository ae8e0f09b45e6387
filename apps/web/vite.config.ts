import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, parseAst } from 'vite';

const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

type AstNode = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/** Where each call evaluated while the expression itself is evaluated starts (not those in functions). */
const callStarts = (value: unknown, starts: Set<number>): Set<number> => {
  if (Array.isArray(value)) {
    for (const item of value) callStarts(item, starts);
  } else if (isNode(value)) {
    if (/Function/.test(value.type)) return starts;
    if (value.type === 'CallExpression' || value.type === 'NewExpression') starts.add(value.start);
    for (const [key, child] of Object.entries(value)) {
      if (key !== 'type' && typeof child === 'object') callStarts(child, starts);
    }
  }
  return starts;
};

/**
 * The contracts declare their schemas at the top of each module (`export const xSchema = z.object(...)`).
 * Each call that builds one is marked pure, so a schema nobody uses is dropped from the bundle: the
 * public pages, which use only the contracts' constants and messages, then load without the
 * validation library (docs/BENCHMARKS.md, the first page). Calls inside functions are left alone.
 */
const pureContracts = (): Plugin => ({
  name: 'skillwise:pure-contracts',
  enforce: 'pre',
  transform(code, id) {
    if (!id.includes('/packages/contracts/src/')) return undefined;
    const starts = new Set<number>();
    for (const statement of parseAst(code, { lang: 'ts' }).body as unknown as AstNode[]) {
      const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
      if (isNode(declaration) && declaration.type === 'VariableDeclaration') {
        for (const declarator of declaration.declarations as AstNode[]) callStarts(declarator.init, starts);
      }
    }
    let annotated = code;
    for (const start of [...starts].sort((a, b) => b - a)) {
      annotated = `${annotated.slice(0, start)}/* @__PURE__ */ ${annotated.slice(start)}`;
    }
    return { code: annotated, map: null };
  },
});

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), pureContracts()],
  resolve: { alias: { '@': `${root}src` } },
  // The API serves everything under /api; in development it runs beside Vite (DESIGN: one process in production).
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: `${root}dist`,
    emptyOutDir: true,
    // Every browser the app supports preloads modules itself; the polyfill would weigh on every page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // The contracts are schemas and constants with no side effects: a page gets only the constants
        // it uses, and the validation library only with the screens that validate (docs/BENCHMARKS.md).
        moduleSideEffects: (id) => !id.includes('/packages/contracts/'),
      },
    },
  },
});
