import type { FastifyInstance } from 'fastify';
import { handle } from '../../http/call.js';

/**
 * The default images ship with the web app (web/public/branding). Answers are relative to
 * the site root, so they work behind any host name.
 */
export default async function brandingRoutes(app: FastifyInstance) {
  handle(app, 'logo', async () => ({ logoUrl: '/branding/logo.svg' }));
  handle(app, 'loginBackground', async () => ({ backgroundUrl: '/branding/login-background.svg' }));
  handle(app, 'userBackground', async () => ({ userbg_url: '/branding/user-background.svg' }));
  handle(app, 'appConfig', async ({ config }) => ({
    academyName: config.ACADEMY_NAME,
    onlineClassUrl: config.ONLINE_CLASS_URL,
    websiteUrl: config.WEBSITE_URL,
  }));

  /** The web app manifest, named after the academy, so one build installs as any academy's app. */
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) => {
    const name = app.deps.config.ACADEMY_NAME;
    reply.header('Content-Type', 'application/manifest+json; charset=utf-8');
    reply.header('Cache-Control', 'no-cache');
    return {
      id: '/',
      name,
      short_name: name.length <= 12 ? name : (name.split(/\s+/)[0] ?? name).slice(0, 12),
      description: `${name}: your schedule, assignments, results, flashcards and more.`,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#312e81',
      theme_color: '#4338ca',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    };
  });
}
