import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { warnTo } from '../warn.js';
import { openPdfs, type Pdfs } from './pdfs.js';

declare module '../http/call.js' {
  interface AppServices {
    /** Every PDF the app makes, drawn on worker threads, limited and kept (pdf/pdfs.ts). */
    pdfs: Pdfs;
  }
}

/**
 * The PDF threads as a service, as the features' services are. Its threads stop when the
 * server closes; a PDF still waiting then is refused.
 */
async function pdfService(app: FastifyInstance) {
  const pdfs = openPdfs(app.base.config.PDF_THREADS, warnTo(app.log), (files) =>
    app.log.warn({ files }, 'PDF fonts missing: non-Latin names will not print'),
  );
  app.decorate('pdfs', pdfs);
  app.addHook('onClose', async () => {
    await pdfs.close();
  });
}

export default fp(pdfService, { name: 'pdfs', dependencies: [] });
