import {
  PATTERN_MAX_SESSIONS,
  PATTERN_WEEKDAYS,
  type PatternSession,
  patternProblem,
  patternTime,
  sessionsFromPattern,
  timesProblem,
  type WeekDay,
  type WeeklyPattern,
} from '@academy/contract/schedule-pattern';
import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { timesAreIn } from '../../lib/dates';
import { useAcademyTimeZone } from '../../shared/branding';
import { Button, Message, NumberField, TextField, useFields } from '../../ui';
import { PatternPreview } from './pattern-preview';
import styles from './schedules.module.css';

type PatternPanelProps =
  | {
      /** The first number the sessions get (the student's last + 1), or null until it is known. */
      firstNumber: number | null;
      /** The sessions made, for the admin to review in the form below before saving. */
      onMake: (sessions: PatternSession[]) => void;
    }
  | {
      /**
       * For a class: the pattern goes to the server, which numbers each student's sessions
       * after their own; it answers in words, or throws them.
       */
      onSend: (pattern: Omit<WeeklyPattern, 'firstNumber'>) => Promise<string>;
    };

/**
 * "Make from a weekly pattern": weekdays, a time, a first date and a number of sessions make
 * the form's sessions (contract/src/schedule-pattern.ts), numbered after the student's last.
 */
export function PatternPanel(props: PatternPanelProps) {
  const firstNumber = 'onSend' in props ? 1 : props.firstNumber;
  const [isSending, setSending] = useState(false);
  const [weekdays, setWeekdays] = useState<WeekDay[]>([]);
  const zone = useAcademyTimeZone();
  const { values, bind } = useFields({ start: '', end: '', firstDate: '', count: '8' });
  const { start, end, firstDate, count } = values;
  const [note, setNote] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const toggle = (day: WeekDay) =>
    setWeekdays((list) => (list.includes(day) ? list.filter((d) => d !== day) : [...list, day]));

  const pattern: WeeklyPattern = {
    weekdays,
    firstDate,
    count: count.trim() === '' ? Number.NaN : Number(count),
    time: start.trim() ? patternTime(start, end) : '',
    firstNumber: firstNumber ?? 1,
  };
  const timeProblem = start.trim() || end.trim() ? timesProblem(start, end) : null;

  const make = () => {
    if (firstNumber === null) {
      setNote({ tone: 'error', text: 'Please choose a student.' });
      return;
    }
    const problem = timeProblem ?? patternProblem(pattern);
    if (problem) {
      setNote({ tone: 'error', text: problem });
      return;
    }
    if ('onSend' in props) {
      setSending(true);
      props
        .onSend(pattern)
        .then((text) => setNote({ tone: 'success', text }))
        .catch((error: Error) => setNote({ tone: 'error', text: error.message }))
        .finally(() => setSending(false));
      return;
    }
    const sessions = sessionsFromPattern(pattern);
    props.onMake(sessions);
    const last = sessions.at(-1)?.session_number ?? firstNumber;
    setNote({
      tone: 'success',
      text: `Made ${sessions.length} ${sessions.length === 1 ? 'session' : 'sessions'} (${firstNumber === last ? `number ${last}` : `numbers ${firstNumber} to ${last}`}). Review them below, then save.`,
    });
  };

  return (
    <fieldset className={styles.session}>
      <legend className={styles.sessionHead}>Make from a weekly pattern</legend>
      <fieldset className={styles.weekdays}>
        <legend className={styles.note}>Weekdays</legend>
        {PATTERN_WEEKDAYS.map((day) => (
          <label key={day} className={styles.weekday}>
            <input type="checkbox" checked={weekdays.includes(day)} onChange={() => toggle(day)} />{' '}
            {day}
          </label>
        ))}
      </fieldset>
      <div className={styles.fields}>
        <TextField label="Start time" type="time" hint={timesAreIn(zone)} {...bind('start')} />
        <TextField
          label="End time"
          type="time"
          hint={`Optional. ${timesAreIn(zone)}`}
          {...bind('end')}
        />
        <TextField label="First date" type="date" {...bind('firstDate')} />
        <NumberField
          label="Number of sessions"
          type="number"
          min={1}
          max={PATTERN_MAX_SESSIONS}
          {...bind('count')}
        />
      </div>
      {timeProblem ? (
        <Message tone="error">{timeProblem}</Message>
      ) : (
        <PatternPreview pattern={pattern} />
      )}
      {note && <Message tone={note.tone}>{note.text}</Message>}
      <div>
        <Button variant="secondary" onClick={make} disabled={isSending}>
          <CalendarDays size={18} aria-hidden="true" />{' '}
          {'onSend' in props ? (isSending ? 'Adding...' : 'Add to every student') : 'Make sessions'}
        </Button>
      </div>
    </fieldset>
  );
}
