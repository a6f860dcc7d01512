import type { SkillKind } from '@academy/contract';
import { CalendarClock } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ApiError, refusalMessage } from '../../api/client';
import { formatLongDateTime } from '../../lib/dates';
import { openPendingTab, resolveFileUrl } from '../../lib/file-links';
import { Button, Card, Loading, Message, Screen, Stack } from '../../ui';
import { type Failure, FailureMessage } from './failure-message';
import { kinds } from './skill-kinds';
import styles from './skills.module.css';
import { useCurrentItems, useStartItem } from './use-skill-items';

/**
 * The exam page and the reading, listening and story pages (spec section 2): the first
 * current item with its window and a start button; once started, the spec's message instead.
 */
export function SkillItemPage({ kind }: { kind: SkillKind }) {
  const info = kinds[kind];
  const current = useCurrentItems(kind);
  const startItem = useStartItem(kind);
  const [problem, setProblem] = useState<Failure | null>(null);
  const [blockedLink, setBlockedLink] = useState<string | null>(null);

  const item = current.data?.items[0];
  const isOpen = item ? item.file_url !== null : false;

  const handleStart = () => {
    if (!item) return;
    setProblem(null);
    setBlockedLink(null);
    const tab = openPendingTab();
    startItem.mutate(item.id, {
      onSuccess: (answer) => {
        if (!answer.file_url) tab?.close();
        else if (tab) tab.show(answer.file_url);
        else setBlockedLink(resolveFileUrl(answer.file_url));
      },
      onError: (error) => {
        tab?.close();
        // Already started (here or on another device): the list, read again, says so.
        if (error instanceof ApiError && error.status === 409) return;
        if (error instanceof ApiError && error.isNetworkError) {
          setProblem({ text: `An error occurred while starting the ${info.noun}.` });
        } else {
          setProblem({
            text: `Failed to start the ${info.noun}. Please try again.`,
            reason: refusalMessage(error),
          });
        }
      },
    });
  };

  let body: ReactNode;
  if (current.isPending) body = <Loading />;
  else if (current.isError)
    body = <Message tone="error">{`Error fetching ${info.noun} data.`}</Message>;
  else if (!current.data.success)
    body = <Message tone="info">{current.data.message || `No ${info.noun} found.`}</Message>;
  else if (!item) body = <Message tone="info">{`No ${info.noun} found.`}</Message>;
  else {
    body = (
      <Card>
        <Stack>
          <h2 className={styles.itemTitle}>{item.title}</h2>
          {item.description && <p className={styles.description}>{item.description}</p>}
          <dl className={styles.window}>
            <div>
              <dt>Start time</dt>
              <dd>{formatLongDateTime(item.access_start)}</dd>
            </div>
            <div>
              <dt>End time</dt>
              <dd>{formatLongDateTime(item.access_end)}</dd>
            </div>
          </dl>
          {item.attempted === 1 ? (
            <Message tone="info">{`You have already started this ${info.noun}.`}</Message>
          ) : isOpen ? (
            <Button onClick={handleStart} disabled={startItem.isPending} block>
              {startItem.isPending ? 'Starting...' : info.startLabel}
            </Button>
          ) : (
            <p className={styles.note}>
              <CalendarClock size={18} aria-hidden="true" />{' '}
              {`This ${info.noun} opens on ${formatLongDateTime(item.access_start)}.`}
            </p>
          )}
          {problem && <FailureMessage failure={problem} />}
          {blockedLink && (
            <Message tone="info">
              Your browser blocked the new tab.{' '}
              <a href={blockedLink} target="_blank" rel="noopener noreferrer">
                {`Open the ${info.noun}`}
              </a>
            </Message>
          )}
        </Stack>
      </Card>
    );
  }

  return (
    <Screen title={info.title} back={info.back} width="narrow">
      {body}
    </Screen>
  );
}
