import { describe, expect, it } from 'vitest';
import { deviceName, pushSupport } from './push-support';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';
const LINUX_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
const SAMSUNG =
  'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36';

const facts = (userAgent: string, more: Partial<Parameters<typeof pushSupport>[0]> = {}) => ({
  userAgent,
  maxTouchPoints: 0,
  standalone: false,
  hasPush: true,
  ...more,
});

describe('push on this browser', () => {
  it('asks an iPhone or iPad in Safari to add the app to the Home Screen first', () => {
    expect(pushSupport(facts(IPHONE, { hasPush: false }))).toBe('home-screen');
    expect(pushSupport(facts(IPAD_DESKTOP, { maxTouchPoints: 5, hasPush: false }))).toBe(
      'home-screen',
    );
  });

  it('works on an iPhone opened from the Home Screen, unless its iOS is older than 16.4', () => {
    expect(pushSupport(facts(IPHONE, { standalone: true }))).toBe('supported');
    expect(pushSupport(facts(IPHONE, { standalone: true, hasPush: false }))).toBe('unsupported');
  });

  it('takes a Mac for a Mac, and a browser without push for one', () => {
    expect(pushSupport(facts(IPAD_DESKTOP))).toBe('supported');
    expect(pushSupport(facts(ANDROID_CHROME, { hasPush: false }))).toBe('unsupported');
  });

  it('names the device as a person would', () => {
    expect(deviceName(facts(ANDROID_CHROME))).toBe('Chrome on Android');
    expect(deviceName(facts(IPHONE))).toBe('Safari on iPhone');
    expect(deviceName(facts(IPAD_DESKTOP, { maxTouchPoints: 5 }))).toBe('Safari on iPad');
    expect(deviceName(facts(IPAD_DESKTOP))).toBe('Safari on Mac');
    expect(deviceName(facts(WINDOWS_EDGE))).toBe('Edge on Windows');
    expect(deviceName(facts(LINUX_FIREFOX))).toBe('Firefox on Linux');
    expect(deviceName(facts(SAMSUNG))).toBe('Samsung Internet on Android');
    expect(deviceName(facts('curl/8.0'))).toBe('A browser');
  });
});
