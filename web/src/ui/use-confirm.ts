import { useState } from 'react';

/** What a ConfirmPopup takes from useConfirm: spread it, then add the title and the words. */
export interface ConfirmPopupState {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed change is on its way (useConfirmedChange): the confirm button waits. */
  busy?: boolean;
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

/** What useConfirmedChange needs of a mutation (TanStack Query's `useMutation` result). */
interface Change<V, A> {
  mutate: (
    variables: V,
    options: {
      onSuccess?: (answer: A) => void;
      onError?: (error: Error) => void;
      onSettled?: () => void;
    },
  ) => void;
  isPending: boolean;
}

/**
 * A change asked about first (a delete, a dismiss), one record at a time: the popup's confirm
 * button makes `change` with `variables(record)`, waits busy while it goes, and closes once
 * it has settled; `outcome` hears how it went (a FormOutcome's `reports`, or the screen's own).
 */
export function useConfirmedChange<T, V, A>(
  change: Change<V, A>,
  variables: (subject: T) => V,
  outcome: { onSuccess?: (answer: A) => void; onError?: (error: Error) => void } = {},
): Confirm<T> {
  const confirm = useConfirm<T>((subject, close) =>
    change.mutate(variables(subject), { ...outcome, onSettled: close }),
  );
  return { ...confirm, popup: { ...confirm.popup, busy: change.isPending } };
}
