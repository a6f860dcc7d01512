import type { FastifyInstance } from 'fastify';
import { warnTo } from '../warn.js';
import { openPdfs, type Pdfs } from './pdfs.js';

declare module '../http/call.js' {
  interface AppDeps {
    /** Every PDF the app makes, drawn on worker threads, limited and kept (pdf/pdfs.ts). */
    pdfs: Pdfs;
  }
}

/**
 * The PDF threads as a service that adds itself to the handlers' dependencies, as the
 * features' services do. Its threads stop when the server closes; a PDF still waiting then
 * is refused.
 */
export default async function pdfService(app: FastifyInstance) {
  const pdfs = openPdfs(app.deps.config.PDF_THREADS, warnTo(app.log), (files) =>
    app.log.warn({ files }, 'PDF fonts missing: non-Latin names will not print'),
  );
  app.deps.pdfs = pdfs;
  app.addHook('onClose', async () => {
    await pdfs.close();
  });
}
