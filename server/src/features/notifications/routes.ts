import type { FastifyInstance } from 'fastify';

export default async function notificationRoutes(_app: FastifyInstance) {}
