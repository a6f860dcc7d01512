import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { componentsOf, oversizedComponents } from './check-component-size.mjs';

/** A component of `body` lines inside its braces. */
const component = (header, body) =>
  `${header} {\n${Array.from({ length: body }, (_, i) => `  const a${i} = ${i};`).join('\n')}\n  return null;\n}\n`;

describe('check-component-size: React components longer than the limit', () => {
  it('measures function components, arrow components and wrapped ones, from first line to last', () => {
    const text = [
      "import { memo } from 'react';",
      component('export function Screen()', 3),
      component('const Panel = () =>', 1),
      component('export const Row = memo(function Row()', 1)
        .replace('  const a0 = 0;\n', '')
        .replace(/}\n$/, '});\n'),
    ].join('\n');
    expect(componentsOf(text).map(({ name, line, lines }) => [name, line, lines])).toEqual([
      ['Screen', 2, 6],
      ['Panel', 9, 4],
      ['Row', 14, 3],
    ]);
  });

  it('measures hooks too, but leaves out helpers whose names start with a small letter', () => {
    const text = component('function useThing()', 3) + component('const helper = () =>', 200);
    expect(componentsOf(text).map(({ name, lines }) => [name, lines])).toEqual([['useThing', 6]]);
  });

  it('in a .ts file counts hooks only, not capitalised functions', () => {
    const text = component('export function useCells()', 1) + component('function Schema()', 1);
    expect(componentsOf(text, 'cells.ts').map(({ name }) => name)).toEqual(['useCells']);
  });

  it('lists the components and hooks over the limit in web/src, tests left out', () => {
    const root = mkdtempSync(join(tmpdir(), 'component-size-'));
    mkdirSync(join(root, 'web/src/features/a'), { recursive: true });
    writeFileSync(join(root, 'web/src/features/a/long.tsx'), component('function Long()', 9));
    writeFileSync(join(root, 'web/src/features/a/short.tsx'), component('function Short()', 2));
    writeFileSync(join(root, 'web/src/features/a/long.ts'), component('function NotTsx()', 20));
    writeFileSync(join(root, 'web/src/features/a/use-long.ts'), component('function useLong()', 9));
    writeFileSync(join(root, 'web/src/features/a/a.test.ts'), component('function useTest()', 20));
    const over = oversizedComponents(root, { limit: 11 });
    expect(over).toEqual([
      { file: 'web/src/features/a/long.tsx', name: 'Long', line: 1, lines: 12 },
      { file: 'web/src/features/a/use-long.ts', name: 'useLong', line: 1, lines: 12 },
    ]);
  });
});
