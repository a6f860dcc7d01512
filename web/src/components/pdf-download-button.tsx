import type { CallRequest } from '@academy/contract';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type FileCall, fetchFile } from '../api/client';
import { failureText } from '../api/failure-text';
import { saveBlob } from '../lib/file-links';
import { Message, SubmitButton } from '../ui';

/**
 * Fetches a PDF the server makes (a report card, a certificate, a class's report cards) with
 * the signed-in caller's token, and saves it under the server's name for it (issue 30). The
 * button says it is working while the PDF is made, and a failure is said beside it in the
 * server's words. A phone's browser opens a saved PDF in its viewer.
 */
export function PdfDownloadButton<K extends FileCall>({
  call,
  payload,
  children,
  busyLabel = 'Preparing the PDF...',
  failed = 'The PDF could not be made. Please try again.',
  variant = 'secondary',
  size,
}: {
  call: K;
  payload: CallRequest<K>;
  children: ReactNode;
  busyLabel?: string;
  /** What a failure says where the server gives no reason (a network error, a 500). */
  failed?: string;
  variant?: 'primary' | 'secondary';
  size?: 'normal' | 'small';
}) {
  const download = useMutation({ mutationFn: () => fetchFile(call, payload) });
  const handleClick = () =>
    download.mutate(undefined, { onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName) });
  return (
    <>
      <SubmitButton
        type="button"
        variant={variant}
        size={size}
        onClick={handleClick}
        busy={download.isPending}
        busyLabel={busyLabel}
      >
        {children}
      </SubmitButton>
      {download.isError && (
        <Message tone="error">
          {failureText(download.error, {
            network: 'The PDF could not be fetched: you seem to be offline.',
            fallback: failed,
          })}
        </Message>
      )}
    </>
  );
}
