import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './button';
import styles from './popup.module.css';

interface PopupProps {
  open: boolean;
  title: ReactNode;
  /** Called on Close, on Escape, and by default actions. */
  onClose: () => void;
  children?: ReactNode;
  /** Buttons at the bottom; a single Close button when omitted. */
  actions?: ReactNode;
}

/**
 * Puts focus back where it was before a popup opened; when that element is gone (the card a
 * confirmed Delete removed) or cannot take focus, on the screen's heading instead, so keyboard
 * and screen-reader users are not dropped at the top of the page.
 */
function returnFocus(to: HTMLElement | null) {
  if (to && to !== document.body && to.isConnected) {
    to.focus();
    if (document.activeElement === to) return;
  }
  const fallback =
    document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
  if (!fallback) return;
  // Focusable from code only, not in the Tab order.
  if (!fallback.hasAttribute('tabindex')) fallback.setAttribute('tabindex', '-1');
  fallback.focus();
}

/**
 * A modal popup on the native <dialog>: focus moves inside and stays there, Escape closes
 * it, and focus returns to where it was when it closes (or to the screen's heading).
 */
export function Popup({ open, title, onClose, children, actions }: PopupProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      returnFocus(returnFocusTo.current);
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.popup}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <div className={styles.inner}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {children && <div className={styles.body}>{children}</div>}
          <div className={styles.actions}>
            {actions ?? <Button onClick={onClose}>Close</Button>}
          </div>
        </div>
      )}
    </dialog>
  );
}
