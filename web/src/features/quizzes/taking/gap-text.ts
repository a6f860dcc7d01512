/** A gap-fill's text in pieces: what is read, and where each gap stands. */
export type GapPiece = { kind: 'text'; text: string } | { kind: 'gap'; id: string };

/**
 * Splits a gap-fill's text on its `{g1}` markers (contract/src/quizzes/items.ts) so each gap can
 * be drawn where it stands in the sentence. A marker naming no gap of the item stays as text.
 */
export function splitGaps(text: string, gapIds: readonly string[]): GapPiece[] {
  const known = new Set(gapIds);
  const pieces: GapPiece[] = [];
  let rest = 0;
  for (const match of text.matchAll(/\{([a-z0-9]{1,8})\}/g)) {
    const id = match[1] ?? '';
    if (!known.has(id)) continue;
    if (match.index > rest) pieces.push({ kind: 'text', text: text.slice(rest, match.index) });
    pieces.push({ kind: 'gap', id });
    rest = match.index + match[0].length;
  }
  if (rest < text.length) pieces.push({ kind: 'text', text: text.slice(rest) });
  return pieces;
}
