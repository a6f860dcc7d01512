import type { ReactNode } from 'react';

/**
 * A select's choices, one for each of `values`, said in words by `label` (the value itself
 * when there is none).
 */
export function Options<V extends string | number>({
  values,
  label = String,
}: {
  values: readonly V[];
  label?: (value: V) => ReactNode;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ));
}
