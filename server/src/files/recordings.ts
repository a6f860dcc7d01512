import { formatClock } from '@academy/contract';
import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import { badRequest, HttpError } from '../http/errors.js';
import type { SniffedType } from '../storage/file-types.js';

/**
 * Recordings (a spoken answer, the administrator's spoken reply, a correction's recorded
 * comment) are measured on the server (issue 27, point 9): the browser's time limit is only
 * a convenience, and a file chosen from the phone's gallery passes no limit at all. Every
 * upload field of the 'audio' kind is a recording and goes through `measureRecording`.
 */

/**
 * Seconds a recording may run past its limit: the browser stops at the limit after its next
 * tick (0.1 s) and then waits for the last one-second chunk, and containers round their
 * timestamps; two seconds covers that without letting a longer answer through
 * (docs/decisions.md "Recording limits on the server").
 */
export const RECORDING_GRACE_SECONDS = 2;

export interface MeasuredRecording {
  /** The length in seconds, from the file's own timestamps; null when it cannot be told. */
  seconds: number | null;
  hasVideo: boolean;
}

/**
 * Reads a recording's tracks and length with mediabunny, which walks the whole file when
 * its header has no duration: Chromium's MediaRecorder writes WebM without one, and Safari's
 * (and Chromium's) MP4 is fragmented, its header counting only the first fragment.
 */
export async function measureRecording(bytes: Uint8Array): Promise<MeasuredRecording> {
  const input = new Input({ formats: ALL_FORMATS, source: new BufferSource(bytes) });
  try {
    const [videoTracks, audioTracks] = await Promise.all([
      input.getVideoTracks(),
      input.getAudioTracks(),
    ]);
    if (audioTracks.length === 0) return { seconds: null, hasVideo: videoTracks.length > 0 };
    const seconds = await input.computeDuration();
    return {
      seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : null,
      hasVideo: videoTracks.length > 0,
    };
  } catch {
    // A format the parser does not know (AMR) or a broken file: its length cannot be told.
    return { seconds: null, hasVideo: false };
  } finally {
    input.dispose();
  }
}

/**
 * Refuses a recording longer than `limitSeconds` (with the grace above). The one check of a
 * recording's length: the upload applies its rule's `maxSeconds` (a spoken reply, a recorded
 * comment), and the speaking answer's handler its question's own limit.
 */
export function checkRecordingLength(seconds: number, limitSeconds: number): void {
  if (seconds > limitSeconds + RECORDING_GRACE_SECONDS) {
    throw badRequest(
      `The recording is ${formatClock(seconds)} long; it may be at most ${formatClock(limitSeconds)}.`,
    );
  }
}

/**
 * Checks a whole recording before it is stored: sound only, a length that can be told (a
 * file whose length cannot be read could be any length, and is often one no browser plays),
 * and at most `maxSeconds` when the upload rule sets it. Returns its length in seconds, and
 * the type it is stored as: an MP4 or WebM without video is stored as sound.
 */
export async function checkRecording(
  bytes: Uint8Array,
  type: SniffedType,
  maxSeconds: number | undefined,
): Promise<{ seconds: number; type: SniffedType }> {
  const measured = await measureRecording(bytes);
  if (measured.hasVideo) {
    throw new HttpError(415, 'Please send a sound recording: this file has video in it.');
  }
  if (measured.seconds === null) {
    throw new HttpError(
      415,
      'The length of this recording cannot be read. Please record it again, or choose an MP3, M4A, WAV, OGG, WEBM, AAC or FLAC file.',
    );
  }
  if (maxSeconds !== undefined) checkRecordingLength(measured.seconds, maxSeconds);
  return { seconds: measured.seconds, type: asSound(type) };
}

function asSound(type: SniffedType): SniffedType {
  if (type.ext === 'mp4') return { ext: 'm4a', mime: 'audio/mp4' };
  if (type.ext === 'webm') return { ext: 'webm', mime: 'audio/webm' };
  return type;
}
