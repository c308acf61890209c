import { LOAD_DOCUMENT_KINDS, LOAD_DOCUMENT_SLUGS } from '@freight/shared';
import { Router, type Request } from 'express';
import { toActor } from '../../policies';
import type { Runtime } from '../../runtimeTypes';
import { sendFile } from '../../http/sendFile';
import { listLoadDocuments, openLoadDocument } from './service';

/** The signed-in user, or null: a signed-out visitor is told a load's documents do not exist (404), like a stranger. */
const readerOf = (req: Request) => (req.user ? toActor(req.user) : null);

/** A load's documents (issue 16): the list and each PDF, to the load's participants only. */
export function createLoadDocumentsRouter(_rt: Runtime): Router {
  const router = Router();

  router.get('/freight/:id/documents', async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await listLoadDocuments(readerOf(req), String(req.params.id)));
  });

  for (const kind of LOAD_DOCUMENT_KINDS) {
    router.get(`/freight/:id/documents/${LOAD_DOCUMENT_SLUGS[kind]}.pdf`, async (req, res) => {
      const file = await openLoadDocument(readerOf(req), String(req.params.id), kind);
      await sendFile(
        res,
        { ...file, mimeType: 'application/pdf' },
        {
          cacheControl: 'private, no-store',
          disposition: 'attachment',
          headers: { 'X-Content-Type-Options': 'nosniff' },
        },
      );
    });
  }

  return router;
}
