import { Circle, Mic, RotateCcw, Square } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button, Message } from '../ui';
import { AudioPlayer } from './audio-player';
import styles from './recorder.module.css';
import { describeDuration, formatClock, MIC_PROBLEM_TEXT, secondsLeft } from './recording';
import { useRecorder } from './use-recorder';

interface RecorderProps {
  /** What is recorded ('Record your answer'): the group's name. */
  label: string;
  /** The longest recording, in seconds: it stops there by itself. */
  limitSeconds: number;
  /** The recorded file's name, without its extension ('answer', 'reply'). */
  fileName: string;
  /** The finished recording, or null while there is none (recording again clears it). */
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

/**
 * Records from the microphone (issue 21): Record, a level meter and the time left while
 * recording, Stop (or the time limit), then play it back and record again. The speaking
 * screen, the admin's reply to an answer and a correction's comment all use this one.
 * A blocked or missing microphone says so; the screen's file chooser stays the alternative.
 */
export function Recorder({ label, limitSeconds, fileName, onChange, disabled }: RecorderProps) {
  const { state, start, stop } = useRecorder({ limitSeconds, fileName });
  const changed = useRef(onChange);
  changed.current = onChange;
  const recorded = state.phase === 'recorded' ? state.file : null;
  const hadRecording = useRef(false);
  useEffect(() => {
    // Told once per recording made or dropped, not at every tick.
    if (recorded || hadRecording.current) changed.current(recorded);
    hadRecording.current = recorded !== null;
  }, [recorded]);

  const busy = state.phase === 'asking' || state.phase === 'stopping';
  let announcement = '';
  if (state.phase === 'asking')
    announcement = 'Waiting for the microphone. Allow it if the browser asks.';
  else if (state.phase === 'recording') announcement = 'Recording.';
  else if (state.phase === 'recorded')
    announcement =
      state.reason === 'time'
        ? `Recording stopped at the ${describeDuration(limitSeconds)} limit.`
        : state.reason === 'size'
          ? 'Recording stopped: it reached the largest size that can be sent.'
          : 'Recording stopped.';

  return (
    <fieldset className={styles.recorder}>
      <legend className={styles.head}>
        <span className={styles.label}>{label}</span>
        <span className={styles.limit}>{`Up to ${formatClock(limitSeconds)}`}</span>
      </legend>

      {state.phase === 'recording' && (
        <div className={styles.live}>
          <span className={styles.dot} aria-hidden="true">
            <Circle size={12} fill="currentColor" />
          </span>
          <meter
            className={styles.meter}
            aria-label="Microphone level"
            min={0}
            max={100}
            value={Math.round(state.level * 100)}
          />
          <span className={styles.clock}>
            {`Time left ${formatClock(secondsLeft(state.elapsedMs, limitSeconds))}`}
          </span>
        </div>
      )}

      {state.phase === 'recorded' && (
        <div className={styles.result}>
          <AudioPlayer src={state.url} label={`${label}: your recording`} />
          <span className={styles.meta}>{`Length ${formatClock(state.seconds)}`}</span>
        </div>
      )}

      {state.phase === 'refused' && (
        <Message tone="error">{MIC_PROBLEM_TEXT[state.problem]}</Message>
      )}

      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {state.phase === 'recorded' && state.reason !== 'user' && (
        <p className={styles.meta} aria-hidden="true">
          {state.reason === 'time'
            ? `Stopped at the ${formatClock(limitSeconds)} limit.`
            : 'Stopped: it reached the largest size that can be sent.'}
        </p>
      )}

      <div className={styles.actions}>
        {state.phase === 'recording' ? (
          <Button variant="danger" onClick={stop}>
            <Square size={16} aria-hidden="true" /> Stop
          </Button>
        ) : state.phase === 'recorded' ? (
          <Button variant="secondary" onClick={() => void start()} disabled={disabled}>
            <RotateCcw size={16} aria-hidden="true" /> Record again
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => void start()} disabled={disabled || busy}>
            <Mic size={16} aria-hidden="true" />{' '}
            {state.phase === 'asking'
              ? 'Waiting for the microphone...'
              : state.phase === 'stopping'
                ? 'Finishing...'
                : state.phase === 'refused'
                  ? 'Try again'
                  : 'Record'}
          </Button>
        )}
      </div>
    </fieldset>
  );
}
