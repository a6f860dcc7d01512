import { describe, expect, it } from 'vitest';
import { createStore } from './store';

describe('createStore', () => {
  it('tells subscribers when the value changes, and only then', () => {
    const store = createStore<string | null>(null);
    const heard: (string | null)[] = [];
    const stop = store.subscribe(() => heard.push(store.get()));
    store.set('offer');
    store.set('offer');
    store.set(null);
    stop();
    store.set('later');
    expect(heard).toEqual(['offer', null]);
    expect(store.get()).toBe('later');
  });
});
