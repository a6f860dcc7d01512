import { Plus, Trash2 } from 'lucide-react';
import { Button } from './button';
import { TextField } from './field';
import styles from './file-links-field.module.css';

/** One link being typed; `key` keeps each row's fields as rows are added and removed. */
export interface LinkRow {
  key: number;
  title: string;
  url: string;
}

let nextKey = 1;
export const emptyLink = (title = '', url = ''): LinkRow => ({ key: nextKey++, title, url });

/** The links worth sending, trimmed: rows left wholly empty are not. */
export const filledLinks = (links: LinkRow[]) =>
  links
    .filter((l) => l.title.trim() || l.url.trim())
    .map((l) => ({ title: l.title.trim(), url: l.url.trim() }));

/** What is wrong with the filled links, in the server's words, or null. */
export function linksProblem(filled: { title: string; url: string }[]): string | null {
  if (filled.some((l) => !l.title)) return 'Each link needs a title.';
  if (filled.some((l) => !/^https?:\/\/\S+$/i.test(l.url)))
    return 'Each link must be an http:// or https:// address.';
  return null;
}

/** An assignment's file links: a title and an address each, added and removed in place. */
export function FileLinksField({
  links,
  onChange,
}: {
  links: LinkRow[];
  onChange: (links: LinkRow[]) => void;
}) {
  const updateLink = (key: number, change: Partial<LinkRow>) =>
    onChange(links.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <fieldset className={styles.links}>
      <legend>File links</legend>
      {links.map((link, index) => (
        <div key={link.key} className={styles.linkRow}>
          <TextField
            label={`Link ${index + 1} title`}
            value={link.title}
            onChange={(e) => updateLink(link.key, { title: e.target.value })}
            maxLength={200}
          />
          <TextField
            label={`Link ${index + 1} URL`}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={link.url}
            onChange={(e) => updateLink(link.key, { url: e.target.value })}
          />
          <Button
            variant="ghost"
            size="small"
            onClick={() =>
              onChange(links.length === 1 ? [emptyLink()] : links.filter((r) => r.key !== link.key))
            }
            aria-label={`Remove link ${index + 1}`}
          >
            <Trash2 size={16} aria-hidden="true" /> Remove
          </Button>
        </div>
      ))}
      <div>
        <Button variant="secondary" size="small" onClick={() => onChange([...links, emptyLink()])}>
          <Plus size={16} aria-hidden="true" /> Add link
        </Button>
      </div>
    </fieldset>
  );
}
