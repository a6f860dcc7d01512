import type { ButtonHTMLAttributes } from 'react';
import { Button } from './button';

type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled'> & {
  /** The call it sends is on its way: the button is disabled and says so. */
  busy: boolean;
  /** What it says meanwhile: 'Saving...'. */
  busyLabel: string;
  /** Disabled for another reason than being busy (nothing chosen yet). */
  disabled?: boolean;
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  block?: boolean;
  size?: 'normal' | 'small';
};

/**
 * The button that sends a form (or starts a call): while the call is on its way it cannot be
 * pressed twice, and its text says what is happening ('Saving...'), announced as busy.
 */
export function SubmitButton({
  busy,
  busyLabel,
  disabled = false,
  type = 'submit',
  children,
  ...props
}: SubmitButtonProps) {
  return (
    <Button type={type} disabled={busy || disabled} aria-busy={busy || undefined} {...props}>
      {busy ? busyLabel : children}
    </Button>
  );
}

/**
 * A form's Cancel and the button that sends it, Cancel first (as a ConfirmPopup's): a popup's
 * actions, or an inline edit's, inside the row the caller lays them in.
 */
export function CancelAndSubmit({
  label,
  busy,
  busyLabel = 'Saving...',
  onCancel,
  size,
}: {
  label: string;
  busy: boolean;
  busyLabel?: string;
  onCancel: () => void;
  size?: 'normal' | 'small';
}) {
  return (
    <>
      <Button type="button" variant="secondary" size={size} onClick={onCancel}>
        Cancel
      </Button>
      <SubmitButton size={size} busy={busy} busyLabel={busyLabel}>
        {label}
      </SubmitButton>
    </>
  );
}
