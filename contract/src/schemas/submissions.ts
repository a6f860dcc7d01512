import { defineSchemas } from './common.js';

export const submissionSchemas = defineSchemas({});
