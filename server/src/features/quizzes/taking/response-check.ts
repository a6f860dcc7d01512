import type { ItemBody, ItemResponse } from '@academy/contract/quizzes/items';

/**
 * Whether a response fits its item, in words a student reads; null when it does. The schema
 * already checked its shape (contract: ItemResponse); this checks it against the item the
 * attempt drew: the same kind, and only options, gaps, prompts and pieces the item has. A
 * response that does not fit is refused rather than saved and marked wrong, so a phone out of
 * step (an old queue after a retake) learns it at once.
 */
export function responseProblem(
  body: ItemBody,
  response: ItemResponse,
  position: number,
): string | null {
  const item = `Question ${position + 1}`;
  if (response.type !== body.type) return `${item} is not answered that way.`;
  const unknown = `${item}'s answer names something the question does not have.`;
  switch (body.type) {
    case 'choice': {
      if (response.type !== 'choice') return null;
      const ids = new Set(body.options.map((o) => o.id));
      if (!response.chosen.every((id) => ids.has(id))) return unknown;
      if (new Set(response.chosen).size !== response.chosen.length)
        return `${item}'s answer chooses an option twice.`;
      if (!body.multiple && response.chosen.length > 1)
        return `${item} takes one answer: choose one option.`;
      return null;
    }
    case 'gaps': {
      if (response.type !== 'gaps') return null;
      for (const [id, word] of Object.entries(response.gaps)) {
        const gap = body.gaps.find((g) => g.id === id);
        if (!gap) return unknown;
        if (gap.choices && word !== '' && !gap.choices.includes(word))
          return `${item}'s gap takes one of its own words.`;
      }
      return null;
    }
    case 'matching': {
      if (response.type !== 'matching') return null;
      const prompts = new Set(body.prompts.map((p) => p.id));
      const answers = new Set(body.answers.map((a) => a.id));
      for (const [prompt, answer] of Object.entries(response.pairs))
        if (!prompts.has(prompt) || !answers.has(answer)) return unknown;
      return null;
    }
    case 'ordering': {
      if (response.type !== 'ordering') return null;
      const ids = new Set(body.pieces.map((p) => p.id));
      if (!response.order.every((id) => ids.has(id))) return unknown;
      if (new Set(response.order).size !== response.order.length)
        return `${item}'s answer uses a piece twice.`;
      return null;
    }
    default:
      return null;
  }
}
