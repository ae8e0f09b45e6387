import { createHash } from 'node:crypto';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, parseAst, type Rolldown } from 'vite';

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

/**
 * The message catalogues (src/locales/{language}/{namespace}.json, ICU MessageFormat) compiled to the form
 * Lingui's runtime reads, so the browser gets no message parser (docs/decisions/044). A message that does
 * not parse fails the build, naming its file and key. The output is JSON still: Vite makes it a module.
 */
const compileCatalogues = (): Plugin => ({
  name: 'skillwise:compile-catalogues',
  enforce: 'pre',
  transform(code, id) {
    if (!/\/src\/locales\/[a-z]{2}\/[a-z-]+\.json$/.test(id)) return undefined;
    const messages = JSON.parse(code) as Record<string, string>;
    const compiled: Record<string, unknown> = {};
    for (const [key, message] of Object.entries(messages)) {
      try {
        compiled[key] = compileMessageOrThrow(message);
      } catch (error) {
        return this.error(`${id}: "${key}" does not parse: ${(error as Error).message}`);
      }
    }
    return { code: JSON.stringify(compiled), map: null };
  },
});

/**
 * The pages a visitor lands on, by path, and the lazy files each shows (app/router.tsx): the public
 * pages, and the learning screen a student comes back to (its layout, the login check and the screen).
 * The build fails if one of these files is in no lazy chunk, so a moved screen cannot silently lose
 * its preload.
 */
const LANDING_SCREENS: Record<string, string[]> = {
  '/': ['src/app/routes/site/landing.tsx'],
  '/courses': ['src/app/routes/site/courses.tsx'],
  '/courseDetail': ['src/app/routes/site/course-detail.tsx'],
  // The screen first: its files hold the calls app/first-page-data.ts makes at start.
  '/students/takeCourse': [
    'src/app/routes/students/take-course.tsx',
    'src/app/routes/students/students-layout.tsx',
    'src/features/auth/components/require-auth.tsx',
  ],
};

/**
 * Every screen is lazy: its code is asked for only once the app's first script has arrived and run, a
 * round trip after the rest. For the public pages a visitor lands on, a small script that runs first
 * (before the app's own, from index.html) names the opened page's code and everything it imports as
 * module preloads, so the browser fetches it beside the app's first script (docs/BENCHMARKS.md, the
 * first page). Vite's own preloading then finds the same links and adds none.
 */
const landingPreloads = (): Plugin => ({
  name: 'skillwise:landing-preloads',
  apply: 'build',
  enforce: 'post',
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter(
      (item): item is Rolldown.OutputChunk => item.type === 'chunk',
    );
    const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const closure = (file: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(file)) return seen;
      seen.add(file);
      for (const imported of byFile.get(file)?.imports ?? []) closure(imported, seen);
      return seen;
    };
    const entry = chunks.find((chunk) => chunk.isEntry);
    const html = bundle['index.html'] as Rolldown.OutputAsset | undefined;
    if (!entry || !html) return this.error('landing preloads: no entry chunk or index.html in the bundle');
    const initial = closure(entry.fileName);
    // Each file named once; a page lists the positions of its files.
    const names: string[] = [];
    const pages: Record<string, number[]> = {};
    for (const [path, sources] of Object.entries(LANDING_SCREENS)) {
      const files = new Set<string>();
      for (const source of sources) {
        const chunk = chunks.find((item) => item.moduleIds.includes(`${root}${source}`));
        if (!chunk || chunk.isEntry) return this.error(`landing preloads: ${source} is in no lazy chunk`);
        closure(chunk.fileName, files);
      }
      const own = [...files].filter((file) => !initial.has(file));
      // A public page validates nothing as it opens and draws its own icons: the validation library (24 KB
      // of gzip) and the icon library stay out of its first JavaScript, which has a budget
      // (bench/first-page.mjs). A contracts module the first script reads holds no schema
      // (packages/contracts/src/paging-sizes.ts, coupon-codes.ts); a public page's icons are drawn-icons.tsx's.
      const validating = [...initial, ...own].filter((file) =>
        byFile.get(file)?.moduleIds.some((id) => /\/node_modules\/(zod|lucide-react)\//.test(id)),
      );
      if (!path.startsWith('/students/') && validating.length > 0) {
        return this.error(
          `landing preloads: ${path} would load the validation or icon library (${validating.join(', ')})`,
        );
      }
      if (
        !path.startsWith('/students/') &&
        own.some((file) => byFile.get(file)?.name === STUDENT_AREA_CHUNK)
      ) {
        return this.error(`landing preloads: ${path} would load the student area's chunk`);
      }
      // The stylesheets of the page's code, which Vite's loader would ask for only as the screen is drawn.
      const styles = own.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
      pages[path] = [...new Set([...styles, ...own])].map((file) =>
        names.includes(file) ? names.indexOf(file) : names.push(file) - 1,
      );
    }
    const code = `// The opened page's code and styles, fetched beside the app's first script (apps/web/vite.config.ts).
const names = ${JSON.stringify(names)};
for (const index of ${JSON.stringify(pages)}[location.pathname] ?? []) {
  const link = document.createElement('link');
  const name = names[index];
  link.rel = name.endsWith('.css') ? 'stylesheet' : 'modulepreload';
  link.crossOrigin = '';
  link.href = \`/\${name}\`;
  document.head.append(link);
}
`;
    const fileName = `assets/landing-preloads-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
    this.emitFile({ type: 'asset', fileName, source: code });
    const page = String(html.source);
    const entryTag = page.indexOf('<script type="module"');
    if (entryTag < 0) return this.error('landing preloads: no module script in index.html');
    html.source = `${page.slice(0, entryTag)}<script type="module" src="/${fileName}"></script>\n    ${page.slice(entryTag)}`;
  },
});

/**
 * The libraries every page runs before anything else (the runtime, the router, the query cache), in one file
 * of their own: the first page asks for it beside the app's entry, and a new version of the app that
 * does not change them leaves it in the browser's cache.
 */
const FRAMEWORK = [
  '/node_modules/preact/',
  '/src/runtime/',
  '/node_modules/react-router/',
  '/node_modules/@tanstack/query-core/',
];

/** Where the app starts (index.html's script). */
const ENTRY = `${root}src/main.tsx`;

type ModuleGraph = {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
};

/** Every module the files import statically, the files included. */
const staticClosure = (graph: ModuleGraph, files: string[]): Set<string> => {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  for (const file of files) visit(file.startsWith('/') ? file : `${root}${file}`);
  return seen;
};

/** Every module loaded lazily (an `import()` anywhere in the app). */
const lazyModules = (graph: ModuleGraph): Set<string> => {
  const lazy = new Set<string>();
  const visit = (ids: Iterable<string>) => {
    for (const id of staticClosure(graph, [...ids])) {
      for (const target of graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
        if (!lazy.has(target)) {
          lazy.add(target);
          visit([target]);
        }
      }
    }
  };
  visit([ENTRY]);
  return lazy;
};

/**
 * The learning screen a student comes back to (its layout, login check and screen, LANDING_SCREENS) in
 * a few chunks, not thirty small ones: on HTTP/1.1 a browser fetches six files at a time, a round trip
 * each (docs/BENCHMARKS.md, the learning screen). What only the student area uses is one chunk; what the
 * screen shares with the public course page (the curriculum's list and calls) another both load; what it
 * shares with other screens loaded apart (the admin area, the public header's account menu, a preview's
 * player) a few, by the screens that use them ('signed-in' below). Whatever the first script or the
 * landing page or the catalogue imports keeps its own chunk, so those pages load what they did;
 * `landingPreloads` fails the build if a public page would load the student area's chunk.
 */
const studentAreaChunks = () => {
  let groups: Map<string, string> | undefined;
  const plugin: Plugin = {
    name: 'skillwise:student-area-chunks',
    apply: 'build',
    buildStart() {
      groups = undefined;
    },
  };
  const name = (id: string, graph: ModuleGraph): string | null => {
    const group = assign(id, graph);
    return group === 'signed-in' ? null : group;
  };
  const assign = (id: string, graph: ModuleGraph): string | null => {
    if (!groups) {
      const elsewhere = staticClosure(graph, [
        ENTRY,
        ...(LANDING_SCREENS['/'] ?? []),
        ...(LANDING_SCREENS['/courses'] ?? []),
      ]);
      const coursePage = staticClosure(graph, LANDING_SCREENS['/courseDetail'] ?? []);
      // The screens outside the student area loaded apart (the admin area, the public header's account
      // menu, a preview's player...): what they share with the learning screen goes to the 'signed-in'
      // chunks, which rolldown forms after this group (groups are taken in order).
      const studentScreens = `${root}src/app/routes/students/`;
      const otherScreens = staticClosure(
        graph,
        [...lazyModules(graph)].filter((id) => !id.startsWith(studentScreens)),
      );
      groups = new Map();
      for (const module of staticClosure(graph, LANDING_SCREENS['/students/takeCourse'] ?? [])) {
        if (elsewhere.has(module)) continue;
        if (coursePage.has(module)) groups.set(module, 'course-content');
        else groups.set(module, otherScreens.has(module) ? 'signed-in' : STUDENT_AREA_CHUNK);
      }
    }
    return groups.get(id) ?? null;
  };
  return { plugin, name, isShared: (id: string) => groups?.get(id) === 'signed-in' };
};

/**
 * The size (source bytes) under which a group of the modules the learning screen shares with other
 * screens joins its nearest group: the learning screen then loads 29 scripts in place of 42, and a
 * signed-in visitor's account menu on a public page 7 KB (gzip) in place of 4 (docs/BENCHMARKS.md).
 */
const SHARED_MERGE_BYTES = 8000;

/** The source size under which a shared chunk is copied into its importers rather than fetched apart. */
const INLINE_COMMON_BYTES = 16_000;

/** The name of the chunk only the student area loads. */
const STUDENT_AREA_CHUNK = 'student-area';

const studentArea = studentAreaChunks();

export default defineConfig({
  root,
  plugins: [
    // No fast refresh: it updates through React DOM, which the app does not run on (decision 048); a
    // change in development reloads the page.
    react({ refreshExclude: /./ }),
    tailwindcss(),
    compileCatalogues(),
    pureContracts(),
    studentArea.plugin,
    landingPreloads(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: `${root}src` },
      // React's API on Preact's runtime in the browser (docs/decisions/048); the hooks Preact lacks are
      // src/runtime/react.ts's.
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      { find: /^react$/, replacement: `${root}src/runtime/react.ts` },
    ],
  },
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
      output: {
        codeSplitting: {
          // Small shared files are copied into the chunks that import them (rolldown keeps one module
          // state across the copies), so a page asks for about half as many scripts: on HTTP/1.1 each
          // is a round trip on one of six connections (docs/BENCHMARKS.md, the learning screen).
          // Stylesheets stay files of their own, as Vite's CSS handling needs.
          experimentalInlineCommonChunks: {
            maxSize: INLINE_COMMON_BYTES,
            exclude: /\.css(\?|$)/,
          },
          groups: [
            { name: 'framework', test: (id) => FRAMEWORK.some((part) => id.includes(part)) },
            // Nothing the group's modules import is pulled in with them: those stay where they are.
            { name: studentArea.name, debugName: 'student area', includeDependenciesRecursively: false },
            {
              // What the learning screen shares with other screens loaded apart: by the screens that use
              // it, the smallest of these groups merged with their nearest.
              name: 'signed-in',
              test: (id) => studentArea.isShared(id),
              entriesAware: true,
              entriesAwareMergeThreshold: SHARED_MERGE_BYTES,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
