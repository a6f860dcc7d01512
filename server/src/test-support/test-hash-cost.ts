import { hashAtTestCost } from '../auth/passwords.js';

// The integration suite's setup file (vitest.config.ts): every test file hashes passwords at
// argon2's lowest cost, since none of them is about the hashing itself. The unit suite keeps
// the production cost, and passwords.test.ts checks its parameters.
hashAtTestCost();
