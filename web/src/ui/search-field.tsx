import type { ComponentProps } from 'react';
import { TextField } from './field';

type SearchFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'onChange'> & {
  /** The text as typed (a list asks the server once typing pauses: lib/use-debounced-value). */
  onSearch: (text: string) => void;
};

/** A list's search box: the browser's search input, handing on what is typed. */
export function SearchField({ onSearch, ...props }: SearchFieldProps) {
  return <TextField type="search" {...props} onChange={(e) => onSearch(e.target.value)} />;
}
