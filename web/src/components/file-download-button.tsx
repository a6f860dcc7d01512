import type { CallRequest } from '@academy/contract';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type FileCall, fetchFile } from '../api/client';
import { failureText } from '../api/failure-text';
import { saveBlob } from '../lib/file-links';
import { Message, SubmitButton } from '../ui';

/** How each kind of file is named in the button's words. */
const FILE_WORDS = { pdf: 'PDF', xlsx: 'spreadsheet' } as const;

/**
 * Fetches a file the server makes (a report card, a certificate, a class's report cards as
 * PDFs; a result sheet as a spreadsheet) with the signed-in caller's token, and saves it under
 * the server's name for it (issue 30). The button says it is working while the file is made,
 * and a failure is said beside it in the server's words. A phone's browser opens a saved PDF
 * in its viewer.
 */
export function FileDownloadButton<K extends FileCall>({
  call,
  payload,
  children,
  kind = 'pdf',
  busyLabel = `Preparing the ${FILE_WORDS[kind]}...`,
  failed = `The ${FILE_WORDS[kind]} could not be made. Please try again.`,
  variant = 'secondary',
  size,
}: {
  call: K;
  payload: CallRequest<K>;
  children: ReactNode;
  /** The kind of file the call answers, for the button's words. */
  kind?: keyof typeof FILE_WORDS;
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
            network: `The ${FILE_WORDS[kind]} could not be fetched: you seem to be offline.`,
            fallback: failed,
          })}
        </Message>
      )}
    </>
  );
}
