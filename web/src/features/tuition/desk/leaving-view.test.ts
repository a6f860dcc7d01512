import { describe, expect, it } from 'vitest';
import { type LeavingProposal, proposalFacts, settleChoices } from './leaving-view';

const proposal = (over: Partial<LeavingProposal> = {}): LeavingProposal => ({
  success: true,
  currency: { code: 'IRR', name: 'Rial', decimals: 0 },
  what: 'Rules A, Autumn 2026',
  fee: 10_000_000,
  paid: 10_000_000,
  kept: 7_600_000,
  refund: 2_400_000,
  owed: 0,
  term_started: true,
  sessions_total: 10,
  sessions_taken: 7,
  settled: false,
  ...over,
});

describe('a leaving student’s proposal in words', () => {
  it('says each figure, the sessions held and whether the term has started', () => {
    expect(proposalFacts(proposal())).toEqual([
      ['For', 'Rules A, Autumn 2026'],
      ['Fee less discounts', '10,000,000 IRR'],
      ['Paid', '10,000,000 IRR'],
      ['The academy keeps', '7,600,000 IRR'],
      ['Refund', '2,400,000 IRR'],
      ['Still owed', '0 IRR'],
      ['Sessions held', '7 of 10'],
      ['Term', 'Has started'],
    ]);
    const before = proposalFacts(proposal({ term_started: false, sessions_total: 0 }));
    expect(before).toContainEqual(['Sessions held', 'The class has no sessions counted']);
    expect(before).toContainEqual(['Term', 'Has not started yet']);
  });

  it('offers the refund paid back or kept as credit', () => {
    expect(settleChoices(proposal())).toEqual([
      {
        settle: 'refund',
        label: 'Refund 2,400,000 IRR',
        question: 'Refund 2,400,000 IRR for Rules A, Autumn 2026? The academy keeps 7,600,000 IRR.',
        confirm: 'Yes, refund it',
        paysBack: true,
      },
      {
        settle: 'credit',
        label: 'Keep 2,400,000 IRR as credit',
        question:
          'Keep 2,400,000 IRR as credit for the next term? The academy keeps 7,600,000 IRR of Rules A, Autumn 2026.',
        confirm: 'Yes, keep it as credit',
        paysBack: false,
      },
    ]);
  });

  it('offers settling alone when nothing goes back, and nothing once settled', () => {
    const owes = proposal({ paid: 5_000_000, refund: 0, owed: 2_600_000 });
    // Nothing goes back, so the confirmation asks no method: no refund note is made.
    expect(settleChoices(owes).map((c) => [c.settle, c.label, c.paysBack])).toEqual([
      ['refund', 'Settle: nothing goes back', false],
    ]);
    expect(settleChoices(proposal({ settled: true }))).toEqual([]);
  });
});
