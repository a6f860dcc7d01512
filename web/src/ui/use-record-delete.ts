import { useFormOutcome } from './form';
import { useConfirmedChange } from './use-confirm';

/** A delete by id whose answer carries the server's message (useRefreshingMutation's). */
type Change = Parameters<typeof useConfirmedChange<{ id: number }, number, { message: string }>>[0];

/**
 * A listed record's Delete, by the record's id: asked first (`deleting`, for a ConfirmDelete
 * and the cards' `deleting.ask(record)`), and reported in the list's message line (`message`,
 * the FormMessage above the list, which the list's other actions may report in too). `failure`
 * says why a delete failed; `done` is the screen's words once it has gone, else the server's.
 */
export function useRecordDelete<T extends { id: number }>(
  change: Change,
  failure: (error: Error) => string,
  done?: string,
) {
  const message = useFormOutcome();
  const deleting = useConfirmedChange(
    change,
    (record: T) => record.id,
    message.reports(failure, done),
  );
  return { message, deleting };
}
