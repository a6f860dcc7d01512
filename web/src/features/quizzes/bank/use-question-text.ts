import { QUESTION_IMPORT_MAX_CHARS } from '@academy/contract/quizzes/item-rules';
import { useState } from 'react';

export type QuestionFormat = 'gift' | 'aiken';

/** GIFT unless the file's name or its look says Aiken (a line "ANSWER: B"). */
export function formatOf(fileName: string, text: string): QuestionFormat {
  if (/aiken/i.test(fileName)) return 'aiken';
  if (/\.gift$/i.test(fileName)) return 'gift';
  return /^ANSWER:\s*[A-Z]\s*$/m.test(text) && !/[{}]/.test(text) ? 'aiken' : 'gift';
}

/**
 * The questions' text, pasted or read from a chosen file in the browser (as the users' CSV
 * import reads its file), with its format; a file too long is refused before it is sent.
 */
export function useQuestionText(onRead: () => void) {
  const [text, setText] = useState('');
  const [format, setFormat] = useState<QuestionFormat>('gift');
  const [files, setFiles] = useState<File[]>([]);
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  const choose = async (chosen: File[]) => {
    setFiles(chosen);
    setFileProblem(null);
    onRead();
    const file = chosen[0];
    if (!file) return;
    const read = await file.text();
    if (read.length > QUESTION_IMPORT_MAX_CHARS) {
      setFiles([]);
      setFileProblem(
        `The file is too large: at most ${QUESTION_IMPORT_MAX_CHARS.toLocaleString('en-US')} characters. Split it into smaller files.`,
      );
      return;
    }
    setText(read);
    setFormat(formatOf(file.name, read));
  };

  return {
    text,
    format,
    files,
    fileProblem,
    setText: (typed: string) => {
      setText(typed);
      onRead();
    },
    setFormat: (chosen: QuestionFormat) => {
      setFormat(chosen);
      onRead();
    },
    choose: (chosen: File[]) => void choose(chosen),
  };
}
