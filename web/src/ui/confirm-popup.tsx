import type { ReactNode } from 'react';
import { Button } from './button';
import { Popup } from './popup';

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
