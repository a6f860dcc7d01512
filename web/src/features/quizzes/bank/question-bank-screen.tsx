import { explainFailure } from '../../../api/failure-text';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { paths } from '../../../shared/paths';
import { useBackToStaffHome } from '../../../shared/staff-home';
import {
  ActionRow,
  ButtonLink,
  ConfirmDelete,
  FormMessage,
  PagedItemList,
  Screen,
  usePagedFilters,
  useRecordDelete,
} from '../../../ui';
import { BankFilterFields } from './bank-filters';
import { BankItemCard, type BankRow } from './bank-item-card';
import { ExportGiftButton } from './export-gift-button';
import { NO_FILTERS, useArchiveItem, useBankItems, useBankTags, useDeleteItem } from './use-bank';

/**
 * /question-bank (issue 51, points 1 and 8): the academy's items, filtered and paged on the
 * server; each opens in the editor, and whoever wrote it (or an administrator) archives,
 * puts back or deletes it. New items are made in the editor or imported from GIFT or Aiken,
 * and the bank, filtered as shown, is exported as GIFT. The reading texts and recordings items
 * stand on have their own screen (Passages).
 */
export default function QuestionBankScreen() {
  const { filters, setFilter, pager, searchBox } = usePagedFilters(NO_FILTERS);
  // The list is asked for once typing pauses, not on every key.
  const items = useBankItems({ ...filters, q: useDebouncedValue(filters.q) });
  const units = useBankTags().data?.units ?? [];
  const archive = useArchiveItem();
  const { message, deleting } = useRecordDelete<BankRow>(
    useDeleteItem(),
    explainFailure('The item could not be deleted. Please try again.'),
  );
  const handleArchive = (row: BankRow) =>
    archive.mutate(
      { id: row.id, archived: !row.archived },
      message.reports(explainFailure('The item could not be changed. Please try again.')),
    );
  const filtered = Object.entries(filters).some(
    ([name, value]) => name !== 'page' && value !== NO_FILTERS[name as keyof typeof NO_FILTERS],
  );

  return (
    <Screen
      title="Question Bank"
      subtitle="The academy's questions, tagged by level, skill and unit, for its quizzes."
      back={useBackToStaffHome()}
    >
      <ActionRow>
        <ButtonLink to={paths.newQuestionItem} variant="primary">
          New item
        </ButtonLink>
        <ButtonLink to={paths.questionImport}>Import GIFT or Aiken</ButtonLink>
        <ButtonLink to={paths.questionPassages}>Passages</ButtonLink>
        <ExportGiftButton filters={filters} message={message} />
      </ActionRow>
      <BankFilterFields
        filters={filters}
        onChange={setFilter}
        units={units}
        onSearch={searchBox('q')}
      />
      <FormMessage outcome={message} />
      <PagedItemList
        query={items}
        pager={pager}
        loading="Loading the bank..."
        error={explainFailure({
          refusalPrefix: 'Error loading the bank: ',
          fallback: 'The bank could not be loaded. Please try again.',
        })}
        empty={
          filtered
            ? 'No items match these filters.'
            : 'The bank is empty. Make an item, or import GIFT or Aiken questions.'
        }
        items={(data) => data.items}
        label="Items of the bank"
      >
        {(row) => <BankItemCard row={row} onArchive={handleArchive} onDelete={deleting.ask} />}
      </PagedItemList>
      <ConfirmDelete confirm={deleting} title="Delete this item?">
        {(row) =>
          `“${row.prompt}” will be gone from the bank. An item students have answered or a quiz names cannot be deleted: archive it instead.`
        }
      </ConfirmDelete>
    </Screen>
  );
}
