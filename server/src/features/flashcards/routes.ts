import type { FastifyInstance } from 'fastify';

export default async function flashcardRoutes(_app: FastifyInstance) {}
