import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { failureText } from '../../api/failure-text';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { backTo, hrefs } from '../../shared/paths';
import {
  Card,
  FieldRow,
  Form,
  FormMessage,
  ItemCard,
  Meta,
  OpenButton,
  PagedItemList,
  Screen,
  SearchField,
  SelectField,
  SubmitButton,
  TextField,
  useFormOutcome,
  usePagedFilters,
} from '../../ui';
import styles from './classes.module.css';
import { studentCount } from './student-count';
import { useClasses, useCreateClass } from './use-classes';

/**
 * /classes (new): the academy's classes, made, searched and opened here; each opens its
 * class's page (class-page.tsx).
 */
export default function ClassesScreen() {
  const navigate = useNavigate();
  const { filters, setFilter, pager, searchBox } = usePagedFilters<{
    q: string;
    archived: 'no' | 'yes';
    page: number;
  }>({ q: '', archived: 'no', page: 1 });
  const classes = useClasses({ ...filters, q: useDebouncedValue(filters.q) });
  const search = filters.q.trim();
  const create = useCreateClass();
  const [name, setName] = useState('');
  const outcome = useFormOutcome(() => (name.trim() ? null : 'Please enter a class name.'));

  const handleCreate = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome.check()) return;
    create.mutate(name.trim(), {
      onSuccess: (answer) => {
        setName('');
        // The new class opens at once: adding its students is the next job.
        navigate(hrefs.classPage(answer.class_id));
      },
      onError: (error) =>
        outcome.fail(
          failureText(error, { fallback: 'The class could not be created. Please try again.' }),
        ),
    });
  };

  return (
    <Screen title="Classes" back={backTo.dashboard}>
      <Card title="New class">
        <Form onSubmit={handleCreate} outcome={outcome} className={styles.createForm}>
          <TextField
            label="Class name"
            placeholder="e.g. B1 Monday evenings"
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
          />
          <SubmitButton busy={create.isPending} busyLabel="Creating...">
            Create class
          </SubmitButton>
          <FormMessage outcome={outcome} />
        </Form>
      </Card>
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
              : 'No classes yet. Create the first one above, then add its students.'
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
