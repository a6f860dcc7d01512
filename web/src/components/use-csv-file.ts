import { IMPORT_MAX_CHARS } from '@academy/contract/constants';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../api/failure-text';
import type { FormOutcome } from '../ui';

/**
 * A CSV file chosen for an import (students, a sheet's marks): read in the browser, refused
 * when too long, and sent to the server's preview, which checks every row and writes nothing.
 * A file whose rows have problems is let go by the picker, so the same file, fixed, can be
 * chosen again (the browser sees no change when the same name is chosen twice).
 */
export function useCsvFile<Answer>(
  preview: UseMutationResult<Answer, Error, string>,
  outcome: FormOutcome,
  hasProblems: (answer: Answer) => boolean,
) {
  const [files, setFiles] = useState<File[]>([]);
  const [csv, setCsv] = useState<string | null>(null);

  const reset = () => {
    setFiles([]);
    setCsv(null);
    preview.reset();
    outcome.clear();
  };

  const choose = async (chosen: File[]) => {
    reset();
    setFiles(chosen);
    const file = chosen[0];
    if (!file) return;
    const text = await file.text();
    if (text.length > IMPORT_MAX_CHARS) {
      outcome.fail(
        `The file is too large: at most ${IMPORT_MAX_CHARS.toLocaleString('en-US')} characters. Split it into smaller files.`,
      );
      return;
    }
    setCsv(text);
    preview.mutate(text, {
      onSuccess: (answer) => {
        if (hasProblems(answer)) setFiles([]);
      },
      onError: (error) => {
        setFiles([]);
        outcome.fail(
          failureText(error, { fallback: 'The file could not be read. Please try again.' }),
        );
      },
    });
  };

  return { files, csv, choose: (chosen: File[]) => void choose(chosen), reset };
}
