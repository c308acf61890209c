import { PHOTO_TYPES, photoUploadSchema } from '@freight/shared';
import { z } from 'zod';
import { Router } from 'express';
import { currentActor, requireUser } from '../../../http/auth';
import { sendFile } from '../../../http/sendFile';
import { pageQuerySchema, validate } from '../../../http/validate';
import { rateLimited } from '../../../infra/rateLimit';
import { singleFileUpload } from '../../../infra/storage';
import { storageQuotaGuard } from '../../storageQuota';
import { loadForParticipant } from '../access/service';
import { listPhotos, openPhoto, uploadPhoto } from './service';

/** A load's photos: the list, uploads by its participants, and each file. */
export function photoRoutes(): Router {
  const router = Router();
  const paged = validate({
    query: pageQuerySchema.extend({
      photoType: z.enum(PHOTO_TYPES, { error: `Choose one of ${PHOTO_TYPES.join(', ')}` }).optional(),
    }),
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
    await sendFile(res, photo, { cacheControl: 'private, max-age=3600' });
  });
  return router;
}
