import { useState } from 'react';

/** What a ConfirmPopup takes from useConfirm: spread it, then add the title and the words. */
export interface ConfirmPopupState {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export interface Confirm<T> {
  /** The record being asked about, or null while nothing is. */
  subject: T | null;
  /** Opens the popup about this record. */
  ask: (subject: T) => void;
  /** Closes it (Cancel, or once the confirmed call has settled). */
  close: () => void;
  popup: ConfirmPopupState;
}

/**
 * The question before something that cannot be undone, about one record at a time: `ask(record)`
 * opens the ConfirmPopup, and its confirm button runs `onConfirm(record, close)`. The popup
 * stays open until `close` is called (usually when the call settles), so its busy state shows.
 */
export function useConfirm<T>(onConfirm: (subject: T, close: () => void) => void): Confirm<T> {
  const [subject, setSubject] = useState<T | null>(null);
  const close = () => setSubject(null);
  return {
    subject,
    ask: (next) => setSubject(() => next),
    close,
    popup: {
      open: subject !== null,
      onConfirm: () => {
        if (subject !== null) onConfirm(subject, close);
      },
      onCancel: close,
    },
  };
}
