import { RECORDING_BITS_PER_SECOND } from '@academy/contract/constants';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  chooseRecordingType,
  extensionOfType,
  levelOf,
  limitReached,
  micProblemOf,
  type RecorderState,
  recorderReducer,
  type StopReason,
} from './recording';

/** How often the clock, the level meter and the limits are looked at while recording. */
const TICK_MS = 100;

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  audio: AudioContext | null;
  timer: number;
}

/**
 * Records from the microphone with MediaRecorder (issue 21): asks for the microphone, records
 * Opus at 32 kbit/s where the browser can (recording.ts), shows the level (a Web Audio
 * AnalyserNode) and stops by itself at `limitSeconds` or near 5 MB. The result is a File ready
 * to upload, with a blob: URL to play it back; recording again or leaving the screen lets the
 * microphone and the URL go.
 */
export function useRecorder({
  limitSeconds,
  fileName,
}: {
  limitSeconds: number;
  fileName: string;
}) {
  const [state, dispatch] = useReducer(recorderReducer, { phase: 'idle' } as RecorderState);
  const session = useRef<Session | null>(null);
  const url = useRef<string | null>(null);
  const limit = useRef(limitSeconds);
  limit.current = limitSeconds;

  const release = useCallback(() => {
    const current = session.current;
    session.current = null;
    if (!current) return;
    window.clearInterval(current.timer);
    for (const track of current.stream.getTracks()) track.stop();
    void current.audio?.close().catch(() => undefined);
  }, []);

  const forgetUrl = useCallback(() => {
    if (url.current) URL.revokeObjectURL(url.current);
    url.current = null;
  }, []);

  const stop = useCallback((reason: StopReason = 'user') => {
    const current = session.current;
    if (!current || current.recorder.state === 'inactive') return;
    window.clearInterval(current.timer);
    dispatch({ type: 'stop', reason });
    // The last chunk, then onstop, which makes the file.
    current.recorder.stop();
  }, []);

  const start = useCallback(async () => {
    if (session.current) return;
    forgetUrl();
    if (
      typeof MediaRecorder === 'undefined' ||
      !navigator.mediaDevices?.getUserMedia ||
      !window.isSecureContext
    ) {
      dispatch({ type: 'refused', problem: 'unsupported' });
      return;
    }
    dispatch({ type: 'ask' });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true },
      });
    } catch (error) {
      dispatch({ type: 'refused', problem: micProblemOf(error) });
      return;
    }
    const type = chooseRecordingType((t) => MediaRecorder.isTypeSupported(t));
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, {
        ...(type ? { mimeType: type } : {}),
        audioBitsPerSecond: RECORDING_BITS_PER_SECOND,
      });
    } catch {
      for (const track of stream.getTracks()) track.stop();
      dispatch({ type: 'refused', problem: 'unsupported' });
      return;
    }

    // The level meter: optional, so a browser without Web Audio still records.
    let audio: AudioContext | null = null;
    let analyser: AnalyserNode | null = null;
    try {
      audio = new AudioContext();
      analyser = audio.createAnalyser();
      analyser.fftSize = 512;
      audio.createMediaStreamSource(stream).connect(analyser);
    } catch {
      audio = null;
      analyser = null;
    }
    const frame = new Uint8Array(analyser?.fftSize ?? 0);

    const chunks: Blob[] = [];
    let bytes = 0;
    recorder.ondataavailable = (event) => {
      if (event.data.size === 0) return;
      chunks.push(event.data);
      bytes += event.data.size;
    };
    recorder.onstop = () => {
      const recordedType = recorder.mimeType || type || 'audio/webm';
      const blob = new Blob(chunks, { type: recordedType });
      const file = new File([blob], `${fileName}.${extensionOfType(recordedType)}`, {
        type: recordedType.split(';')[0],
      });
      release();
      forgetUrl();
      url.current = URL.createObjectURL(file);
      dispatch({ type: 'recorded', file, url: url.current });
    };
    recorder.onerror = () => {
      release();
      dispatch({ type: 'refused', problem: 'failed' });
    };

    const startedAt = performance.now();
    const timer = window.setInterval(() => {
      const elapsedMs = performance.now() - startedAt;
      if (analyser) analyser.getByteTimeDomainData(frame);
      dispatch({ type: 'tick', elapsedMs, bytes, level: analyser ? levelOf(frame) : 0 });
      const reached = limitReached(elapsedMs, bytes, limit.current);
      if (reached) stop(reached);
    }, TICK_MS);
    session.current = { stream, recorder, audio, timer };
    // A chunk every second, so the size is known while recording.
    recorder.start(1000);
    dispatch({ type: 'started' });
  }, [fileName, forgetUrl, release, stop]);

  /** Throws the recording away (Record again starts a new one). */
  const reset = useCallback(() => {
    const current = session.current;
    if (current) {
      current.recorder.onstop = null;
      if (current.recorder.state !== 'inactive') current.recorder.stop();
    }
    release();
    forgetUrl();
    dispatch({ type: 'reset' });
  }, [forgetUrl, release]);

  // Leaving the screen lets the microphone go and forgets the recording's URL.
  useEffect(
    () => () => {
      const current = session.current;
      if (current) current.recorder.onstop = null;
      if (current && current.recorder.state !== 'inactive') current.recorder.stop();
      release();
      forgetUrl();
    },
    [forgetUrl, release],
  );

  return { state, start, stop: () => stop('user'), reset };
}
