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

  it("says the screen's own words for a success where it has them", () => {
    const ownWords = answerReport(
      (text) => said.push(`success: ${text}`),
      (text) => said.push(`error: ${text}`),
      (error) => error.message,
      'The question was deleted.',
    );
    ownWords.onSuccess({ message: 'Deleted.' });
    expect(said.at(-1)).toBe('success: The question was deleted.');
  });

  it("hands the server's message on instead, to a popup that closes", () => {
    const handedOn: string[] = [];
    const closing = answerReport(
      (text) => said.push(`success: ${text}`),
      (text) => said.push(`error: ${text}`),
      (error) => error.message,
      (message) => handedOn.push(message),
    );
    const before = said.length;
    closing.onSuccess({ message: 'Saved.' });
    expect(handedOn).toEqual(['Saved.']);
    expect(said.length).toBe(before);
  });
});
