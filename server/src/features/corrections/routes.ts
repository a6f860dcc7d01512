import type { FastifyInstance } from 'fastify';

export default async function correctionRoutes(_app: FastifyInstance) {}
