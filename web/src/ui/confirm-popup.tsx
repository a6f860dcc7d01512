import type { ReactNode } from 'react';
import { Button } from './button';
import { Popup } from './popup';
import type { Confirm } from './use-confirm';

interface ConfirmPopupProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before something that cannot be undone (deleting); Cancel comes first and is focused. */
export function ConfirmPopup({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy,
  onConfirm,
  onCancel,
}: ConfirmPopupProps) {
  return (
    <Popup
      open={open}
      title={title}
      onClose={onCancel}
      initialFocus="action"
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Popup>
  );
}

/**
 * Asks before deleting the record `confirm` holds (useConfirm, useConfirmedChange): its title,
 * then what deleting it does, said of the record; the button says 'Yes, Delete'.
 */
export function ConfirmDelete<T>({
  confirm,
  title,
  busy,
  children,
}: {
  confirm: Confirm<T>;
  title: ReactNode;
  /** Where the change is not useConfirmedChange's: the delete is on its way. */
  busy?: boolean;
  children: (subject: T) => ReactNode;
}) {
  return (
    <ConfirmPopup
      {...confirm.popup}
      busy={busy ?? confirm.popup.busy}
      title={title}
      confirmLabel="Yes, Delete"
    >
      {confirm.subject !== null && children(confirm.subject)}
    </ConfirmPopup>
  );
}
