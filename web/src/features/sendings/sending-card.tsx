import type { CallResponse } from '@academy/contract';
import { useState } from 'react';
import { formatDue } from '../../lib/dates';
import { useAcademyTimeZone } from '../../shared/branding';
import { ActionRow, Button, Card, ItemText, Meta } from '../../ui';
import { EditSendingForm } from './edit-sending-form';
import styles from './sendings.module.css';

type Sending = CallResponse<'getSending'>['sending'];

/** What was sent, as the students see it (an assignment's text, due time and links), and Edit. */
export function SendingCard({ sending }: { sending: Sending }) {
  const zone = useAcademyTimeZone();
  const [isEditing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <Card title={sending.kind === 'assignment' ? 'Assignment' : 'Notification'}>
      {isEditing ? (
        <EditSendingForm
          sending={sending}
          onDone={(message) => {
            setEditing(false);
            setSaved(message);
          }}
        />
      ) : (
        <>
          {sending.kind === 'assignment' ? (
            <>
              <ItemText>{sending.description}</ItemText>
              <Meta>
                {sending.due_at
                  ? `Due by ${formatDue(sending.due_at, zone)}`
                  : 'No due date and time.'}
              </Meta>
              {sending.file_links.length > 0 && (
                <ul className={styles.links}>
                  {sending.file_links.map((link) => (
                    <li key={`${link.title}-${link.url}`}>
                      <a href={link.url} target="_blank" rel="noopener noreferrer">
                        {link.title}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </>
          ) : (
            <ItemText>{sending.title}</ItemText>
          )}
          {saved && <p role="status">{saved}</p>}
          <ActionRow>
            <Button
              variant="secondary"
              onClick={() => {
                setSaved(null);
                setEditing(true);
              }}
            >
              Edit
            </Button>
          </ActionRow>
        </>
      )}
    </Card>
  );
}
