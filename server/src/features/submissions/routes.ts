import type { FastifyInstance } from 'fastify';

export default async function submissionRoutes(_app: FastifyInstance) {}
