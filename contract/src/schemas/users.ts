import { defineSchemas } from './common.js';

export const userSchemas = defineSchemas({});
