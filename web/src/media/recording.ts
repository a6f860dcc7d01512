import { MAX_FILE_BYTES } from '@academy/contract/constants';

/**
 * The rules of recording in the browser (issue 21), apart from the browser so they can be
 * unit-tested: which format to ask MediaRecorder for, when a recording must stop, what a
 * refused microphone is told, and the recorder's states.
 */

/**
 * The formats asked for, best first: Opus in WebM (Chromium, Firefox, Edge), Opus in Ogg
 * (older Firefox), AAC in MP4 (Safari). Each is accepted by the speaking upload's type check.
 */
export const RECORDING_TYPES = [
  'audio/webm;codecs=opus',
  'audio/ogg;codecs=opus',
  'audio/mp4;codecs=mp4a.40.2',
  'audio/mp4',
  'audio/webm',
] as const;

/** The first format the browser can record, or undefined to let it choose its own. */
export function chooseRecordingType(
  isTypeSupported: (type: string) => boolean,
): string | undefined {
  return RECORDING_TYPES.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
}

/** The file extension for a recorded type ('audio/webm;codecs=opus' → 'webm'). */
export function extensionOfType(type: string): string {
  const base = type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (base.endsWith('/ogg')) return 'ogg';
  if (base.endsWith('/mp4') || base.endsWith('/aac')) return 'm4a';
  return 'webm';
}

/**
 * A recording stops before it could pass the 5 MB upload limit, whatever bit rate the browser
 * really used (some ignore the one asked for): chunks arrive every second, so a margin of
 * 10% leaves room for the last one even at 4 Mbit/s.
 */
export const SAFE_RECORDING_BYTES = Math.floor(MAX_FILE_BYTES * 0.9);

export type StopReason = 'user' | 'time' | 'size';

/** Whether a recording has reached its limit: the time the administrator set, or the size cap. */
export function limitReached(
  elapsedMs: number,
  bytes: number,
  limitSeconds: number,
): StopReason | null {
  if (elapsedMs >= limitSeconds * 1000) return 'time';
  if (bytes >= SAFE_RECORDING_BYTES) return 'size';
  return null;
}

/** Whole seconds left before the limit, never below 0. */
export function secondsLeft(elapsedMs: number, limitSeconds: number): number {
  return Math.max(0, Math.ceil(limitSeconds - elapsedMs / 1000));
}

// Written alike by the screens and the server's refusals: one function, in the contract.
export { formatClock } from '@academy/contract';

/** 125 → '2 minutes 5 seconds', for screen readers and notes. */
export function describeDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  const parts = [
    m > 0 ? `${m} minute${m === 1 ? '' : 's'}` : '',
    s > 0 || m === 0 ? `${s} second${s === 1 ? '' : 's'}` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/**
 * The loudness of a frame of the analyser's time-domain bytes (128 is silence), 0 to 1: the
 * root mean square, scaled so speech fills most of the meter.
 */
export function levelOf(frame: ArrayLike<number>): number {
  if (frame.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < frame.length; i++) {
    const v = ((frame[i] ?? 128) - 128) / 128;
    sum += v * v;
  }
  return Math.min(1, Math.sqrt(sum / frame.length) * 3);
}

/** Why there is no recording to be made. */
export type MicProblem = 'denied' | 'missing' | 'busy' | 'unsupported' | 'failed';

/** What getUserMedia's refusal means, by its DOMException name. */
export function micProblemOf(error: unknown): MicProblem {
  const name = (error as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'missing';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    default:
      return 'failed';
  }
}

export const MIC_PROBLEM_TEXT: Record<MicProblem, string> = {
  denied:
    'The microphone is blocked. Allow it for this site in your browser’s settings and try again, or choose a recorded file.',
  missing: 'No microphone was found. Connect one and try again, or choose a recorded file.',
  busy: 'The microphone is being used by another app. Close it and try again, or choose a recorded file.',
  unsupported: 'This browser cannot record here. Choose a recorded file instead.',
  failed: 'The recording failed. Please try again, or choose a recorded file.',
};

/** The recorder's states; `elapsedMs` and `bytes` grow while recording. */
export type RecorderState =
  | { phase: 'idle' }
  | { phase: 'asking' }
  | { phase: 'recording'; elapsedMs: number; bytes: number; level: number }
  | { phase: 'stopping'; reason: StopReason; elapsedMs: number }
  | { phase: 'recorded'; file: File; url: string; seconds: number; reason: StopReason }
  | { phase: 'refused'; problem: MicProblem };

export type RecorderEvent =
  | { type: 'ask' }
  | { type: 'started' }
  | { type: 'tick'; elapsedMs: number; bytes: number; level: number }
  | { type: 'stop'; reason: StopReason }
  | { type: 'recorded'; file: File; url: string }
  | { type: 'refused'; problem: MicProblem }
  | { type: 'reset' };

/**
 * The recorder's state machine: idle → asking (the permission prompt) → recording → stopping
 * (the last chunk is on its way) → recorded, or refused from asking. Events that do not fit the
 * current state (a late tick after a stop, a second stop) change nothing.
 */
export function recorderReducer(state: RecorderState, event: RecorderEvent): RecorderState {
  switch (event.type) {
    case 'ask':
      return state.phase === 'recording' || state.phase === 'stopping'
        ? state
        : { phase: 'asking' };
    case 'started':
      return state.phase === 'asking'
        ? { phase: 'recording', elapsedMs: 0, bytes: 0, level: 0 }
        : state;
    case 'tick':
      return state.phase === 'recording'
        ? { phase: 'recording', elapsedMs: event.elapsedMs, bytes: event.bytes, level: event.level }
        : state;
    case 'stop':
      return state.phase === 'recording'
        ? { phase: 'stopping', reason: event.reason, elapsedMs: state.elapsedMs }
        : state;
    case 'recorded':
      return state.phase === 'stopping'
        ? {
            phase: 'recorded',
            file: event.file,
            url: event.url,
            seconds: Math.round(state.elapsedMs / 1000),
            reason: state.reason,
          }
        : state;
    case 'refused':
      return state.phase === 'asking' || state.phase === 'idle' || state.phase === 'recording'
        ? { phase: 'refused', problem: event.problem }
        : state;
    case 'reset':
      return { phase: 'idle' };
  }
}
