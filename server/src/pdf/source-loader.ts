import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Module hooks that let a worker thread import the server's TypeScript sources, for when the
 * server runs from them: the tests, through Vitest, which transforms the test's own thread's
 * modules but not a worker's. Node 20 runs no TypeScript itself and ignores `--import` in a
 * worker's execArgv, so the worker registers these hooks first thing (pdf-pool.ts). The built
 * server (dist/) never uses them.
 *
 * They do what Vitest's configuration does for the tests' thread: a workspace package
 * resolves to its sources (the `@academy/source` condition), and `./x.js` to `./x.ts` where
 * only the source exists; a `.ts` file is transpiled alone (TypeScript's transpileModule: no
 * type check, which `tsc -p server` does), as the sources are written for
 * (`isolatedModules`, `verbatimModuleSyntax`).
 */
const HOOKS = `
import { readFile } from 'node:fs/promises';
let ts;
export async function initialize({ typescript }) {
  ts = (await import(typescript)).default;
}
export async function resolve(specifier, context, next) {
  const sources = { ...context, conditions: [...context.conditions, '@academy/source'] };
  try {
    return await next(specifier, sources);
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !/^(\\.{1,2}\\/|file:).*\\.js$/.test(specifier)) throw error;
    return next(specifier.slice(0, -3) + '.ts', sources);
  }
}
export async function load(url, context, next) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return next(url, context);
  const source = await readFile(new URL(url), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    fileName: url,
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2023,
      verbatimModuleSyntax: true,
    },
  });
  return { format: 'module', source: outputText, shortCircuit: true };
}
`;

/** What a worker passes to `module.register` to import TypeScript sources. */
export interface SourceLoader {
  hooks: string;
  data: { typescript: string };
}

export function sourceLoader(): SourceLoader {
  const typescript = createRequire(import.meta.url).resolve('typescript');
  return {
    hooks: `data:text/javascript,${encodeURIComponent(HOOKS)}`,
    data: { typescript: pathToFileURL(typescript).href },
  };
}
