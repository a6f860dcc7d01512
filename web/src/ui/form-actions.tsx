import type { ReactNode } from 'react';
import { Button } from './button';
import { FormMessage, type FormOutcome } from './form';
import { ActionRow } from './record-actions';
import { SubmitButton } from './submit-button';

// Not in submit-button.tsx: that file is in the login screen's form-pieces chunk, and the
// action row (record-actions.tsx) brings the icons with it (bench/size.mjs's login budget).

interface FormActionsProps {
  outcome: FormOutcome;
  /** What the button that sends says: 'Save bands'. */
  label: ReactNode;
  busy: boolean;
  busyLabel?: string;
  /** With it, Cancel comes first (an edit that can be left). */
  onCancel?: () => void;
  /** Without a form around it: the button starts the call itself (after asking, say). */
  onClick?: () => void;
  size?: 'normal' | 'small';
  /** At the right edge of the form rather than the left. */
  alignEnd?: boolean;
  /** The buttons share the form's width (ActionRow's `fill`). */
  fill?: boolean;
  /** Added to the row's look (buttons that share the width). */
  className?: string;
  /** More buttons, after the one that sends (Clear, Turn off). */
  children?: ReactNode;
}

/**
 * The end of a form: its message, then its buttons in a row, the one that sends it first (or
 * after Cancel), saying 'Saving...' while the call is on its way.
 */
export function FormActions({
  outcome,
  label,
  busy,
  busyLabel = 'Saving...',
  onCancel,
  onClick,
  size,
  alignEnd,
  fill,
  className,
  children,
}: FormActionsProps) {
  return (
    <>
      <FormMessage outcome={outcome} />
      <ActionRow alignEnd={alignEnd} fill={fill} className={className}>
        {onCancel && (
          <Button variant="secondary" size={size} onClick={onCancel}>
            Cancel
          </Button>
        )}
        <SubmitButton
          type={onClick ? 'button' : 'submit'}
          size={size}
          busy={busy}
          busyLabel={busyLabel}
          onClick={onClick}
        >
          {label}
        </SubmitButton>
        {children}
      </ActionRow>
    </>
  );
}
