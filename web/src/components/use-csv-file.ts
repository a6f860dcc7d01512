import { IMPORT_MAX_CHARS } from '@academy/contract/constants';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../api/failure-text';
import { useFormOutcome } from '../ui/form';

/**
 * A CSV file chosen for an import (students, a sheet's marks): read in the browser, refused
 * when too long, and sent to the server's preview, which checks every row and writes nothing.
 * A file whose rows have problems is let go by the picker, so the same file, fixed, can be
 * chosen again (the browser sees no change when the same name is chosen twice). Its `outcome`
 * is the import popup's message: the file's problems, then the import's own answer.
 */
export function useCsvFile<Answer>(
  preview: UseMutationResult<Answer, Error, string>,
  hasProblems: (answer: Answer) => boolean,
) {
  const outcome = useFormOutcome();
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

  return {
    files,
    csv,
    choose: (chosen: File[]) => void choose(chosen),
    reset,
    outcome,
    /** The server's preview of the file is on its way. */
    checking: preview.isPending,
  };
}
