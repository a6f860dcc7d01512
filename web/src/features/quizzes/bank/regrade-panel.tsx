import type { CallResponse } from '@academy/contract';
import { markText } from '@academy/contract/marks';
import { useState } from 'react';
import { explainFailure } from '../../../api/failure-text';
import { ActionRow, Button, Card, Message, Table } from '../../../ui';
import { useRegrade, useRegradePreview } from './use-bank';

type Change = CallResponse<'previewQuizRegrade'>['changes'][number];

const failure = explainFailure({
  refusalPrefix: '',
  fallback: 'The regrade could not be worked out. Please try again.',
});

const COLUMNS = [
  { header: 'Student', cell: (c: Change) => c.student },
  { header: 'Quiz', cell: (c: Change) => c.quiz_title },
  {
    header: 'Mark',
    kind: 'short' as const,
    cell: (c: Change) =>
      `${c.before ? markText(c.before) : 'awaiting'} → ${c.after ? markText(c.after) : 'awaiting'}`,
  },
];

/**
 * An honest regrade (issue 51, point 5): once students have answered an earlier version, a
 * corrected key reaches their attempts only through here. The preview comes first and changes
 * nothing; the regrade then does what it showed (the server works it out again), and the
 * students whose shown mark changed are told.
 */
export function RegradePanel({ item }: { item: CallResponse<'getQuizItem'>['item'] }) {
  const [asked, setAsked] = useState(false);
  const preview = useRegradePreview(item.id, asked);
  const regrade = useRegrade();
  const answeredEarlier = item.versions.some(
    (v) => v.version !== item.current.version && v.answers > 0,
  );
  // Once applied, no earlier version has answers left: the outcome stays said.
  if ((!answeredEarlier && !regrade.isSuccess) || item.type === 'spoken') return null;
  const data = preview.data;
  return (
    <Card title="Regrade">
      <p>
        Students answered an earlier version. If you corrected its key, a regrade marks their
        answers to the same question again with the current version.
      </p>
      {regrade.isSuccess ? (
        <Message tone="success">{regrade.data.message}</Message>
      ) : (
        <>
          {preview.isError && <Message tone="error">{failure(preview.error)}</Message>}
          {regrade.isError && <Message tone="error">{failure(regrade.error)}</Message>}
          {data && (
            <>
              <p aria-live="polite">{data.message}</p>
              {data.changes.length > 0 && (
                <Table
                  label="Marks the regrade changes"
                  columns={COLUMNS}
                  rows={data.changes}
                  rowKey={(c) => c.attempt_id}
                />
              )}
              {data.changed > data.changes.length && (
                <p>
                  The first {data.changes.length} of {data.changed} are listed.
                </p>
              )}
            </>
          )}
          <ActionRow>
            <Button
              variant="secondary"
              disabled={preview.isFetching}
              onClick={() => (asked ? preview.refetch() : setAsked(true))}
            >
              {preview.isFetching ? 'Working it out...' : 'Preview the regrade'}
            </Button>
            {data && data.answers > 0 && item.can_edit && (
              <Button disabled={regrade.isPending} onClick={() => regrade.mutate(item.id)}>
                {regrade.isPending ? 'Regrading...' : 'Apply the regrade'}
              </Button>
            )}
          </ActionRow>
        </>
      )}
    </Card>
  );
}
