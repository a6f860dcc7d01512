import { SelectField } from '../../../ui';
import type { InputProps } from './item-types';
import styles from './quizzes.module.css';

/** Each prompt matched by choosing its answer from a list (there may be more answers than prompts). */
export function MatchingInput({ body, answer, onAnswer, name }: InputProps<'matching'>) {
  const pairs = answer?.pairs ?? {};
  const choose = (promptId: string, answerId: string) => {
    const next = { ...pairs };
    if (answerId === '') delete next[promptId];
    else next[promptId] = answerId;
    onAnswer({ type: 'matching', pairs: next });
  };
  return (
    <div className={styles.options}>
      {body.prompts.map((prompt) => (
        <SelectField
          key={prompt.id}
          id={`${name}-${prompt.id}`}
          label={prompt.text}
          value={pairs[prompt.id] ?? ''}
          onChange={(e) => choose(prompt.id, e.target.value)}
        >
          <option value="">Choose a match…</option>
          {body.answers.map((a) => (
            <option key={a.id} value={a.id}>
              {a.text}
            </option>
          ))}
        </SelectField>
      ))}
    </div>
  );
}
