import {
  shipmentMessageSchema,
  shipmentMessagesQuerySchema,
  shipmentPhotoSchema,
  shipmentReportSchema,
} from '@freight/shared';
import { Router } from 'express';
import { currentActor, requireUser } from '../../http/auth';
import { pageQuerySchema, validate } from '../../http/validate';
import { rateLimited } from '../../infra/rateLimit';
import { singleFileUpload } from '../../infra/storage';
import type { Runtime } from '../../runtimeTypes';
import { sendFile } from '../../http/sendFile';
import { storageQuotaGuard } from '../storageQuota';
import {
  getMessages,
  getWorkspace,
  listCarriedShipments,
  listPhotos,
  openPhoto,
  reportShipment,
  sendMessage,
  shipmentForParticipant,
  uploadPhoto,
} from './service';

/** A matched small shipment's workspace (issue 23): its customer, its matched driver, admins reading. */
export function createShipmentWorkspaceRouter(_rt: Runtime): Router {
  const router = Router();
  const paged = validate({ query: pageQuerySchema });

  /** The driver's matched shipments (My Routes). */
  router.get('/small-shipments/carrying', requireUser, paged, async (req, res) => {
    res.json(await listCarriedShipments(currentActor(req), paged.input(res).query));
  });

  router.get('/small-shipments/:id/workspace', requireUser, async (req, res) => {
    res.json(await getWorkspace(currentActor(req), String(req.params.id)));
  });

  const report = validate({ body: shipmentReportSchema });
  router.post('/small-shipments/:id/reports', requireUser, report, async (req, res) => {
    res
      .status(201)
      .json(await reportShipment(currentActor(req), String(req.params.id), report.input(res).body));
  });

  const messages = validate({ query: shipmentMessagesQuerySchema });
  router.get('/small-shipments/:id/messages', requireUser, messages, async (req, res) => {
    res.json(await getMessages(currentActor(req), String(req.params.id), messages.input(res).query));
  });

  const message = validate({ body: shipmentMessageSchema });
  router.post('/small-shipments/:id/messages', requireUser, message, async (req, res) => {
    const sent = await sendMessage(currentActor(req), String(req.params.id), message.input(res).body);
    res.status(sent.created ? 201 : 200).json(sent.message);
  });

  router.get('/small-shipments/:id/photos', requireUser, paged, async (req, res) => {
    res.json(await listPhotos(currentActor(req), String(req.params.id), paged.input(res).query));
  });

  const photo = validate({ body: shipmentPhotoSchema });
  router.post(
    '/small-shipments/:id/photos',
    requireUser,
    // Refuse strangers, and anyone over the upload rate or storage quota, before reading their upload.
    async (req, _res, next) => {
      await shipmentForParticipant(currentActor(req), String(req.params.id));
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

  router.get('/small-shipments/:id/photos/:photoId/file', requireUser, async (req, res) => {
    const file = await openPhoto(currentActor(req), String(req.params.id), String(req.params.photoId));
    await sendFile(res, file, { cacheControl: 'private, max-age=3600' });
  });

  return router;
}
