import type { SkillKind } from '@academy/contract';
import { markText } from '@academy/contract/marks';
import { CalendarClock, ExternalLink } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { failureText, refusalMessage } from '../../api/failure-text';
import { formatLongDateTime } from '../../lib/dates';
import { openPendingTab, resolveFileUrl } from '../../lib/file-links';
import { Button, Card, Facts, Message, QueryView, Screen, Stack } from '../../ui';
import { type Failure, FailureMessage } from '../../ui/failure-message';
import { PastMarks } from './past-marks';
import { kinds } from './skill-kinds';
import styles from './skills.module.css';
import { useCurrentItems, useStartItem } from './use-skill-items';

/**
 * The exam page and the reading, listening and story pages (spec section 2): the first
 * current item with its window and a start button; once started, the spec's message instead,
 * with a link to open the file again while the item is open. The file's link comes only
 * from the start call (and, once started, the list): it is opened in the tab the click opened.
 */
export function SkillItemPage({ kind }: { kind: SkillKind }) {
  const info = kinds[kind];
  const current = useCurrentItems(kind);
  const startItem = useStartItem(kind);
  const [problem, setProblem] = useState<Failure | null>(null);
  const [blockedLink, setBlockedLink] = useState<string | null>(null);

  const item = current.data?.items[0];
  const isOpen = item?.is_open === 1;

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
        // The spec's text for a refusal too, with the server's reason beneath: trying again
        // will not help when the exam has closed.
        const failed = `Failed to start the ${info.noun}. Please try again.`;
        setProblem({
          text: failureText(error, {
            network: `An error occurred while starting the ${info.noun}.`,
            refused: failed,
            fallback: failed,
          }),
          reason: refusalMessage(error),
        });
      },
    });
  };

  // Drawn once the list has come (QueryView below).
  let body: ReactNode;
  if (current.data && !current.data.success)
    body = <Message tone="info">{current.data.message || `No ${info.noun} found.`}</Message>;
  else if (!item) body = <Message tone="info">{`No ${info.noun} found.`}</Message>;
  else {
    body = (
      <Card>
        <Stack>
          <h2 className={styles.itemTitle}>{item.title}</h2>
          {item.description && <p className={styles.description}>{item.description}</p>}
          <Facts
            className={styles.window}
            facts={[
              ['Start time', formatLongDateTime(item.access_start)],
              ['End time', formatLongDateTime(item.access_end)],
            ]}
          />
          {item.mark && (
            <p className={styles.mark}>
              <strong>Mark:</strong> {markText(item.mark)}
            </p>
          )}
          {item.attempted === 1 ? (
            <>
              <Message tone="info">{`You have already started this ${info.noun}.`}</Message>
              {/* A student who closed the tab gets back to the file while the item is open. */}
              {item.file_url && !blockedLink && (
                <p className={styles.note}>
                  <ExternalLink size={18} aria-hidden="true" />
                  <a href={resolveFileUrl(item.file_url)} target="_blank" rel="noopener noreferrer">
                    {`Open the ${info.noun}`}
                  </a>
                </p>
              )}
            </>
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
      <QueryView query={current} error={`Error fetching ${info.noun} data.`}>
        {(data) => (
          <Stack>
            {body}
            <PastMarks marks={data.pastMarks} plural={info.plural} />
          </Stack>
        )}
      </QueryView>
    </Screen>
  );
}
