import type { CallResponse } from '@academy/contract';
import { ITEM_TYPE_WORDS } from '@academy/contract/quizzes/item-rules';
import { Plus } from 'lucide-react';
import { explainFailure } from '../../../api/failure-text';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Button, ItemCard, PagedItemList, usePagedFilters } from '../../../ui';
import { ItemFilterFields } from '../bank/bank-filters';
import styles from './builder.module.css';
import { NO_PICKER_FILTERS, useBankUnits, usePickerItems } from './use-quizzes';
import { tagWords } from './words';

export type BankRow = CallResponse<'listQuizItems'>['items'][number];

/**
 * The bank, filtered and paged as on its own screen (archived items left out: a quiz cannot
 * take them), each item with Add; an item the quiz has already says so instead.
 */
export function ItemPicker({
  chosen,
  onAdd,
}: {
  chosen: ReadonlySet<number>;
  onAdd: (row: BankRow) => void;
}) {
  const { filters, setFilter, pager, searchBox } = usePagedFilters(NO_PICKER_FILTERS);
  // The list is asked for once typing pauses, not on every key.
  const items = usePickerItems({ ...filters, q: useDebouncedValue(filters.q) });
  const units = useBankUnits().data ?? [];
  return (
    <fieldset className={styles.group}>
      <legend>Add items from the Question Bank</legend>
      <ItemFilterFields
        filters={filters}
        onChange={setFilter}
        units={units}
        onSearch={searchBox('q')}
      />
      <PagedItemList
        query={items}
        pager={pager}
        loading="Loading the bank..."
        error={explainFailure({
          refusalPrefix: 'Error loading the bank: ',
          fallback: 'The bank could not be loaded. Please try again.',
        })}
        empty="No items of the bank match these filters."
        items={(data) => data.items}
        label="Items to add"
      >
        {(row) => {
          const name = `${ITEM_TYPE_WORDS[row.type]} item “${row.prompt.slice(0, 40)}”`;
          const added = chosen.has(row.id);
          return (
            <ItemCard
              title={row.prompt}
              lines={[
                `${ITEM_TYPE_WORDS[row.type]} · ${tagWords(row, 'No tags')} · ${row.points} ${row.points === 1 ? 'point' : 'points'}`,
              ]}
              actions={
                <Button
                  variant="secondary"
                  size="small"
                  disabled={added}
                  onClick={() => onAdd(row)}
                  aria-label={added ? `${name} is in the quiz` : `Add ${name}`}
                >
                  {added ? (
                    'Added'
                  ) : (
                    <>
                      <Plus size={16} aria-hidden="true" /> Add
                    </>
                  )}
                </Button>
              }
            />
          );
        }}
      </PagedItemList>
    </fieldset>
  );
}
