import type { FastifyInstance } from 'fastify';

export default async function scheduleRoutes(_app: FastifyInstance) {}
