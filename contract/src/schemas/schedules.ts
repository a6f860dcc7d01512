import { defineSchemas } from './common.js';

export const scheduleSchemas = defineSchemas({});
