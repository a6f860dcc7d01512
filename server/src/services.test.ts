import Fastify, { type FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { services } from './app.js';

/** What fastify-plugin writes on a plugin: its name and the plugins it stands on. */
const metaOf = (plugin: FastifyPluginAsync) =>
  (plugin as unknown as Record<symbol, { name: string; dependencies?: string[] } | undefined>)[
    Symbol.for('plugin-meta')
  ];

describe('the services', () => {
  it('each have a name of their own and come after every service they name', () => {
    const registered: string[] = [];
    for (const service of services) {
      const meta = metaOf(service);
      expect(meta?.name, 'a service without fastify-plugin').toBeTruthy();
      expect(registered).not.toContain(meta?.name);
      for (const dependency of meta?.dependencies ?? [])
        expect(registered, `${meta?.name} stands on ${dependency}`).toContain(dependency);
      registered.push(meta?.name ?? '');
    }
  });

  it('refuse to start when one is registered before a service it names (Fastify checks)', async () => {
    // The settings are there, the outbox comes before the channels it sends through: Fastify
    // stops before the outbox's body runs, so the app needs nothing more to show it.
    const outbox = services.find((s) => metaOf(s)?.name === 'outbox');
    if (!outbox) throw new Error('no outbox service');
    const app = Fastify({ logger: false });
    app.register(fp(async () => {}, { name: 'settings' }));
    await expect(app.register(outbox).ready()).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
      message: expect.stringContaining("'push'"),
    });
    await app.close().catch(() => {});
  });
});
