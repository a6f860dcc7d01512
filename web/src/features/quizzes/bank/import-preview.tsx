import type { CallResponse } from '@academy/contract';
import { ITEM_TYPE_WORDS } from '@academy/contract/quizzes/item-rules';
import { type Column, Message, Table } from '../../../ui';
import { tagsLine } from './words';

type Preview = CallResponse<'previewQuestionImport'>;
type Question = Preview['questions'][number];
type Refused = Preview['refused'][number];

const questionColumns: Column<Question>[] = [
  { header: 'Line', kind: 'short', cell: (q) => q.line },
  { header: 'Type', kind: 'short', cell: (q) => ITEM_TYPE_WORDS[q.type] },
  { header: 'Question', kind: 'text', cell: (q) => q.prompt },
  { header: 'Tags', cell: (q) => tagsLine(q) },
  {
    header: 'Notes',
    kind: 'text',
    cell: (q) => (q.notes.length === 0 ? 'None' : q.notes.join('; ')),
  },
];

const refusedColumns: Column<Refused>[] = [
  { header: 'Line', kind: 'short', cell: (r) => r.line },
  { header: 'Why', kind: 'text', cell: (r) => r.reason },
  { header: 'The block', kind: 'text', cell: (r) => r.excerpt },
];

/** What importing the text would do: the server's summary, the refused blocks, the questions. */
export function ImportPreview({ preview }: { preview: Preview }) {
  return (
    <>
      <Message
        tone={
          preview.questions.length === 0 ? 'error' : preview.refused.length > 0 ? 'info' : 'success'
        }
      >
        {preview.message}
      </Message>
      {preview.refused.length > 0 && (
        <Table
          label="Blocks left out"
          columns={refusedColumns}
          rows={preview.refused}
          rowKey={(r) => r.line}
        />
      )}
      {preview.questions.length > 0 && (
        <Table
          label="Questions to import"
          columns={questionColumns}
          rows={preview.questions}
          rowKey={(q) => q.line}
        />
      )}
    </>
  );
}
