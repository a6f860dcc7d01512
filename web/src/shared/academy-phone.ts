import { type PhoneAsk, phoneHint, phoneOrProblem } from '@academy/contract/phone';
import { useAppConfig } from './branding';

/**
 * The academy's own phone formats for a form's phone field (issue 49, point 17): the hint with
 * the academy country's example, and the early message for a number that is not one of its
 * own (the server reads it again, by fuller plans, and its word is final). Imported only by
 * the screens with a phone field, so the numbering plans never load with the login screen.
 */
export function useAcademyPhone() {
  const country = useAppConfig().data?.country ?? null;
  return {
    hint: phoneHint(country),
    /** The words for `typed` when it cannot be one of the academy's numbers; null when it can. */
    problem: (typed: string, ask: PhoneAsk): string | null => {
      const read = phoneOrProblem(typed, country, ask);
      return 'problem' in read ? read.problem : null;
    },
  };
}
