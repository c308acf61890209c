import { documentReviewSchema, documentUploadSchema } from '@freight/shared';
import { Router, type Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { currentActor, requireUser } from '../../http/auth';
import { pageQuerySchema, validate } from '../../http/validate';
import { rateLimited } from '../../infra/rateLimit';
import { singleFileUpload } from '../../infra/storage';
import type { Runtime } from '../../runtimeTypes';
import {
  getVerificationStatus,
  listDocuments,
  getReviewStats,
  listPendingDocuments,
  openDocumentFile,
  reviewDocument,
  uploadDocument,
} from './service';
import { storageQuotaGuard } from '../storageQuota';
import { contentDisposition } from '../../http/contentDisposition';

function setDownloadHeaders(res: Response, doc: { fileName: string; mimeType: string; fileSize: number }) {
  res.setHeader('Content-Type', doc.mimeType);
  res.setHeader('Content-Length', String(doc.fileSize));
  res.setHeader('Content-Disposition', contentDisposition(doc.fileName));
  res.setHeader('Cache-Control', 'private, no-store');
  // The file is shown in its own tab: nothing in it may run, and the browser's PDF viewer must be allowed.
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'",
  );
}

export function createDocumentsRouter(_rt: Runtime): Router {
  const router = Router();
  const paged = validate({ query: pageQuerySchema });

  // Call 4.
  router.get('/users/verification-status', requireUser, async (req, res) => {
    res.json(await getVerificationStatus(currentActor(req)));
  });

  // Call 20: multipart file, documentType, optional expirationDate.
  // Limits first (upload rate, storage already full), so a refused upload is not read at all.
  const upload = validate({ body: documentUploadSchema });
  router.post(
    '/documents/upload',
    requireUser,
    rateLimited('upload'),
    storageQuotaGuard,
    singleFileUpload('file'),
    upload,
    async (req, res) => {
      res.status(201).json(await uploadDocument(currentActor(req), req.file, upload.input(res).body));
    },
  );

  // Call 21.
  router.get('/documents', requireUser, paged, async (req, res) => {
    res.json(await listDocuments(currentActor(req), paged.input(res).query));
  });

  // Call 22: streamed and decrypted, with the original name and type.
  router.get('/documents/:id/download', requireUser, async (req, res) => {
    const { document, stream } = await openDocumentFile(currentActor(req), String(req.params.id));
    setDownloadHeaders(res, document);
    try {
      await pipeline(stream, res);
    } catch (err) {
      // Headers are gone: a file that fails to decrypt (tampered) ends the connection instead of completing.
      res.destroy(err as Error);
    }
  });

  // Call 23.
  router.get('/admin/documents/pending', requireUser, paged, async (req, res) => {
    res.json(await listPendingDocuments(currentActor(req), paged.input(res).query));
  });

  router.get('/admin/documents/stats', requireUser, async (req, res) => {
    res.json(await getReviewStats(currentActor(req)));
  });

  // Call 24.
  const review = validate({ body: documentReviewSchema });
  router.post('/admin/documents/:id/review', requireUser, review, async (req, res) => {
    res.json(await reviewDocument(currentActor(req), String(req.params.id), review.input(res).body));
  });

  return router;
}
