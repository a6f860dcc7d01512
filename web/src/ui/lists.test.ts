import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KIT = path.join('ui', 'lists.module.css');

/** Each rule of a stylesheet: its selector, and its declarations as a set of 'name: value'. */
function rules(css: string): { selector: string; declarations: Set<string> }[] {
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...plain.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector, body]) => ({
    selector: (selector ?? '').trim(),
    declarations: new Set(
      (body ?? '')
        .split(';')
        .map((d) => d.trim().replace(/\s+/g, ' '))
        .filter(Boolean),
    ),
  }));
}

describe("the kit's list rows (ui/lists.module.css)", () => {
  // A record's row (a term on Settings, a guardian on a student's page) is one style that
  // screens compose, not a copy each screen keeps and that drifts apart.
  it('are composed, never copied: no other stylesheet repeats the row', () => {
    const kit = rules(readFileSync(path.join(src, KIT), 'utf8'));
    const row = kit.find((r) => r.selector === '.row')?.declarations;
    expect(row?.size).toBeGreaterThan(3);
    const copies = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.css') && file !== KIT)
      .flatMap((file) =>
        rules(readFileSync(path.join(src, file), 'utf8'))
          .filter((r) => [...(row ?? [])].every((d) => r.declarations.has(d)))
          .map((r) => `${file} ${r.selector}`),
      );
    expect(copies).toEqual([]);
  });
});
