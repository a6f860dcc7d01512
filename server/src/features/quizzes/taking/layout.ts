import { randomInt } from 'node:crypto';
import type { ItemBody, ItemKey } from '@academy/contract/quizzes/items';

/**
 * An attempt's layout (quiz_attempts.layout): the item versions drawn, in the order the student
 * sees them, and each one's options in the order shown. Drawn once when the attempt starts, so
 * a reload, another device or the review shows the same quiz.
 */
export interface LayoutEntry {
  position: number;
  item_id: number;
  version_id: number;
  /** The ids of a choice item's options, a matching item's answers or an ordering item's pieces. */
  option_order?: string[];
  /** A gap fill's chosen gaps: each gap's words, as indexes into its choices, in the order shown. */
  choice_orders?: Record<string, number[]>;
}

export type Random = (below: number) => number;
export const cryptoRandom: Random = (below) => randomInt(below);

/** A copy of `list` in a random order (Fisher–Yates). */
export function shuffled<T>(list: readonly T[], random: Random = cryptoRandom): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const sameOrder = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The order an item's options are shown in for one attempt. A choice item's options are
 * shuffled when the quiz says so (a teacher may want "None of these" last). A matching item's
 * answers and an ordering item's pieces are always shuffled, whatever the quiz says: a bank
 * typed in order would otherwise show each prompt beside its answer and the pieces already in
 * the right order, which is the key. An ordering item is never shown in its right order. A
 * gap's word list is always shuffled too: imports (GIFT's missing word) list the right word
 * first.
 */
export function optionLayout(
  body: ItemBody,
  key: ItemKey,
  shuffleOptions: boolean,
  random: Random = cryptoRandom,
): Pick<LayoutEntry, 'option_order' | 'choice_orders'> {
  switch (body.type) {
    case 'choice': {
      const ids = body.options.map((o) => o.id);
      return { option_order: shuffleOptions ? shuffled(ids, random) : ids };
    }
    case 'matching':
      return {
        option_order: shuffled(
          body.answers.map((a) => a.id),
          random,
        ),
      };
    case 'ordering': {
      const ids = body.pieces.map((p) => p.id);
      const right = key.type === 'ordering' ? key.order : [];
      let order = shuffled(ids, random);
      // Two or more pieces always have another order than the right one.
      for (let tries = 0; sameOrder(order, right) && tries < 20; tries++)
        order = shuffled(ids, random);
      if (sameOrder(order, right)) order = [...ids.slice(1), ...ids.slice(0, 1)];
      return { option_order: order };
    }
    case 'gaps': {
      const orders: Record<string, number[]> = {};
      for (const gap of body.gaps)
        if (gap.choices)
          orders[gap.id] = shuffled(
            gap.choices.map((_, i) => i),
            random,
          );
      return Object.keys(orders).length > 0 ? { choice_orders: orders } : {};
    }
    default:
      return {};
  }
}

/** Items of `list` in the order of `ids` (by their id); any `ids` lacks follow in their order. */
function inOrder<T extends { id: string }>(list: readonly T[], ids: readonly string[] | undefined) {
  if (!ids) return [...list];
  const byId = new Map(list.map((x) => [x.id, x]));
  const out = ids.map((id) => byId.get(id)).filter((x): x is T => x !== undefined);
  for (const x of list) if (!ids.includes(x.id)) out.push(x);
  return out;
}

/** A body as this attempt shows it: the options, answers, pieces and words in its order. */
export function bodyAsShown(body: ItemBody, entry: LayoutEntry): ItemBody {
  switch (body.type) {
    case 'choice':
      return { ...body, options: inOrder(body.options, entry.option_order) };
    case 'matching':
      return { ...body, answers: inOrder(body.answers, entry.option_order) };
    case 'ordering':
      return { ...body, pieces: inOrder(body.pieces, entry.option_order) };
    case 'gaps':
      return {
        ...body,
        gaps: body.gaps.map((gap) => {
          const order = entry.choice_orders?.[gap.id];
          if (!gap.choices || !order) return gap;
          const choices = gap.choices;
          const words = order.map((i) => choices[i]).filter((w): w is string => w !== undefined);
          return words.length === choices.length ? { ...gap, choices: words } : gap;
        }),
      };
    default:
      return body;
  }
}

/** Reads a stored layout; a row the server wrote always parses. */
export function readLayout(json: string): LayoutEntry[] {
  return JSON.parse(json) as LayoutEntry[];
}
