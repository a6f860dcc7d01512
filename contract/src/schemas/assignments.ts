import { defineSchemas } from './common.js';

export const assignmentSchemas = defineSchemas({});
