import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './button';
import { Form, FormMessage, type FormOutcome } from './form';
import styles from './popup.module.css';
import { CancelAndSubmit } from './submit-button';

interface PopupProps {
  open: boolean;
  title: ReactNode;
  /** Called on Close, on Escape, and by default actions. */
  onClose: () => void;
  children?: ReactNode;
  /** Buttons at the bottom; a single Close button when omitted. */
  actions?: ReactNode;
  /**
   * Where focus goes when it opens: the first control inside (the browser's choice; a field to
   * fill in), or the first of the actions, for a popup whose message may hold links, so Enter
   * does what its button says instead of opening a link.
   */
  initialFocus?: 'first' | 'action';
  /**
   * For a popup that asks for something (a new password): its content and actions become a
   * form, so Enter in a field sends it as its submit button does, once the outcome's checks
   * pass. The action that sends must be a `type="submit"` button.
   */
  onSubmit?: () => void;
  /** The form's message, cleared as the form's are (see useFormOutcome). */
  outcome?: FormOutcome;
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
 *
 * Escape is handled here rather than left to the dialog: Chromium skips the cancel event on a
 * second Escape without a click in between (its close-watcher rule) and closes the dialog
 * itself, which would leave the app believing the popup is still open. A close the browser
 * makes anyway (a back gesture) is treated as onClose, and the dialog follows `open` on
 * every render, so it reopens for the next thing to show.
 */
export function Popup({
  open,
  title,
  onClose,
  children,
  actions,
  initialFocus = 'first',
  onSubmit,
  outcome,
}: PopupProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const isShown = useRef(false);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (!isShown.current) returnFocusTo.current = document.activeElement as HTMLElement | null;
      isShown.current = true;
      dialog.showModal();
      if (initialFocus === 'action')
        actionsRef.current?.querySelector<HTMLElement>('button, [href], input, select')?.focus();
    } else if (!open) {
      if (dialog.open) dialog.close();
      if (isShown.current) {
        isShown.current = false;
        returnFocus(returnFocusTo.current);
      }
    }
  });

  const content = (
    <>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {children && <div className={styles.body}>{children}</div>}
      <div ref={actionsRef} className={styles.actions}>
        {actions ?? <Button onClick={onClose}>Close</Button>}
      </div>
    </>
  );

  return (
    <dialog
      ref={ref}
      className={styles.popup}
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        // Closed by the browser while the app still shows it: as if closed by the user.
        if (open) onClose();
      }}
    >
      {open &&
        (onSubmit ? (
          <Form className={styles.inner} outcome={outcome} onSend={onSubmit}>
            {content}
          </Form>
        ) : (
          <div className={styles.inner}>{content}</div>
        ))}
    </dialog>
  );
}

/**
 * A popup that asks for something and sends it (a user's details, a new password): its fields,
 * its message, then Cancel and the button that sends, which says 'Saving...' meanwhile.
 */
export function FormPopup({
  submitLabel,
  busy,
  onSend,
  outcome,
  children,
  ...popup
}: Omit<PopupProps, 'actions' | 'onSubmit' | 'initialFocus'> & {
  submitLabel: string;
  busy: boolean;
  onSend: () => void;
  outcome: FormOutcome;
}) {
  return (
    <Popup
      {...popup}
      onSubmit={onSend}
      outcome={outcome}
      actions={<CancelAndSubmit busy={busy} onCancel={popup.onClose} label={submitLabel} />}
    >
      {children}
      <FormMessage outcome={outcome} />
    </Popup>
  );
}
