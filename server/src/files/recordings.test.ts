import { describe, expect, it } from 'vitest';
import { samples } from '../test-support/samples.js';
import { checkRecordingLength, measureRecording } from './recordings.js';

/** Issue 27, point 9: what the server reads of a recording, on real files. */
describe('measureRecording', () => {
  it("reads the length of browsers' recordings, which their headers do not give", async () => {
    // Chromium's WebM has no duration element; its MP4 is fragmented (both 2.4 s).
    for (const file of [samples.webm, samples.m4a]) {
      const measured = await measureRecording(file);
      expect(measured.hasVideo).toBe(false);
      expect(measured.seconds).toBeGreaterThan(2.2);
      expect(measured.seconds).toBeLessThan(2.6);
    }
    expect(await measureRecording(samples.oggOpus(3))).toEqual({ seconds: 3, hasVideo: false });
    expect(await measureRecording(samples.wavOfSeconds(325))).toEqual({
      seconds: 325,
      hasVideo: false,
    });
  });

  it('sees video in a camera recording', async () => {
    for (const file of [samples.mp4Video, samples.webmVideo])
      expect((await measureRecording(file)).hasVideo).toBe(true);
  });

  it('gives no length for what is not a whole recording', async () => {
    expect((await measureRecording(samples.webm.subarray(0, 200))).seconds).toBeNull();
    expect((await measureRecording(samples.pdf)).seconds).toBeNull();
  });
});

describe('checkRecordingLength', () => {
  it('allows two seconds past the limit, and no more', () => {
    expect(() => checkRecordingLength(12, 10)).not.toThrow();
    expect(() => checkRecordingLength(12.01, 10)).toThrow(
      'The recording is 0:12 long; it may be at most 0:10.',
    );
  });
});
