import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { failureText } from '../../api/failure-text';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { hrefs, paths } from '../../shared/paths';
import {
  Button,
  Card,
  FieldRow,
  Form,
  FormMessage,
  ItemCard,
  ItemList,
  Meta,
  PagedList,
  Screen,
  SelectField,
  SubmitButton,
  TextField,
  useFormOutcome,
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
  const [search, setSearch] = useState('');
  const [archived, setArchived] = useState<'no' | 'yes'>('no');
  const [page, setPage] = useState(1);
  const classes = useClasses({ q: useDebouncedValue(search), archived, page });
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
    <Screen title="Classes" back={{ to: paths.adminHome, label: 'Back to Dashboard' }}>
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
        <TextField
          label="Search classes"
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <SelectField
          label="Show"
          value={archived}
          onChange={(e) => {
            setArchived(e.target.value === 'yes' ? 'yes' : 'no');
            setPage(1);
          }}
        >
          <option value="no">Classes in use</option>
          <option value="yes">Archived classes</option>
        </SelectField>
      </FieldRow>
      <PagedList
        query={classes}
        page={page}
        onPage={setPage}
        hasMore={(data) => data.has_more}
        error="The classes could not be loaded. Please try again."
        isEmpty={(data) => data.classes.length === 0}
        empty={
          search.trim()
            ? `No classes match “${search.trim()}”.`
            : archived === 'yes'
              ? 'No archived classes.'
              : 'No classes yet. Create the first one above, then add its students.'
        }
      >
        {(data) => (
          <ItemList label="Classes">
            {data.classes.map((c) => (
              <ItemCard
                key={c.id}
                title={c.name}
                meta={
                  <Meta>
                    {studentCount(c.student_count)}
                    {c.is_archived ? ' · Archived' : ''}
                  </Meta>
                }
                actions={
                  <Button
                    variant="secondary"
                    size="small"
                    onClick={() => navigate(hrefs.classPage(c.id))}
                    aria-label={`Open ${c.name}`}
                  >
                    Open
                  </Button>
                }
              />
            ))}
          </ItemList>
        )}
      </PagedList>
    </Screen>
  );
}
