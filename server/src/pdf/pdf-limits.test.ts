import { describe, expect, it } from 'vitest';
import { PdfLimits } from './pdf-limits.js';

describe('the limits on PDFs on their way', () => {
  it('lets one person have two at once, and a third when one is done', () => {
    const limits = new PdfLimits(2, 10);
    const first = limits.enter(7);
    const second = limits.enter(7);
    expect(first).toBeTypeOf('function');
    expect(second).toBeTypeOf('function');
    expect(limits.enter(7)).toBeNull();
    // Another person is not held up by them.
    expect(limits.enter(8)).toBeTypeOf('function');
    first?.();
    expect(limits.enter(7)).toBeTypeOf('function');
    expect(limits.enter(7)).toBeNull();
  });

  it('lets no more than the total be on their way, whoever asks', () => {
    const limits = new PdfLimits(2, 3);
    const places = [limits.enter(1), limits.enter(2), limits.enter(3)];
    expect(places.every((leave) => typeof leave === 'function')).toBe(true);
    expect(limits.inFlight).toBe(3);
    expect(limits.enter(4)).toBeNull();
    places[1]?.();
    expect(limits.inFlight).toBe(2);
    expect(limits.enter(4)).toBeTypeOf('function');
    expect(limits.enter(5)).toBeNull();
  });

  it('gives a place back once, however often it is given back', () => {
    const limits = new PdfLimits(2, 2);
    const leave = limits.enter(1);
    limits.enter(1);
    leave?.();
    leave?.();
    expect(limits.inFlight).toBe(1);
    expect(limits.enter(1)).toBeTypeOf('function');
    expect(limits.enter(2)).toBeNull();
  });
});
