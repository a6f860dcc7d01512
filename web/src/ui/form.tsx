import { type ComponentProps, type HTMLAttributes, useEffect, useRef, useState } from 'react';
import styles from './form.module.css';
import { Message } from './status';

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

interface Shown {
  tone: 'error' | 'success';
  text: string;
  /** From the form's own checks (a field to fix), not from the server's answer. */
  isCheck: boolean;
}

/** What a form says under its fields, and when it stops saying it. */
export interface FormOutcome {
  message: Shown | null;
  /** Runs the form's checks: shows the first problem and answers false, or clears and answers true. */
  check: () => boolean;
  /** The server's answer: shown until the next entry starts. */
  succeed: (text: string) => void;
  fail: (text: string) => void;
  clear: () => void;
  /** A field changed (typing, a file, another student): the last answer no longer applies. */
  onEntry: () => void;
  /**
   * A call's answer as this message reports it, as options for its `mutate`: the server's
   * message when it succeeds, `explain(error)` (the screen's words for the failure) when not.
   * With `done`, the server's message goes to it instead (a popup or an edit that closes and
   * leaves the saying to the screen under it); or `done` is the screen's own words for the
   * success ('The question was deleted.').
   */
  reports: (
    explain: (error: Error) => string,
    done?: string | ((message: string) => void),
  ) => AnswerReport;
}

/** The callbacks `reports` gives a call: spread into `mutate`'s options. */
export interface AnswerReport {
  onSuccess: (answer: { message: string }) => void;
  onError: (error: Error) => void;
}

/**
 * The message of a form or a screen, shared by all so they behave alike: a check's message
 * (a field to fix) goes as soon as that check passes, and the server's answer (saved, refused)
 * goes when the next entry starts, so neither is left describing a form that has changed. A
 * screen without a form (a list's Delete, Export) uses it without a check: its last answer
 * stays until the next one replaces it.
 *
 * `problem` is the form's check, run on the current values: the first problem's text, or null.
 */
export function useFormOutcome(problem?: () => string | null): FormOutcome {
  const [message, setMessage] = useState<Shown | null>(null);
  const latest = useRef(problem);
  latest.current = problem;
  // After every change, a check's message stays only while the check still finds it.
  useEffect(() => {
    if (message?.isCheck && latest.current?.() !== message.text) setMessage(null);
  });
  const succeed = (text: string) => setMessage({ tone: 'success', text, isCheck: false });
  const fail = (text: string) => setMessage({ tone: 'error', text, isCheck: false });
  return {
    message,
    check: () => {
      const text = latest.current?.() ?? null;
      setMessage(text ? { tone: 'error', text, isCheck: true } : null);
      return text === null;
    },
    succeed,
    fail,
    clear: () => setMessage(null),
    onEntry: () => setMessage((shown) => (shown?.isCheck ? shown : null)),
    reports: (explain, done) => answerReport(succeed, fail, explain, done),
  };
}

/** The callbacks of `FormOutcome.reports`, apart so they can be tested without rendering. */
export function answerReport(
  succeed: (text: string) => void,
  fail: (text: string) => void,
  explain: (error: Error) => string,
  done?: string | ((message: string) => void),
): AnswerReport {
  return {
    onSuccess: (answer) => {
      if (typeof done === 'string') succeed(done);
      else (done ?? succeed)(answer.message);
    },
    onError: (error) => fail(explain(error)),
  };
}

/**
 * A form laid out as a column of fields. The browser's own checks are off by default: screens
 * check their fields themselves and show the spec's messages. With an `outcome`, any change of
 * a field inside tells it the next entry has started.
 *
 * `onSend` is what sending does, once the form's checks (the outcome's) pass: the page stays,
 * and a check that fails shows its message instead.
 */
export function Form({
  className,
  noValidate = true,
  outcome,
  onChange,
  onSend,
  onSubmit,
  ...props
}: ComponentProps<'form'> & { outcome?: FormOutcome; onSend?: () => void }) {
  return (
    <form
      className={join(styles.form, className)}
      noValidate={noValidate}
      onChange={(event) => {
        outcome?.onEntry();
        onChange?.(event);
      }}
      onSubmit={
        onSend
          ? (event) => {
              event.preventDefault();
              if (outcome?.check() !== false) onSend();
            }
          : onSubmit
      }
      {...props}
    />
  );
}

/** The form's message, where the form shows it (usually just above its button). */
export function FormMessage({ outcome }: { outcome: FormOutcome }) {
  const { message } = outcome;
  return message && <Message tone={message.tone}>{message.text}</Message>;
}

/** Fields side by side where there is room and one under another on a phone: filters, pairs. */
export function FieldRow({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={join(styles.row, className)} {...props} />;
}
