import { defineSchemas } from './common.js';

export const notificationSchemas = defineSchemas({});
