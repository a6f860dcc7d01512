import { explainFailure } from '../../../api/failure-text';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { paths } from '../../../shared/paths';
import {
  ConfirmDelete,
  FormMessage,
  PagedItemList,
  Screen,
  SearchField,
  usePagedFilters,
  useRecordDelete,
} from '../../../ui';
import { RecordEditorSlot, useRecordEditor } from '../../../ui/record-editor';
import { PassageCard } from './passage-card';
import { PassageForm, type PassageRow } from './passage-form';
import { useDeletePassage, useQuizPassages } from './use-bank';

const BACK = { to: paths.questionBank, label: 'Back to the Question Bank' };

/**
 * /question-bank/passages (issue 51, point 1): the reading texts and recordings items stand
 * on, the academy's as the bank is. A teacher makes one here and gives it to items in the
 * item editor; whoever wrote it (or an administrator) edits or deletes it. A passage items
 * stand on is not deleted: the server's refusal says how many and what to do.
 */
export default function PassagesScreen() {
  const { filters, pager, searchBox } = usePagedFilters({ q: '', page: 1 });
  // The list is asked for once typing pauses, not on every key.
  const passages = useQuizPassages({ ...filters, q: useDebouncedValue(filters.q) });
  const { message, deleting } = useRecordDelete<PassageRow>(
    useDeletePassage(),
    explainFailure('The passage could not be deleted. Please try again.'),
  );
  const editor = useRecordEditor<PassageRow>(message);

  return (
    <Screen
      title="Passages"
      subtitle="Reading texts and recordings that several items of the bank share."
      back={BACK}
    >
      <RecordEditorSlot editor={editor} newLabel="New passage">
        {(passage, onDone) => <PassageForm passage={passage} onDone={onDone} />}
      </RecordEditorSlot>
      <SearchField label="Search the titles" {...searchBox('q')} />
      <FormMessage outcome={message} />
      <PagedItemList
        query={passages}
        pager={pager}
        loading="Loading the passages..."
        error={explainFailure({
          refusalPrefix: 'Error loading the passages: ',
          fallback: 'The passages could not be loaded. Please try again.',
        })}
        empty={
          filters.q.trim()
            ? 'No passages match this search.'
            : 'No passages yet. Make a reading text or upload a recording, then choose it for items in the editor.'
        }
        items={(data) => data.passages}
        label="Passages"
      >
        {(row) => <PassageCard row={row} onEdit={editor.edit} onDelete={deleting.ask} />}
      </PagedItemList>
      <ConfirmDelete confirm={deleting} title="Delete this passage?">
        {(row) =>
          `“${row.title}” will be gone from the bank${row.kind === 'recording' ? ', with its recording' : ''}. A passage items stand on cannot be deleted: give them another passage, or none, first.`
        }
      </ConfirmDelete>
    </Screen>
  );
}
