import type { CallRequest, CallResponse } from '@academy/contract';
import { type DueRule, planProblems, splitEvenly } from '@academy/contract/tuition/instalments';
import type { Currency } from '@academy/contract/tuition/money';
import { amountText, readAmount } from '../amount-field';

/**
 * A fee plan as its editor holds it (issue 52): the text of every field as typed, read into
 * the request only when sent. Pure, so the editor's rules are tested without rendering.
 */

export type DueKind = DueRule['kind'];
/** `key` keeps each row's fields as rows are added and removed. */
export interface ItemDraft {
  key: number;
  label: string;
  amount: string;
}
export interface PartDraft {
  key: number;
  label: string;
  kind: DueKind;
  /** The weeks after the term's first day, as typed (kind 'weeks_after_start'). */
  weeks: string;
  /** 'YYYY-MM-DD' (kind 'on_date'). */
  day: string;
  amount: string;
}
export interface PlanDraft {
  tuition: string;
  items: ItemDraft[];
  parts: PartDraft[];
}

type SavedPlan = NonNullable<CallResponse<'getFeePlan'>['plan']>;
export type PlanRequest = Omit<CallRequest<'saveFeePlan'>, 'class_id' | 'term_id'>;

/** The editor's words for each due rule, in the select's order. */
export const DUE_KINDS: readonly DueKind[] = ['on_joining', 'weeks_after_start', 'on_date'];
export const DUE_WORDS: Record<DueKind, string> = {
  on_joining: 'On joining',
  weeks_after_start: 'Weeks after the term starts',
  on_date: 'On a date',
};

let nextKey = 1;

/** A new item, to be typed. */
export const newItem = (label = '', amount = ''): ItemDraft => ({ key: nextKey++, label, amount });

/** A new part: the first on joining, each later one four weeks after the one before. */
export function newPart(index: number): PartDraft {
  const key = nextKey++;
  return index === 0
    ? { key, label: 'On joining', kind: 'on_joining', weeks: '', day: '', amount: '' }
    : {
        key,
        label: `Week ${index * 4}`,
        kind: 'weeks_after_start',
        weeks: String(index * 4),
        day: '',
        amount: '',
      };
}

/** What the editor starts with: the saved plan, or a tuition to type and one part. */
export function draftOf(plan: SavedPlan | null, currency: Currency): PlanDraft {
  if (!plan) return { tuition: '', items: [], parts: [newPart(0)] };
  return {
    tuition: amountText(plan.tuition, currency),
    items: plan.items.map((i) => newItem(i.label, amountText(i.amount, currency))),
    parts: plan.parts.map((p, i) => ({
      ...newPart(i),
      label: p.label,
      kind: p.due.kind,
      weeks: p.due.kind === 'weeks_after_start' ? String(p.due.weeks) : '',
      day: p.due.kind === 'on_date' ? p.due.day : '',
      amount: amountText(p.amount, currency),
    })),
  };
}

/** A part's due rule from its fields; weeks not a whole number are NaN, for planProblems. */
function dueOf(part: PartDraft): DueRule {
  if (part.kind === 'on_joining') return { kind: 'on_joining' };
  if (part.kind === 'on_date') return { kind: 'on_date', day: part.day.trim() };
  const weeks = part.weeks.trim();
  return { kind: 'weeks_after_start', weeks: /^\d{1,4}$/.test(weeks) ? Number(weeks) : Number.NaN };
}

export type ReadDraft = { request: PlanRequest; total: number } | { problems: string[] };

/**
 * The request the draft makes, with the plan's total (the tuition and the items, what the
 * parts add up to); or what could not be read (each amount's problem, an item without a label).
 */
export function readDraft(draft: PlanDraft, currency: Currency): ReadDraft {
  const problems: string[] = [];
  const amount = (text: string, label: string) => {
    const read = readAmount(text, currency, label);
    if ('problem' in read) problems.push(read.problem);
    return 'amount' in read ? read.amount : 0;
  };
  const tuition = amount(draft.tuition, 'Tuition');
  const items = draft.items.map((item, i) => {
    if (item.label.trim() === '') problems.push(`Item ${i + 1} needs a label, like “Books”.`);
    return { label: item.label.trim(), amount: amount(item.amount, `Item ${i + 1}`) };
  });
  const parts = draft.parts.map((part, i) => ({
    label: part.label.trim(),
    due: dueOf(part),
    amount: amount(part.amount, `Part ${i + 1}`),
  }));
  if (problems.length > 0) return { problems };
  const total = items.reduce((sum, item) => sum + item.amount, tuition);
  return { request: { tuition, items, parts }, total };
}

/** The total the draft's tuition and items come to, or null while one cannot be read. */
export function draftTotal(draft: PlanDraft, currency: Currency): number | null {
  const amounts = [draft.tuition, ...draft.items.map((i) => i.amount)].map((text) =>
    readAmount(text, currency),
  );
  return amounts.every((a) => 'amount' in a)
    ? amounts.reduce((sum, a) => sum + ('amount' in a ? a.amount : 0), 0)
    : null;
}

/**
 * What stands between the draft and saving it: what could not be read, else planProblems in
 * the server's own words (the parts add up to the total, in order, each with a label).
 */
export function draftProblems(
  draft: PlanDraft,
  currency: Currency,
  termFirstDay: string,
): string[] {
  const read = readDraft(draft, currency);
  if ('problems' in read) return read.problems;
  return planProblems({ fee: read.total, parts: read.request.parts }, { termFirstDay, currency });
}

/** The draft with the total split evenly over its parts (splitEvenly: they add up exactly). */
export function splitDraftEvenly(draft: PlanDraft, currency: Currency): PlanDraft {
  const total = draftTotal(draft, currency);
  if (total === null || draft.parts.length === 0) return draft;
  const amounts = splitEvenly(total, draft.parts.length);
  return {
    ...draft,
    parts: draft.parts.map((part, i) => ({ ...part, amount: amountText(amounts[i], currency) })),
  };
}
