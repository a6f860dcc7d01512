import type { FastifyInstance } from 'fastify';

export default async function skillRoutes(_app: FastifyInstance) {}
