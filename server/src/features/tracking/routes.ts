import {
  chatMessageSchema,
  chatQuerySchema,
  chatReadSchema,
  locationUpdateSchema,
  photoUploadSchema,
  statusChangeSchema,
  stopEventSchema,
} from '@freight/shared';
import { Router } from 'express';
import { currentActor, requireUser } from '../../http/auth';
import { pageQuerySchema, validate } from '../../http/validate';
import { rateLimited } from '../../infra/rateLimit';
import { singleFileUpload } from '../../infra/storage';
import { contentDisposition } from '../documents/routes';
import { storageQuotaGuard } from '../documents/storageQuota';
import type { Runtime } from '../../runtimeTypes';
import {
  changeStatus,
  getChat,
  getLocation,
  getTrackingDetail,
  loadParties,
  listPhotos,
  listStops,
  recordStop,
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
  const paged = validate({ query: pageQuerySchema });

  router.get('/tracking/loads', paged, async (req, res) => {
    res.json(await listTrackedLoads(currentActor(req), paged.input(res).query));
  });

  router.get('/tracking/unread', async (req, res) => {
    res.json(await unreadCounts(currentActor(req)));
  });

  router.get('/freight/:id/parties', requireUser, async (req, res) => {
    res.json(await loadParties(currentActor(req), String(req.params.id)));
  });
  router.get('/freight/:id/tracking', requireUser, async (req, res) => {
    res.json(await getTrackingDetail(currentActor(req), String(req.params.id)));
  });

  const statusChange = validate({ body: statusChangeSchema });
  router.post('/freight/:id/status', requireUser, statusChange, async (req, res) => {
    res.json(await changeStatus(currentActor(req), String(req.params.id), statusChange.input(res).body));
  });

  router.get('/freight/:id/stops', requireUser, async (req, res) => {
    res.json(await listStops(currentActor(req), String(req.params.id)));
  });
  const stop = validate({ body: stopEventSchema });
  router.post('/freight/:id/stops', requireUser, stop, async (req, res) => {
    res.status(201).json(await recordStop(currentActor(req), String(req.params.id), stop.input(res).body));
  });

  router.get('/freight/:id/location', requireUser, async (req, res) => {
    res.json(await getLocation(currentActor(req), String(req.params.id)));
  });

  const location = validate({ body: locationUpdateSchema });
  router.post('/freight/:id/location', requireUser, location, async (req, res) => {
    res.json(await updateLocation(currentActor(req), String(req.params.id), location.input(res).body));
  });

  router.get('/freight/:id/location/history', requireUser, paged, async (req, res) => {
    res.json(await locationHistory(currentActor(req), String(req.params.id), paged.input(res).query));
  });

  router.get('/freight/:id/photos', requireUser, paged, async (req, res) => {
    res.json(await listPhotos(currentActor(req), String(req.params.id), paged.input(res).query));
  });

  const photo = validate({ body: photoUploadSchema });
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
    photo,
    async (req, res) => {
      res
        .status(201)
        .json(await uploadPhoto(currentActor(req), String(req.params.id), req.file, photo.input(res).body));
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

  const chatPage = validate({ query: chatQuerySchema });
  router.get('/freight/:id/chat', requireUser, chatPage, async (req, res) => {
    res.json(await getChat(currentActor(req), String(req.params.id), chatPage.input(res).query));
  });

  const chatMessage = validate({ body: chatMessageSchema });
  router.post('/freight/:id/chat/message', requireUser, chatMessage, async (req, res) => {
    const { message, created } = await sendChatMessage(
      currentActor(req),
      String(req.params.id),
      chatMessage.input(res).body,
    );
    res.status(created ? 201 : 200).json(message);
  });

  const chatRead = validate({ body: chatReadSchema });
  router.post('/freight/:id/chat/read', requireUser, chatRead, async (req, res) => {
    const { seq } = chatRead.input(res).body;
    res.json(await markChatRead(currentActor(req), String(req.params.id), seq));
  });

  return router;
}
