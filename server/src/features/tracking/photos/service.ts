import { type photoUploadSchema, type FreightPhotoDto, type Page, type PhotoType } from '@freight/shared';
import type { z } from 'zod';
import { Types } from 'mongoose';
import { AppError, badRequest, notFound } from '../../../http/errors';
import { paginate } from '../../../http/paginate';
import type { PageQuery } from '../../../http/validate';
import { NOTHING_WRITTEN, recordFact, type Fact } from '../../../events/record';
import {
  cleanImage,
  fileStore,
  openStoredPhoto,
  isImage,
  sniffFile,
  storedFileName,
  type UploadedFile,
} from '../../../infra/storage';
import { assertStorageLeft } from '../../storageQuota';
import { authorize, type Actor } from '../../../policies';
import { roundCoord } from '../../freight/model';
import { FreightPhotoModel, toFreightPhotoDto, type FreightPhoto } from '../model';
import { READ_ONLY_MESSAGE, loadForParticipant, userSummaries } from '../access/service';
import type { FileDownload } from '../../../http/sendFile';

/** POST /api/freight/:id/photos: an image (judged by its first bytes), encrypted into the file store. */
export async function uploadPhoto(
  actor: Actor,
  freightId: string,
  file: UploadedFile | undefined,
  input: z.output<typeof photoUploadSchema>,
): Promise<FreightPhotoDto> {
  const load = await loadForParticipant(actor, freightId);
  // A lumper receipt is also the billing side's to add: its accounting attaches it to the invoice (issue 40).
  const rule = input.photoType === 'lumper_receipt' ? 'tracking:addLumperReceipt' : 'tracking:write';
  authorize(actor, rule, load, { message: READ_ONLY_MESSAGE });
  if (!file || file.size === 0) throw badRequest('photo: Please select a photo');
  if ((input.latitude === undefined) !== (input.longitude === undefined)) {
    throw badRequest('latitude: Send both latitude and longitude, or neither');
  }
  const type = await sniffFile(file.path);
  if (!type || !isImage(type))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Photo files must be images (JPEG or PNG)');
  await cleanImage(file, type, 'photo');
  await assertStorageLeft(actor.id, file.size); // early answer; checked again under the lease

  const users = await userSummaries([actor.id]);
  // A photo taken offline and sent again after a flaky reconnect (issue 29): the first one stored answers.
  const clientId = input.clientId ?? null;
  const storedBefore = async () => {
    if (!clientId) return null;
    const known = await FreightPhotoModel.findOne({
      freightListingId: load._id,
      clientId,
    }).lean<FreightPhoto>();
    return known && toFreightPhotoDto(known, users.get(String(known.userId)));
  };
  const repeated = await storedBefore();
  if (repeated) return repeated;
  const now = Date.now();
  const takenAt = input.capturedAt ? new Date(Math.min(Date.parse(input.capturedAt), now)) : new Date(now);
  const storageKey = await fileStore().saveFile(file.path);
  const doc = new FreightPhotoModel({
    freightListingId: load._id,
    userId: actor.id,
    photoType: input.photoType,
    description: input.description,
    latitude: input.latitude === undefined ? null : roundCoord(input.latitude),
    longitude: input.longitude === undefined ? null : roundCoord(input.longitude),
    storageKey,
    mimeType: type.mime,
    fileSize: file.size,
    fileName: storedFileName(file.originalname ?? '', type, 'photo'),
    clientId,
    createdAt: takenAt,
  });
  const dto = toFreightPhotoDto(doc.toObject() as FreightPhoto, users.get(actor.id));
  const removeBytes = () =>
    fileStore()
      .remove(storageKey)
      .catch(() => undefined);
  let written;
  try {
    // Under the uploader's lease: the storage quota holds against their other uploads in flight, and a repeated
    // send of the same client id against the first.
    written = await recordFact({ kind: 'user', id: actor.id }, photoFact(actor, dto), async () => {
      if (clientId && (await storedBefore())) return NOTHING_WRITTEN;
      await assertStorageLeft(actor.id, file.size);
      await doc.save();
    });
  } catch (err) {
    await removeBytes(); // nothing half-done
    throw err;
  }
  if (written === NOTHING_WRITTEN) {
    await removeBytes();
    return (await storedBefore()) ?? dto;
  }
  return dto;
}

/** A photo added to a load (its own id keys it; the stored photo proves it). */
function photoFact(actor: Actor, photo: FreightPhotoDto): Fact<'photo.added'> {
  return {
    name: 'photo.added',
    key: photo.id,
    by: actor,
    loadId: photo.freightListingId,
    subjects: { photoId: photo.id },
    data: { photo },
    proof: {
      collection: FreightPhotoModel.collection.collectionName,
      filter: { _id: new Types.ObjectId(photo.id) },
    },
  };
}

export async function listPhotos(
  actor: Actor,
  freightId: string,
  { page, pageSize, photoType }: PageQuery & { photoType?: PhotoType },
): Promise<Page<FreightPhotoDto>> {
  const load = await loadForParticipant(actor, freightId);
  const found = await paginate<FreightPhoto>(
    FreightPhotoModel,
    { freightListingId: load._id, ...(photoType && { photoType }) },
    { createdAt: -1, _id: -1 },
    { page, pageSize },
  );
  const users = await userSummaries(found.items.map((p) => p.userId));
  return { ...found, items: found.items.map((p) => toFreightPhotoDto(p, users.get(String(p.userId)))) };
}

/** The decrypted bytes of a photo, to participants only. */
export async function openPhoto(actor: Actor, freightId: string, photoId: string): Promise<FileDownload> {
  const load = await loadForParticipant(actor, freightId);
  if (!Types.ObjectId.isValid(photoId)) throw notFound('Photo not found');
  const photo = await FreightPhotoModel.findOne({
    _id: photoId,
    freightListingId: load._id,
  }).lean<FreightPhoto>();
  if (!photo) throw notFound('Photo not found');
  return openStoredPhoto(photo);
}
