import type { FormOutcome } from './form';

/**
 * A trial's answer as its form's message (a test e-mail, a test SMS): the server says what the
 * far end answered, shown as a success when it took the message and as the form's error when
 * it did not; a call that failed, in the screen's words.
 */
export function trialReport<A extends { message: string }>(
  outcome: FormOutcome,
  went: (answer: A) => boolean,
  explain: (error: Error) => string,
) {
  return {
    onSuccess: (answer: A) =>
      went(answer) ? outcome.succeed(answer.message) : outcome.fail(answer.message),
    onError: (error: Error) => outcome.fail(explain(error)),
  };
}
