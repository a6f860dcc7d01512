export * from './clock.js';
export * from './constants.js';
export * from './live.js';
export * from './routes/index.js';
export * from './schemas/index.js';
export * from './text.js';
export * from './uploads.js';
