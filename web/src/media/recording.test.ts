import {
  MAX_FILE_BYTES,
  RECORDING_BITS_PER_SECOND,
  SPEAKING_MAX_SECONDS,
} from '@academy/contract/constants';
import { describe, expect, it } from 'vitest';
import {
  chooseRecordingType,
  describeDuration,
  extensionOfType,
  levelOf,
  limitReached,
  micProblemOf,
  type RecorderState,
  recorderReducer,
  SAFE_RECORDING_BYTES,
  secondsLeft,
} from './recording';

describe('the recorded format', () => {
  it('asks for Opus in WebM first, then Ogg, then MP4, and lets the browser choose when none fits', () => {
    expect(chooseRecordingType(() => true)).toBe('audio/webm;codecs=opus');
    // Safari records only MP4.
    expect(chooseRecordingType((t) => t.startsWith('audio/mp4'))).toBe(
      'audio/mp4;codecs=mp4a.40.2',
    );
    expect(chooseRecordingType((t) => t === 'audio/ogg;codecs=opus')).toBe('audio/ogg;codecs=opus');
    expect(chooseRecordingType(() => false)).toBeUndefined();
    // A browser whose check throws is treated as saying no.
    expect(
      chooseRecordingType(() => {
        throw new Error('no');
      }),
    ).toBeUndefined();
  });

  it.each([
    ['audio/webm;codecs=opus', 'webm'],
    ['audio/ogg; codecs=opus', 'ogg'],
    ['audio/mp4', 'm4a'],
    ['', 'webm'],
  ])('names the file of type “%s” by it: .%s', (type, extension) => {
    expect(extensionOfType(type)).toBe(extension);
  });

  it('fits the longest allowed answer well under the 5 MB limit at the bit rate asked for', () => {
    const bytes = (SPEAKING_MAX_SECONDS * RECORDING_BITS_PER_SECOND) / 8;
    expect(bytes).toBeLessThan(MAX_FILE_BYTES / 4);
  });
});

describe('the limits', () => {
  it('stops at the time limit, or near 5 MB whatever the time', () => {
    expect(limitReached(119_999, 1000, 120)).toBeNull();
    expect(limitReached(120_000, 1000, 120)).toBe('time');
    expect(limitReached(10_000, SAFE_RECORDING_BYTES - 1, 120)).toBeNull();
    expect(limitReached(10_000, SAFE_RECORDING_BYTES, 120)).toBe('size');
    // The cap leaves room for one more second's chunk even at a high bit rate.
    expect(SAFE_RECORDING_BYTES + 4_000_000 / 8).toBeLessThan(MAX_FILE_BYTES);
  });

  it('counts the seconds left down to 0, and writes them in words', () => {
    expect(secondsLeft(0, 120)).toBe(120);
    expect(secondsLeft(500, 120)).toBe(120);
    expect(secondsLeft(1000, 120)).toBe(119);
    expect(secondsLeft(130_000, 120)).toBe(0);
    expect(describeDuration(125)).toBe('2 minutes 5 seconds');
    expect(describeDuration(60)).toBe('1 minute');
    expect(describeDuration(1)).toBe('1 second');
    expect(describeDuration(0)).toBe('0 seconds');
  });

  it('measures silence as 0 and a loud frame as full', () => {
    expect(levelOf(new Uint8Array(64).fill(128))).toBe(0);
    expect(levelOf(Uint8Array.from({ length: 64 }, (_, i) => (i % 2 ? 255 : 0)))).toBe(1);
    const quiet = levelOf(Uint8Array.from({ length: 64 }, (_, i) => (i % 2 ? 133 : 123)));
    expect(quiet).toBeGreaterThan(0);
    expect(quiet).toBeLessThan(0.5);
    expect(levelOf([])).toBe(0);
  });
});

describe('a refused microphone', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'missing'],
    ['OverconstrainedError', 'missing'],
    ['NotReadableError', 'busy'],
  ])('is told apart by the browser’s error name: %s is %s', (name, problem) => {
    expect(micProblemOf(Object.assign(new Error(name), { name }))).toBe(problem);
  });

  it('is a failure when the error has no name the browser gives', () => {
    expect(micProblemOf(new TypeError('x'))).toBe('failed');
    expect(micProblemOf(undefined)).toBe('failed');
  });
});

describe('the recorder’s states', () => {
  const file = new File(['x'], 'answer.webm', { type: 'audio/webm' });
  type RecorderEvent = Parameters<typeof recorderReducer>[1];
  const run = (events: RecorderEvent[]) =>
    events.reduce<RecorderState>(recorderReducer, { phase: 'idle' });
  /** The microphone asked for and given: recording has begun. */
  const STARTED: RecorderEvent[] = [{ type: 'ask' }, { type: 'started' }];

  it('goes idle → asking → recording → stopping → recorded, keeping why it stopped', () => {
    const state = run([
      ...STARTED,
      { type: 'tick', elapsedMs: 4_200, bytes: 17_000, level: 0.4 },
      { type: 'stop', reason: 'time' },
      { type: 'recorded', file, url: 'blob:1' },
    ]);
    expect(state).toEqual({ phase: 'recorded', file, url: 'blob:1', seconds: 4, reason: 'time' });
  });

  it('ignores what comes too late or twice: a tick after the stop, a second stop', () => {
    const stopping = run([
      ...STARTED,
      { type: 'tick', elapsedMs: 2_000, bytes: 8_000, level: 0.1 },
      { type: 'stop', reason: 'user' },
      { type: 'tick', elapsedMs: 2_100, bytes: 8_400, level: 0.1 },
      { type: 'stop', reason: 'time' },
    ]);
    expect(stopping).toEqual({ phase: 'stopping', reason: 'user', elapsedMs: 2_000 });
    // A recording arriving without a stop (a stray event) is not taken.
    expect(run([{ type: 'recorded', file, url: 'blob:2' }])).toEqual({ phase: 'idle' });
    // Starting again while recording does nothing.
    const recording = run([...STARTED, { type: 'ask' }]);
    expect(recording.phase).toBe('recording');
  });

  it('is refused from asking, and starts over from a refusal or a recording', () => {
    const refused = run([{ type: 'ask' }, { type: 'refused', problem: 'denied' }]);
    expect(refused).toEqual({ phase: 'refused', problem: 'denied' });
    expect(recorderReducer(refused, { type: 'ask' })).toEqual({ phase: 'asking' });
    expect(recorderReducer(refused, { type: 'reset' })).toEqual({ phase: 'idle' });
    const recorded = run([
      ...STARTED,
      { type: 'stop', reason: 'user' },
      { type: 'recorded', file, url: 'blob:3' },
    ]);
    expect(recorderReducer(recorded, { type: 'ask' })).toEqual({ phase: 'asking' });
  });
});
