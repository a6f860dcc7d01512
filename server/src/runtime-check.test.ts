import { describe, expect, it } from 'vitest';
import { runtimeProblem } from './runtime-check.js';

describe('the Node.js the server needs', () => {
  it('accepts 22.14 and later', () => {
    for (const version of ['v22.14.0', 'v22.23.2', 'v24.21.0', 'v25.0.0']) {
      expect(runtimeProblem(version)).toBeNull();
    }
  });

  it('refuses older ones, saying which and what to do', () => {
    for (const version of ['v20.20.2', 'v22.13.1', 'v18.0.0']) {
      const problem = runtimeProblem(version);
      expect(problem).toContain(version);
      expect(problem).toContain('npm start');
    }
  });

  it('passes the Node.js the tests run on (the pinned one)', () => {
    expect(runtimeProblem(process.version)).toBeNull();
  });
});
