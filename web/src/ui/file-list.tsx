import { FileText } from 'lucide-react';
import { type ButtonHTMLAttributes, Children, type ReactNode } from 'react';
import { resolveFileUrl } from '../lib/file-links';
import { Button } from './button';
import styles from './file-list.module.css';

/** A record's files or links, side by side and wrapping. */
export function FileList({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className={styles.files} aria-label={label}>
      {Children.map(children, (child) => (child ? <li>{child}</li> : null))}
    </ul>
  );
}

/** A file or link that opens in a new tab. */
export function FileLink({
  href,
  icon,
  onClick,
  children,
}: {
  href: string;
  icon?: ReactNode;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <a
      className={styles.link}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onClick}
    >
      {icon}
      {children}
    </a>
  );
}

/** A file the app opens or saves itself (a new window, a download). */
export function FileButton({ className, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <Button
      variant="secondary"
      size="small"
      className={[styles.button, className].filter(Boolean).join(' ')}
      {...props}
    />
  );
}

/** A file's name under its button. */
export function FileName({ children }: { children: ReactNode }) {
  return <span className={styles.name}>{children}</span>;
}

/**
 * A record's stored files (as the API lists them: a name and a signed `file_url`) as links
 * that open in a new tab; nothing when there are none.
 */
export function StoredFileLinks({
  label,
  files,
}: {
  label: string;
  files: readonly { file_name: string; file_url: string }[];
}) {
  if (files.length === 0) return null;
  return (
    <FileList label={label}>
      {files.map((file, i) => (
        <FileLink
          // biome-ignore lint/suspicious/noArrayIndexKey: a record's files keep their order, and two may share a name.
          key={i}
          href={resolveFileUrl(file.file_url)}
          icon={<FileText size={14} aria-hidden="true" />}
        >
          {file.file_name}
        </FileLink>
      ))}
    </FileList>
  );
}
