import { useMutation } from '@tanstack/react-query';
import { call } from '../../../api/client';
import { failureText } from '../../../api/failure-text';
import { saveBlob } from '../../../lib/file-links';
import { type FormOutcome, SubmitButton } from '../../../ui';
import { type BankFilters, bankQuery } from './use-bank';

/**
 * Saves the bank, filtered as its list is, as a GIFT file (saved as the app's CSV downloads
 * are); the screen's message says how many items went, or why none did.
 */
export function ExportGiftButton({
  filters,
  message,
}: {
  filters: BankFilters;
  message: FormOutcome;
}) {
  const exporting = useMutation({
    mutationFn: () => call('exportQuestionsGift', bankQuery(filters)),
  });
  const handleExport = () =>
    exporting.mutate(undefined, {
      onSuccess: (answer) => {
        saveBlob(new Blob([answer.gift], { type: 'text/plain;charset=utf-8' }), answer.file_name);
        message.succeed(
          `Exported ${answer.count} ${answer.count === 1 ? 'item' : 'items'} as ${answer.file_name}.`,
        );
      },
      onError: (error) =>
        message.fail(
          failureText(error, { fallback: 'The bank could not be exported. Please try again.' }),
        ),
    });
  return (
    <SubmitButton
      type="button"
      variant="secondary"
      onClick={handleExport}
      busy={exporting.isPending}
      busyLabel="Exporting..."
    >
      Export GIFT
    </SubmitButton>
  );
}
