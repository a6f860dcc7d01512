import { BRANDING_IMAGES, type BrandingImage } from '@academy/contract/constants';
import type { FastifyInstance } from 'fastify';
import { handle } from '../../http/call.js';
import { notFound } from '../../http/errors.js';
import { StoredFileMissingError } from '../../storage/storage.js';
import { brandingImageFile } from '../settings/settings-data.js';
import { brandingAnswers } from './web-page.js';

/**
 * The branding calls answer from the academy's settings (features/settings), kept in memory:
 * an administrator's image is served from /api/branding/<image>/<file id>; the default images
 * ship with the web app (web/public/branding). Answers are relative to the site root, so they
 * work behind any host name.
 */
export default async function brandingRoutes(app: FastifyInstance) {
  handle(app, 'logo', async ({ settings }) => brandingAnswers(settings.current).logo);
  handle(
    app,
    'loginBackground',
    async ({ settings }) => brandingAnswers(settings.current).loginBackground,
  );
  handle(
    app,
    'userBackground',
    async ({ settings }) => brandingAnswers(settings.current).userBackground,
  );
  handle(app, 'appConfig', async ({ settings }) => brandingAnswers(settings.current).appConfig);

  /**
   * An administrator's logo or background, to anyone: the login screen shows them before
   * anyone signs in. Only the file in use for that image is served (never another stored file
   * by its id). A new image gets a new id, and ids are never reused, so an address always
   * means the same bytes and browsers may keep them.
   */
  app.get('/api/branding/:image/:id', { schema: { hide: true } }, async (request, reply) => {
    const { image, id } = request.params as { image?: string; id?: string };
    if (
      !(BRANDING_IMAGES as readonly string[]).includes(image ?? '') ||
      !/^\d{1,10}$/.test(id ?? '')
    )
      throw notFound('No such image.');
    const { db, storage } = app.deps;
    const file = await brandingImageFile(db, image as BrandingImage, Number(id));
    if (!file) throw notFound('No such image.');
    let body: Awaited<ReturnType<typeof storage.read>>;
    try {
      body = await storage.read(file.storage_key);
    } catch (error) {
      if (error instanceof StoredFileMissingError) {
        request.log.error({ fileId: file.id }, 'a branding image has a row but no bytes');
        throw notFound('No such image.');
      }
      throw error;
    }
    return reply
      .header('Content-Type', file.mime_type)
      .header('Content-Length', String(file.size_bytes))
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(body);
  });

  /** The web app manifest, named after the academy, so one build installs as any academy's app. */
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) => {
    const name = app.deps.settings.current.academyName;
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
