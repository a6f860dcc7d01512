import type { InputProps } from './item-types';
import styles from './quizzes.module.css';

/** One option (radio buttons) or several (check boxes); the fieldset around names them. */
export function ChoiceInput({ body, answer, onAnswer, name }: InputProps<'choice'>) {
  const chosen = answer?.chosen ?? [];
  const toggle = (id: string, on: boolean) => {
    const next = body.multiple
      ? body.options.map((o) => o.id).filter((o) => (o === id ? on : chosen.includes(o)))
      : [id];
    onAnswer({ type: 'choice', chosen: next });
  };
  return (
    <div className={styles.options}>
      {body.multiple && <p className={styles.hint}>Choose all that apply.</p>}
      {body.options.map((option) => (
        <label key={option.id} className={styles.option}>
          <input
            type={body.multiple ? 'checkbox' : 'radio'}
            name={name}
            checked={chosen.includes(option.id)}
            onChange={(e) => toggle(option.id, e.target.checked)}
          />
          <span>{option.text}</span>
        </label>
      ))}
    </div>
  );
}

/** True or false, as two radio buttons. */
export function TrueFalseInput({ answer, onAnswer, name }: InputProps<'true_false'>) {
  return (
    <div className={styles.options}>
      {[true, false].map((value) => (
        <label key={String(value)} className={styles.option}>
          <input
            type="radio"
            name={name}
            checked={answer?.answer === value}
            onChange={() => onAnswer({ type: 'true_false', answer: value })}
          />
          <span>{value ? 'True' : 'False'}</span>
        </label>
      ))}
    </div>
  );
}
