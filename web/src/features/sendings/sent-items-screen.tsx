import type { SendingKind } from '@academy/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useIsAdmin } from '../../api/role';
import { formatDue, formatLongDateTime } from '../../lib/dates';
import { useAcademyTimeZone } from '../../shared/branding';
import { hrefs, linkParams } from '../../shared/paths';
import { useBackToStaffHome } from '../../shared/staff-home';
import {
  ItemCard,
  OpenButton,
  Options,
  PagedItemList,
  ProgressBar,
  Screen,
  SelectField,
} from '../../ui';
import { handedInWords, readWords } from './read-words';
import styles from './sendings.module.css';
import { useSendings } from './use-sendings';

const KIND_WORDS: Record<SendingKind, string> = {
  assignment: 'Assignments',
  notification: 'Notifications',
};

/**
 * /sent-items (new): assignments and notifications sent to a class, to several students or to
 * everyone, one item each with how many of its students have read it; each opens its own page
 * (sent-item-page.tsx).
 */
export default function SentItemsScreen() {
  const [params, setParams] = useSearchParams();
  const kind: SendingKind =
    params.get(linkParams.kind) === 'notification' ? 'notification' : 'assignment';
  return (
    <SentItemList
      kind={kind}
      onKind={(next) => setParams({ [linkParams.kind]: next }, { replace: true })}
    />
  );
}

function SentItemList({
  kind,
  onKind,
}: {
  kind: SendingKind;
  onKind: (kind: SendingKind) => void;
}) {
  const [page, setPage] = useState(1);
  const sendings = useSendings(kind, page);
  const zone = useAcademyTimeZone();
  const isAdmin = useIsAdmin();
  const back = useBackToStaffHome();

  return (
    <Screen title="Sent Items" back={back}>
      <p className={styles.intro}>
        What you sent to a class, to several students or to everyone, who has read it and who has
        handed in work for an assignment.
      </p>
      <SelectField
        label="Show"
        value={kind}
        onChange={(e) => {
          onKind(e.target.value === 'notification' ? 'notification' : 'assignment');
          setPage(1);
        }}
      >
        <Options values={Object.keys(KIND_WORDS) as SendingKind[]} label={(k) => KIND_WORDS[k]} />
      </SelectField>
      <PagedItemList
        query={sendings}
        pager={{ page, onPage: setPage }}
        error="The sent items could not be loaded. Please try again."
        items={(data) => data.sendings}
        label={KIND_WORDS[kind]}
        empty={
          kind === 'assignment'
            ? 'No assignment sent to many yet. Choose “Several students” or “A class” when sending one.'
            : isAdmin
              ? 'No notification sent to many yet. Choose “Several students”, “A class” or “All students” when sending one.'
              : 'No notification sent to many yet. Choose “Several students” or “A class” when sending one.'
        }
      >
        {(s) => (
          <ItemCard
            title={s.title}
            lines={[
              <>
                To {s.recipients} · {formatLongDateTime(s.created_at)}
              </>,
              <>
                {readWords(s.read_count, s.total)}
                {s.handed_in_count !== null && ` · ${handedInWords(s.handed_in_count, s.total)}`}
              </>,
              s.due_at && <>Due by {formatDue(s.due_at, zone)}</>,
            ]}
            actions={<OpenButton name={s.title} to={hrefs.sentItem(s.id)} />}
          >
            <ProgressBar
              percent={s.total ? (100 * s.read_count) / s.total : 0}
              label={readWords(s.read_count, s.total)}
            />
          </ItemCard>
        )}
      </PagedItemList>
    </Screen>
  );
}
