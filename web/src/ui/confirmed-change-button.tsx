import type { ReactNode } from 'react';
import { Button } from './button';
import { ConfirmPopup } from './confirm-popup';
import { useConfirmedChange } from './use-confirm';

type Change<V, A> = Parameters<typeof useConfirmedChange<true, V, A>>[0];
type Reports<A> = Parameters<typeof useConfirmedChange<true, unknown, A>>[2];

/**
 * A button whose change cannot be undone, so it asks first (turning e-mail or SMS off, a new
 * calendar address): the popup's confirm makes `change` with `variables`, and the button and
 * the confirm wait while it goes; the popup closes once it has settled, and `reports` hears
 * how it went.
 */
export function ConfirmedChangeButton<V, A>({
  change,
  variables,
  reports,
  offered = true,
  label,
  title,
  confirmLabel,
  children,
}: {
  change: Change<V, A>;
  variables: V;
  reports?: Reports<A>;
  /**
   * Whether the button is there (what it turns off is saved). The popup stays either way: the
   * change may take the button away while it asks, and it still closes and hands focus back.
   */
  offered?: boolean;
  label: string;
  title: string;
  confirmLabel: string;
  /** What the change does, said in the popup. */
  children: ReactNode;
}) {
  const confirm = useConfirmedChange(change, () => variables, reports);
  return (
    <>
      {offered && (
        <Button variant="secondary" disabled={change.isPending} onClick={() => confirm.ask(true)}>
          {label}
        </Button>
      )}
      <ConfirmPopup {...confirm.popup} title={title} confirmLabel={confirmLabel}>
        {children}
      </ConfirmPopup>
    </>
  );
}
