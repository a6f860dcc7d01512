import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../ui';
import styles from './schedules.module.css';
import { SessionFields } from './session-fields';
import type { useSessionRows } from './use-session-rows';

/** The sessions typed on the send form, each with its Remove, and Add session under them. */
export function SessionRows({ rows }: { rows: ReturnType<typeof useSessionRows> }) {
  return (
    <>
      {rows.rows.map((row, index) => (
        <fieldset key={row.key} className={styles.session}>
          <legend className={styles.sessionHead}>{`Session ${index + 1}`}</legend>
          <SessionFields
            value={row}
            onChange={(change) => rows.update(row.key, change)}
            labelPrefix={`Session ${index + 1}`}
          />
          <div>
            <Button
              variant="ghost"
              size="small"
              disabled={rows.rows.length === 1}
              onClick={() => rows.remove(row.key)}
              aria-label={`Remove session ${index + 1}`}
            >
              <Trash2 size={16} aria-hidden="true" /> Remove
            </Button>
          </div>
        </fieldset>
      ))}
      <div>
        <Button variant="secondary" onClick={rows.add}>
          <Plus size={18} aria-hidden="true" /> Add session
        </Button>
      </div>
    </>
  );
}
