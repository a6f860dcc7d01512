import type { CallResponse } from '@academy/contract';
import { formatMoney } from '@academy/contract/tuition/money';

/**
 * A leaving student's proposal (issue 52, point 2) in words, apart from the screen so it is
 * tested without it: what it says, and the ways it may be settled.
 */

export type LeavingProposal = CallResponse<'proposeLeaving'>;

/** The proposal's figures, each a label and its words. */
export function proposalFacts(p: LeavingProposal): [label: string, value: string][] {
  const money = (n: number) => formatMoney(n, p.currency, { withCode: true });
  return [
    ['For', p.what],
    ['Fee less discounts', money(p.fee)],
    ['Paid', money(p.paid)],
    ['The academy keeps', money(p.kept)],
    ['Refund', money(p.refund)],
    ['Still owed', money(p.owed)],
    [
      'Sessions held',
      p.sessions_total === 0
        ? 'The class has no sessions counted'
        : `${p.sessions_taken} of ${p.sessions_total}`,
    ],
    ['Term', p.term_started ? 'Has started' : 'Has not started yet'],
  ];
}

/** A way to settle it: what the button says, and what its confirmation asks. */
export interface SettleChoice {
  settle: 'refund' | 'credit';
  label: string;
  question: string;
  /** The confirmation's button. */
  confirm: string;
  /** Money goes back: the confirmation asks how, for the refund note. */
  paysBack: boolean;
}

/**
 * The buttons a proposal offers: the refund paid back or kept as credit; with nothing to go
 * back, settling alone. None once it is settled.
 */
export function settleChoices(p: LeavingProposal): SettleChoice[] {
  if (p.settled) return [];
  const money = formatMoney(p.refund, p.currency, { withCode: true });
  const kept = formatMoney(p.kept, p.currency, { withCode: true });
  if (p.refund === 0)
    return [
      {
        settle: 'refund',
        label: 'Settle: nothing goes back',
        question: `Settle ${p.what}? The academy keeps ${kept}; nothing goes back.`,
        confirm: 'Yes, settle it',
        paysBack: false,
      },
    ];
  return [
    {
      settle: 'refund',
      label: `Refund ${money}`,
      question: `Refund ${money} for ${p.what}? The academy keeps ${kept}.`,
      confirm: 'Yes, refund it',
      paysBack: true,
    },
    {
      settle: 'credit',
      label: `Keep ${money} as credit`,
      question: `Keep ${money} as credit for the next term? The academy keeps ${kept} of ${p.what}.`,
      confirm: 'Yes, keep it as credit',
      paysBack: false,
    },
  ];
}
