import { useMutation } from '@tanstack/react-query';
import { fetchFile } from '../../../api/client';
import { failureText, NO_CONNECTION } from '../../../api/failure-text';
import { FileDownloadButton } from '../../../components';
import { saveBlob } from '../../../lib/file-links';
import { Message, SubmitButton } from '../../../ui';
import type { MoneyDocument } from '../statement';

/**
 * Opens a document's PDF in a tab of its own, where the browser's viewer prints it. The tab is
 * opened at the click (a tab opened after a network call is blocked); where the browser
 * blocks it anyway, the PDF is saved instead.
 */
function PrintButton({ document }: { document: MoneyDocument }) {
  const open = useMutation({ mutationFn: () => fetchFile(document.call, document.payload) });
  const handleClick = () => {
    const tab = window.open('', '_blank');
    open.mutate(undefined, {
      onSuccess: ({ blob, fileName }) => {
        if (!tab) return saveBlob(blob, fileName);
        tab.location.href = URL.createObjectURL(blob);
      },
      onError: () => tab?.close(),
    });
  };
  return (
    <>
      <SubmitButton
        type="button"
        variant="secondary"
        size="small"
        busy={open.isPending}
        busyLabel="Preparing the PDF..."
        onClick={handleClick}
      >
        Print
        <span className="visually-hidden">
          {' '}
          {document.what} {document.number}
        </span>
      </SubmitButton>
      {open.isError && (
        <Message tone="error">
          {failureText(open.error, {
            network: NO_CONNECTION,
            fallback: `The ${document.what} could not be made. Please try again.`,
          })}
        </Message>
      )}
    </>
  );
}

/** A receipt's or a refund note's PDF: saved (Download), or opened to print. */
export function ReceiptButtons({ document }: { document: MoneyDocument }) {
  return (
    <>
      <FileDownloadButton call={document.call} payload={document.payload} size="small">
        Download
        <span className="visually-hidden">
          {' '}
          {document.what} {document.number} (PDF)
        </span>
      </FileDownloadButton>
      <PrintButton document={document} />
    </>
  );
}
