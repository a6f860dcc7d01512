import { useClasses } from '../../api/classes';
import { useIsAdmin } from '../../api/role';
import { studentCount } from '../../lib/student-count';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { hrefs } from '../../shared/paths';
import { useBackToStaffHome } from '../../shared/staff-home';
import {
  FieldRow,
  ItemCard,
  Meta,
  OpenButton,
  PagedItemList,
  Screen,
  SearchField,
  SelectField,
  usePagedFilters,
} from '../../ui';
import { NewClassCard } from './new-class-card';

/**
 * /classes (new): the academy's classes, made, searched and opened here; each opens its
 * class's page (class-page.tsx). A teacher sees the classes they teach, and makes none.
 */
export default function ClassesScreen() {
  const isAdmin = useIsAdmin();
  const { filters, setFilter, pager, searchBox } = usePagedFilters<{
    q: string;
    archived: 'no' | 'yes';
    page: number;
  }>({ q: '', archived: 'no', page: 1 });
  const classes = useClasses({ ...filters, q: useDebouncedValue(filters.q) });
  const search = filters.q.trim();

  return (
    <Screen title="Classes" back={useBackToStaffHome()}>
      {isAdmin && <NewClassCard />}
      <FieldRow>
        <SearchField label="Search classes" {...searchBox('q')} />
        <SelectField
          label="Show"
          value={filters.archived}
          onChange={(e) => setFilter({ archived: e.target.value === 'yes' ? 'yes' : 'no' })}
        >
          <option value="no">Classes in use</option>
          <option value="yes">Archived classes</option>
        </SelectField>
      </FieldRow>
      <PagedItemList
        query={classes}
        pager={pager}
        error="The classes could not be loaded. Please try again."
        items={(data) => data.classes}
        label="Classes"
        empty={
          search
            ? `No classes match “${search}”.`
            : filters.archived === 'yes'
              ? 'No archived classes.'
              : isAdmin
                ? 'No classes yet. Create the first one above, then add its students.'
                : 'You have no classes yet. An administrator gives you your classes.'
        }
      >
        {(c) => (
          <ItemCard
            title={c.name}
            meta={
              <Meta>
                {studentCount(c.student_count)}
                {c.is_archived ? ' · Archived' : ''}
              </Meta>
            }
            actions={<OpenButton name={c.name} to={hrefs.classPage(c.id)} />}
          />
        )}
      </PagedItemList>
    </Screen>
  );
}
