import { afterAll } from 'vitest';
import { closeLeftApps } from './open-apps.js';

// The integration suite's setup file (vitest.config.ts): when a test file ends, any app it
// left open is closed, so its connections do not outlive it in the process the files share.
afterAll(closeLeftApps);
