import { type ComponentSource, QUIZ_TAG_MAX } from '@academy/contract/results';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { Options, SelectField, TextField } from '../../ui';

/** Which quizzes a quiz component averages (issue 51, point 4). */
export type QuizChoice = 'all' | 'tag' | 'one';

/** A component's quiz fields as the scheme editor holds them (typed). */
export interface QuizChoiceRow {
  source: ComponentSource;
  quizChoice: QuizChoice;
  quizTag: string;
  quizId: string;
}

const CHOICE_WORDS: Record<QuizChoice, string> = {
  all: 'Every quiz of the term',
  tag: 'The term’s quizzes with a tag',
  one: 'One quiz',
};

/** The choice a saved component makes: a quiz named, a tag, or neither. */
export const quizChoiceOf = (c: {
  quiz_id?: number | null;
  quiz_tag?: string | null;
}): QuizChoice => (c.quiz_id != null ? 'one' : c.quiz_tag != null ? 'tag' : 'all');

/** What a row sends for its quizzes: only what its choice names. */
export function quizFieldsOf(row: QuizChoiceRow) {
  if (row.source !== 'quizzes') return {};
  if (row.quizChoice === 'one') return { quiz_id: row.quizId ? Number(row.quizId) : null };
  if (row.quizChoice === 'tag') return { quiz_tag: row.quizTag.trim() || null };
  return {};
}

/** The sent quizzes to choose one from (an administrator's list: every quiz). */
const useQuizzesToCount = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.quizzes.list(),
    queryFn: () => call('listQuizzes', {}),
    enabled,
  });

/**
 * A quiz component's quizzes: every quiz whose window ends in the term, those with a tag (as
 * the quiz's builder names it), or one quiz whenever it ran (its mark by its counting rule).
 */
export function QuizChoiceFields<R extends QuizChoiceRow>({
  row,
  onChange,
}: {
  row: R;
  onChange: (row: R) => void;
}) {
  const quizzes = useQuizzesToCount(row.quizChoice === 'one');
  const countable = (quizzes.data?.quizzes ?? []).filter((q) => q.kind === 'quiz');
  return (
    <>
      <SelectField
        label="Which quizzes"
        value={row.quizChoice}
        onChange={(e) => onChange({ ...row, quizChoice: e.target.value as QuizChoice })}
      >
        <Options values={['all', 'tag', 'one'] as const} label={(c) => CHOICE_WORDS[c]} />
      </SelectField>
      {row.quizChoice === 'tag' && (
        <TextField
          label="Tag"
          hint="As the quizzes’ builder names it, such as Vocabulary."
          maxLength={QUIZ_TAG_MAX}
          value={row.quizTag}
          onChange={(e) => onChange({ ...row, quizTag: e.target.value })}
        />
      )}
      {row.quizChoice === 'one' && (
        <SelectField
          label="Quiz"
          value={row.quizId}
          disabled={quizzes.isPending}
          hint={quizzes.isError ? 'The quizzes could not be loaded. Please try again.' : undefined}
          onChange={(e) => onChange({ ...row, quizId: e.target.value })}
        >
          <option value="">{quizzes.isPending ? 'Loading quizzes…' : 'Choose a quiz'}</option>
          {countable.map((q) => (
            <option key={q.id} value={String(q.id)}>
              {q.title}
            </option>
          ))}
        </SelectField>
      )}
    </>
  );
}
