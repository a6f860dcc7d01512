import { defineSchemas } from './common.js';

export const flashcardSchemas = defineSchemas({});
