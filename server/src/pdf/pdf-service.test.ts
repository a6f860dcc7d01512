import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import type { BaseDeps } from '../http/call.js';
import { Gate, HELD } from '../test-support/held-paper.js';
import { PoolClosed } from './pdf-pool.js';
import pdfService from './pdf-service.js';

it('stops the PDF threads when the server closes, refusing a PDF on its way', async () => {
  const app = Fastify({ logger: false });
  // The service reads only the config of what the app stands on.
  app.decorate('base', { config: loadConfig({ PDF_THREADS: '1' }) } as BaseDeps);
  await app.register(pdfService);
  await app.ready();
  const gate = new Gate();
  const drawing = app.pdfs.make(HELD, gate.input(), 1).catch((error: unknown) => error);
  await gate.whenStarted(1);
  await app.close();
  expect(await drawing).toBeInstanceOf(PoolClosed);
}, 30_000);
