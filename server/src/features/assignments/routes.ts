import type { FastifyInstance } from 'fastify';

export default async function assignmentRoutes(_app: FastifyInstance) {}
