import { describe, expect, it } from 'vitest';
import { appIsShowing, appPath, readPush } from './push';

describe('a push in the worker', () => {
  it('shows no notification while a window of the app is focused and visible', () => {
    expect(appIsShowing([{ focused: true, visibilityState: 'visible' }])).toBe(true);
    expect(
      appIsShowing([
        { focused: false, visibilityState: 'hidden' },
        { focused: true, visibilityState: 'visible' },
      ]),
    ).toBe(true);
  });

  it('shows one when no window is, or one is only in the background', () => {
    expect(appIsShowing([])).toBe(false);
    // Another app in front of the window: visible but not focused.
    expect(appIsShowing([{ focused: false, visibilityState: 'visible' }])).toBe(false);
    // A locked phone or another tab: hidden.
    expect(appIsShowing([{ focused: true, visibilityState: 'hidden' }])).toBe(false);
  });

  it('reads the server’s push, and still shows something for one it cannot read', () => {
    const push = { title: 'Academy', body: 'Hi', path: '/results', tag: 'outbox-3' };
    expect(readPush(push)).toEqual(push);
    expect(readPush(null)).toEqual({ title: 'New message', body: '', path: '/', tag: 'academy' });
    expect(readPush({ title: 7, path: 'https://elsewhere.example' }).path).toBe('/');
  });

  it('opens only paths of the app', () => {
    expect(appPath('/download-assignment?assignment=4')).toBe('/download-assignment?assignment=4');
    for (const away of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'x', 5])
      expect(appPath(away)).toBe('/');
  });
});
