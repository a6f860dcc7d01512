import { type ChangeEvent, useState } from 'react';

/** The names of a record's text fields (a filter's page number is not one). */
type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/** What a text field, a text area or a select takes to show a value and change it. */
export interface BoundField<V extends string = string> {
  value: V;
  onChange: (
    event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
  ) => void;
}

/**
 * Binds the fields of a form (or a list's filters) to one record of their values: `bind(name)`
 * gives the field named `name` its value and a change that sets it. A select's options are the
 * values its field may hold (a role, a state), so its text is taken as one of them.
 */
export function fieldsOf<T extends object>(values: T, set: (change: Partial<T>) => void) {
  return <K extends TextKey<T>>(name: K): BoundField<T[K] & string> => ({
    value: values[name] as T[K] & string,
    onChange: (event) => set({ [name]: event.target.value } as Partial<T>),
  });
}

/** A form's text fields as one record: their values, bound fields, a change, and a fresh start. */
export function useFields<T extends object>(initial: T) {
  const [values, setValues] = useState(initial);
  const set = (change: Partial<T>) => setValues((current) => ({ ...current, ...change }));
  return {
    values,
    set,
    bind: fieldsOf(values, set),
    /** Back to the values the form started with (after a send). */
    reset: () => setValues(initial),
  };
}
