import { describe, expect, it } from 'vitest';
import { answerReport } from './form';

describe("FormOutcome.reports: a call's answer as the screen's message", () => {
  const said: string[] = [];
  const report = answerReport(
    (text) => said.push(`success: ${text}`),
    (text) => said.push(`error: ${text}`),
    (error) => `Could not delete: ${error.message}`,
  );

  it("shows the server's message when the call succeeds", () => {
    report.onSuccess({ message: 'User deleted.' });
    expect(said.at(-1)).toBe('success: User deleted.');
  });

  it("shows the screen's words for a failure, made from the error", () => {
    report.onError(new Error('offline'));
    expect(said.at(-1)).toBe('error: Could not delete: offline');
  });
});
