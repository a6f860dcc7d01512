import { defineSchemas } from './common.js';

export const skillSchemas = defineSchemas({});
