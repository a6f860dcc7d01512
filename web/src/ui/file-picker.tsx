import { Camera, Paperclip, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { formatFileSize } from '../lib/file-size';
import { Button } from './button';
import { Field } from './field';
import styles from './file-picker.module.css';

interface FilePickerProps {
  label: ReactNode;
  /** The files chosen now; an empty list clears the browser's choice too (after a send). */
  files: readonly File[];
  onChange: (files: File[]) => void;
  multiple?: boolean;
  accept?: string;
  hint?: ReactNode;
  disabled?: boolean;
  /**
   * 'environment': a phone opens its back camera and each photo taken is one file (with
   * accept="image/*"); a computer without one opens the file chooser, images only.
   */
  capture?: 'environment' | 'user';
  /** Each file gets a button to take it out of the choice (the form drops file `index`). */
  onRemove?: (index: number) => void;
  /** Images show a small picture of themselves, so a student sees which photo is which. */
  previews?: boolean;
}

/** Images a browser draws (HEIC is made JPEG before it is shown: shrink-photos.ts). */
const DRAWN = /^image\/(jpeg|png|gif|webp|avif)$/;

/**
 * A small picture of an image file, from an object URL made for it and revoked as soon as the
 * file leaves the list (or the picture is no longer shown), so no photo stays in memory.
 */
function Thumbnail({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  if (!url) return <span className={styles.thumb} />;
  return <img className={styles.thumb} src={url} alt="" width={48} height={48} />;
}

/** A key for each file that stays with it when another is removed. */
const fileKeys = new WeakMap<File, number>();
let nextFileKey = 0;
const keyOf = (file: File) => {
  let key = fileKeys.get(file);
  if (key === undefined) {
    key = ++nextFileKey;
    fileKeys.set(file, key);
  }
  return key;
};

/**
 * A file field in the app's own look: a button, and under it the chosen files with their
 * sizes. The browser's file input is still the control (it lies over the button, unseen), so
 * a tap, a click, Enter or Space, a screen reader and a dropped file all work as they do with
 * a plain input; the field's label names it (a click on the label opens it too) and the list
 * of chosen files describes it.
 */
export function FilePicker({
  label,
  files,
  onChange,
  multiple = false,
  accept,
  hint,
  disabled = false,
  capture,
  onRemove,
  previews = false,
}: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();

  // The browser keeps its own choice: cleared when the form's is (sent, or refused).
  useEffect(() => {
    if (files.length === 0 && input.current?.value) input.current.value = '';
  }, [files]);

  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <>
          <div className={styles.picker}>
            <input
              ref={input}
              id={control.id}
              type="file"
              className={styles.input}
              multiple={multiple}
              accept={accept}
              capture={capture}
              disabled={disabled}
              aria-describedby={
                [files.length > 0 && listId, control['aria-describedby']]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              onChange={(event) => onChange(Array.from(event.target.files ?? []))}
            />
            <span className={styles.button} aria-hidden="true">
              {capture ? <Camera size={18} /> : <Paperclip size={18} />}
              {capture ? 'Take a photo' : multiple ? 'Choose files' : 'Choose a file'}
            </span>
            <span className={styles.summary} aria-hidden="true">
              {files.length === 0
                ? capture
                  ? 'No photos taken'
                  : multiple
                    ? 'No files chosen'
                    : 'No file chosen'
                : capture
                  ? `${files.length} ${files.length === 1 ? 'photo' : 'photos'} taken`
                  : `${files.length} ${files.length === 1 ? 'file' : 'files'} chosen`}
            </span>
          </div>
          {files.length > 0 && (
            <ul id={listId} className={styles.files}>
              {files.map((file, index) => (
                <li key={keyOf(file)} className={styles.file}>
                  {previews && DRAWN.test(file.type) && <Thumbnail file={file} />}
                  <span className={styles.about}>
                    <span className={styles.name}>{file.name}</span>{' '}
                    <span className={styles.size}>{formatFileSize(file.size)}</span>
                  </span>
                  {onRemove && (
                    <Button
                      variant="ghost"
                      size="small"
                      className={styles.remove}
                      disabled={disabled}
                      aria-label={`Remove ${file.name}`}
                      onClick={() => onRemove(index)}
                    >
                      <X size={16} aria-hidden="true" /> Remove
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Field>
  );
}
