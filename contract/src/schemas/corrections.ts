import { defineSchemas } from './common.js';

export const correctionSchemas = defineSchemas({});
