// Lists every React component in web/src (a function in a .tsx file whose name starts with a
// capital letter) and every hook (a function named use…, in a .ts or .tsx file) longer than the
// limit, and exits 1 if there is one: a screen or hook that grows past it is split into parts
// named for what they do (issue 28; hooks since issue 50, when useSheetCells had reached 162
// lines). Run by `npm run lint`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The most lines a component or a hook may take, from its first line to its last. */
export const MAX_COMPONENT_LINES = 150;

const isHookName = (name) => /^use[A-Z0-9]/.test(name);

/**
 * The components and hooks of one file's text with their first line and length in lines. In a
 * .tsx file a capitalised function is a component; in a .ts file only hooks count (a
 * capitalised function there is a schema or a class-like factory, not a screen).
 */
export function componentsOf(text, fileName = 'file.tsx') {
  const tsx = fileName.endsWith('.tsx');
  const isComponentName = (name) => (tsx && /^[A-Z]/.test(name)) || isHookName(name);
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    tsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found = [];
  const add = (name, node) => {
    const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const last = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
    found.push({ name, line: first, lines: last - first + 1 });
  };
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) && node.name && isComponentName(node.name.text)) {
      add(node.name.text, node);
    } else if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      isComponentName(node.name.text) &&
      node.initializer &&
      isFunctionLike(node.initializer)
    ) {
      add(node.name.text, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A function, or one wrapped in a call such as memo(...) or forwardRef(...). */
function isFunctionLike(node) {
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return true;
  return ts.isCallExpression(node) && node.arguments.some((argument) => isFunctionLike(argument));
}

/** Every .ts and .tsx file below a folder but tests and declarations, relative to `base`. */
function sourceFiles(folder, base) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path, base);
    const source = /\.tsx?$/.test(entry.name) && !/\.(test\.tsx?|d\.ts)$/.test(entry.name);
    return source ? [relative(base, path)] : [];
  });
}

/** The components and hooks over the limit in the source files below `root`/web/src. */
export function oversizedComponents(root, { limit = MAX_COMPONENT_LINES } = {}) {
  return sourceFiles(join(root, 'web/src'), root)
    .map((file) => file.split('\\').join('/'))
    .sort()
    .flatMap((file) =>
      componentsOf(readFileSync(join(root, file), 'utf8'), file)
        .filter((component) => component.lines > limit)
        .map((component) => ({ file, ...component })),
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const over = oversizedComponents(root);
  for (const { file, line, name, lines } of over) {
    console.log(`${file}:${line} ${name} is ${lines} lines (at most ${MAX_COMPONENT_LINES})`);
  }
  if (over.length > 0) {
    console.log(
      `${over.length} components or hooks over ${MAX_COMPONENT_LINES} lines: split them into parts named for what they do.`,
    );
    process.exit(1);
  }
}
