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
}
