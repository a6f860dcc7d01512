import { describe, expect, it } from 'vitest';
import {
  draftOf,
  draftProblems,
  draftTotal,
  newItem,
  newPart,
  type PlanDraft,
  readDraft,
  splitDraftEvenly,
} from './plan-draft';

const rial = { code: 'IRR', name: 'Rial', decimals: 0 };
const dollar = { code: 'USD', name: 'US dollar', decimals: 2 };
const termFirstDay = '2026-09-01';

const threeParts = (amounts: string[]): PlanDraft => ({
  tuition: '9,000,000',
  items: [newItem('Books', '1,000,000')],
  parts: amounts.map((amount, i) => ({ ...newPart(i), amount })),
});

describe('a fee plan as its editor holds it', () => {
  it('starts with one part on joining, or with the saved plan in the currency’s shape', () => {
    expect(draftOf(null, rial)).toMatchObject({
      tuition: '',
      items: [],
      parts: [{ label: 'On joining', kind: 'on_joining', amount: '' }],
    });
    const saved = draftOf(
      {
        id: 1,
        class_id: 2,
        term_id: 3,
        tuition: 123450,
        items: [{ label: 'Books', amount: 2000 }],
        parts: [
          { label: 'Now', due: { kind: 'on_joining' }, amount: 62725 },
          { label: 'Week 4', due: { kind: 'weeks_after_start', weeks: 4 }, amount: 40000 },
          { label: 'October', due: { kind: 'on_date', day: '2026-10-01' }, amount: 22725 },
        ],
        total: 125450,
        charged: 0,
        updated_at: '2026-09-01 10:00:00',
      },
      dollar,
    );
    expect(saved).toMatchObject({
      tuition: '1,234.50',
      items: [{ label: 'Books', amount: '20.00' }],
      parts: [
        { label: 'Now', kind: 'on_joining', amount: '627.25' },
        { label: 'Week 4', kind: 'weeks_after_start', weeks: '4', amount: '400.00' },
        { label: 'October', kind: 'on_date', day: '2026-10-01', amount: '227.25' },
      ],
    });
  });

  it('reads into the request, in minor units, with the total of the tuition and the items', () => {
    const read = readDraft(threeParts(['4,000,000', '3,000,000', '3,000,000']), rial);
    expect(read).toEqual({
      total: 10_000_000,
      request: {
        tuition: 9_000_000,
        items: [{ label: 'Books', amount: 1_000_000 }],
        parts: [
          { label: 'On joining', due: { kind: 'on_joining' }, amount: 4_000_000 },
          { label: 'Week 4', due: { kind: 'weeks_after_start', weeks: 4 }, amount: 3_000_000 },
          { label: 'Week 8', due: { kind: 'weeks_after_start', weeks: 8 }, amount: 3_000_000 },
        ],
      },
    });
    expect(
      draftProblems(threeParts(['4,000,000', '3,000,000', '3,000,000']), rial, termFirstDay),
    ).toEqual([]);
  });

  it('names each amount it cannot read, and an item without a label', () => {
    const draft = threeParts(['4,000,000', '3.5', '']);
    draft.items.push(newItem('', '10'));
    expect(draftProblems(draft, rial, termFirstDay)).toEqual([
      'Item 2 needs a label, like “Books”.',
      'Part 2: This currency has no decimals.',
      'Part 3: Please enter the amount.',
    ]);
  });

  it('says in the server’s words when the parts do not add up', () => {
    expect(
      draftProblems(threeParts(['4,000,000', '3,000,000', '2,000,000']), rial, termFirstDay),
    ).toEqual([
      'The parts add up to 9,000,000 IRR, not the fee of 10,000,000 IRR (1,000,000 IRR short).',
    ]);
  });

  it('gives weeks that are not a whole number to planProblems to name', () => {
    const draft = threeParts(['4,000,000', '3,000,000', '3,000,000']);
    draft.parts[1] = { ...(draft.parts[1] as PlanDraft['parts'][number]), weeks: 'four' };
    expect(draftProblems(draft, rial, termFirstDay)).toEqual([
      'Part 2’s weeks must be a whole number from 0 to 104.',
    ]);
  });

  it('splits the total evenly so that the parts add up exactly', () => {
    const draft = { ...threeParts(['', '', '']), tuition: '1,000.00', items: [] };
    const split = splitDraftEvenly(draft, dollar);
    expect(split.parts.map((p) => p.amount)).toEqual(['333.34', '333.33', '333.33']);
    expect(draftProblems(split, dollar, termFirstDay)).toEqual([]);
  });

  it('leaves the parts alone while the total cannot be read', () => {
    const draft = { ...threeParts(['1', '2', '3']), tuition: 'lots' };
    expect(draftTotal(draft, rial)).toBeNull();
    expect(splitDraftEvenly(draft, rial)).toBe(draft);
  });
});
