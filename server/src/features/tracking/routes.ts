import { chatReadSchema } from '@freight/shared';
import { Router } from 'express';
import { currentActor, requireUser } from '../../http/auth';
import { pageQuerySchema, parse } from '../../http/validate';
import { rateLimited } from '../../infra/rateLimit';
import { singleFileUpload } from '../../infra/storage';
import { contentDisposition } from '../documents/routes';
import { storageQuotaGuard } from '../documents/storageQuota';
import type { Runtime } from '../../runtime';
import {
  changeStatus,
  getChat,
  getLocation,
  getTrackingDetail,
  listPhotos,
  listTrackedLoads,
  loadForParticipant,
  locationHistory,
  markChatRead,
  openPhoto,
  sendChatMessage,
  unreadCounts,
  updateLocation,
  uploadPhoto,
} from './service';

/** Tracking (SPEC §7 calls 14-19): location, status, photos and chat of a load, for its participants only. */
export function createTrackingRouter(_rt: Runtime): Router {
  const router = Router();
  router.use('/tracking', requireUser);

  router.get('/tracking/loads', async (req, res) => {
    const { page, pageSize } = parse(pageQuerySchema, req.query);
    res.json(await listTrackedLoads(currentActor(req), page, pageSize));
  });

  router.get('/tracking/unread', async (req, res) => {
    res.json(await unreadCounts(currentActor(req)));
  });

  router.get('/freight/:id/tracking', requireUser, async (req, res) => {
    res.json(await getTrackingDetail(currentActor(req), String(req.params.id)));
  });

  router.post('/freight/:id/status', requireUser, async (req, res) => {
    res.json(await changeStatus(currentActor(req), String(req.params.id), req.body));
  });

  router.get('/freight/:id/location', requireUser, async (req, res) => {
    res.json(await getLocation(currentActor(req), String(req.params.id)));
  });

  router.post('/freight/:id/location', requireUser, async (req, res) => {
    res.json(await updateLocation(currentActor(req), String(req.params.id), req.body));
  });

  router.get('/freight/:id/location/history', requireUser, async (req, res) => {
    const { page, pageSize } = parse(pageQuerySchema, req.query);
    res.json(await locationHistory(currentActor(req), String(req.params.id), page, pageSize));
  });

  router.get('/freight/:id/photos', requireUser, async (req, res) => {
    const { page, pageSize } = parse(pageQuerySchema, req.query);
    res.json(await listPhotos(currentActor(req), String(req.params.id), page, pageSize));
  });

  router.post(
    '/freight/:id/photos',
    requireUser,
    // Refuse non-participants, and anyone over the upload rate or storage quota, before reading their upload.
    async (req, _res, next) => {
      await loadForParticipant(currentActor(req), String(req.params.id));
      next();
    },
    rateLimited('upload'),
    storageQuotaGuard,
    singleFileUpload('photo'),
    async (req, res) => {
      res
        .status(201)
        .json(await uploadPhoto(currentActor(req), String(req.params.id), req.file, req.body ?? {}));
    },
  );

  router.get('/freight/:id/photos/:photoId/file', requireUser, async (req, res) => {
    const photo = await openPhoto(currentActor(req), String(req.params.id), String(req.params.photoId));
    res.setHeader('Content-Type', photo.mimeType);
    res.setHeader('Content-Length', String(photo.size));
    res.setHeader('Content-Disposition', contentDisposition(photo.fileName));
    res.setHeader('Cache-Control', 'private, max-age=3600');
    await new Promise<void>((resolve, reject) => {
      photo.stream.on('error', (err) => {
        if (res.headersSent) res.destroy(err);
        reject(err);
      });
      res.on('finish', resolve);
      res.on('close', resolve);
      photo.stream.pipe(res);
    });
  });

  router.get('/freight/:id/chat', requireUser, async (req, res) => {
    res.json(await getChat(currentActor(req), String(req.params.id), req.query));
  });

  router.post('/freight/:id/chat/message', requireUser, async (req, res) => {
    const { message, created } = await sendChatMessage(currentActor(req), String(req.params.id), req.body);
    res.status(created ? 201 : 200).json(message);
  });

  router.post('/freight/:id/chat/read', requireUser, async (req, res) => {
    const { seq } = parse(chatReadSchema, req.body ?? {});
    res.json(await markChatRead(currentActor(req), String(req.params.id), seq));
  });

  return router;
}
