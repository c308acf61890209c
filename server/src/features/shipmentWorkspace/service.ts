import {
  SHIPMENT_CHAT_NOT_AVAILABLE_MESSAGE,
  SHIPMENT_NOT_FOUND_MESSAGE,
  SHIPMENT_REPORT_KINDS,
  SHIPMENT_REPORT_LABELS,
  SHIPMENT_REPORT_MOVES,
  type CarriedShipmentDto,
  type Page,
  type ShipmentContactDto,
  type ShipmentMessageDto,
  type ShipmentMessagesPageDto,
  type ShipmentPhotoDto,
  type ShipmentReportDto,
  type ShipmentReportInput,
  type ShipmentWorkspaceDto,
  type SmallShipmentDto,
  type shipmentMessageSchema,
  type shipmentMessagesQuerySchema,
  type shipmentPhotoSchema,
} from '@freight/shared';
import { Types } from 'mongoose';
import type { z } from 'zod';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { paginate } from '../../http/paginate';
import type { PageQuery } from '../../http/validate';
import { withAggregate } from '../../infra/concurrency';
import { NOTHING_WRITTEN, recordFact } from '../../events/record';
import { nextInSequence } from '../../infra/counters';
import { consumeRateLimit } from '../../infra/rateLimit';
import {
  cleanImage,
  fileStore,
  openStoredPhoto,
  isImage,
  sniffFile,
  storedFileName,
  type UploadedFile,
} from '../../infra/storage';
import { authorize, can, type Actor } from '../../policies';
import { assertStorageLeft } from '../storageQuota';
import {
  ShipmentOfferModel,
  SmallShipmentModel,
  toShipmentOfferDto,
  toSmallShipmentDto,
  type ShipmentOffer,
  type SmallShipment,
} from '../smallShipments/model';
import { UserModel, displayName } from '../users/model';
import {
  SHIPMENT_PHOTO_URL_PATTERN,
  ShipmentMessageModel,
  ShipmentPhotoModel,
  ShipmentReportModel,
  toShipmentMessageDto,
  toShipmentPhotoDto,
  toShipmentReportDto,
  type ShipmentMessage,
  type ShipmentPhoto,
  type ShipmentReport,
} from './model';
import { emptyPage, mine } from '../companies/mine';
import type { FileDownload } from '../../http/sendFile';

const READ_ONLY_MESSAGE = "Only the shipment's customer and driver can post here; admins can read.";

/** A shipment with its parties: the customer (shipperId) and, once matched, the driver of the accepted offer. */
export interface WorkspaceShipment {
  shipment: SmallShipment;
  offer: ShipmentOffer | null;
  shipperId: string;
  driverId: string | null;
}

async function partiesOf(shipment: SmallShipment): Promise<WorkspaceShipment> {
  const offer = shipment.matchedOfferId
    ? await ShipmentOfferModel.findById(shipment.matchedOfferId).lean<ShipmentOffer>()
    : null;
  return {
    shipment,
    offer,
    shipperId: String(shipment.shipperId),
    driverId: offer ? String(offer.driverId) : null,
  };
}

/** The shipment, if the actor may see its workspace; anyone else is told it does not exist (404). */
export async function shipmentForParticipant(actor: Actor, shipmentId: string): Promise<WorkspaceShipment> {
  if (!Types.ObjectId.isValid(shipmentId)) throw notFound(SHIPMENT_NOT_FOUND_MESSAGE);
  const shipment = await SmallShipmentModel.findById(shipmentId).lean<SmallShipment>();
  if (!shipment) throw notFound(SHIPMENT_NOT_FOUND_MESSAGE);
  const parties = await partiesOf(shipment);
  authorize(actor, 'shipmentWorkspace:view', parties, { hide: true, message: SHIPMENT_NOT_FOUND_MESSAGE });
  return parties;
}

/** A write (chat, photo) needs one of the two sides and a matched driver. */
function assertMayWrite(actor: Actor, ws: WorkspaceShipment): void {
  authorize(actor, 'shipmentWorkspace:write', ws, { message: READ_ONLY_MESSAGE });
  if (!ws.driverId) throw conflict(SHIPMENT_CHAT_NOT_AVAILABLE_MESSAGE);
}

type ContactSource = {
  _id: Types.ObjectId;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber?: string | null;
};

async function contactOf(userId: string): Promise<ShipmentContactDto | null> {
  const u = await UserModel.findById(userId, {
    firstName: 1,
    lastName: 1,
    email: 1,
    phoneNumber: 1,
  }).lean<ContactSource>();
  if (!u) return null;
  return { userId, name: displayName(u), phone: u.phoneNumber ?? null, email: u.email };
}

async function reportsOf(shipmentId: Types.ObjectId): Promise<ShipmentReportDto[]> {
  const found = await ShipmentReportModel.find({ shipmentId }).lean<ShipmentReport[]>();
  const order = (r: ShipmentReport) => SHIPMENT_REPORT_KINDS.indexOf(r.kind as ShipmentReportDto['kind']);
  return found.sort((a, b) => order(a) - order(b)).map(toShipmentReportDto);
}

/**
 * GET /api/small-shipments/:id/workspace: the shipment with its addresses (the viewer is its customer, its matched
 * driver or an admin), each side's contact once matched, and the driver's reports.
 */
export async function getWorkspace(actor: Actor, shipmentId: string): Promise<ShipmentWorkspaceDto> {
  const ws = await shipmentForParticipant(actor, shipmentId);
  const [customer, driver, reports] = await Promise.all([
    contactOf(ws.shipperId),
    ws.driverId ? contactOf(ws.driverId) : null,
    reportsOf(ws.shipment._id),
  ]);
  const role =
    actor.id === ws.shipperId ? 'customer' : actor.id === ws.driverId ? 'driver' : ('admin' as const);
  return {
    id: String(ws.shipment._id),
    shipment: toSmallShipmentDto(ws.shipment),
    offer: ws.offer ? toShipmentOfferDto(ws.offer) : null,
    customer: customer ?? { userId: ws.shipperId, name: '', phone: null, email: '' },
    driver,
    role,
    reports,
  };
}

/**
 * GET /api/small-shipments/carrying: the driver's matched shipments (their accepted offers), newest first, with
 * the addresses (the driver is the matched one).
 */
export async function listCarriedShipments(
  actor: Actor,
  { page, pageSize }: PageQuery,
): Promise<Page<CarriedShipmentDto>> {
  if (!can(actor, 'shipmentWorkspace:list')) return emptyPage({ page, pageSize });
  const found = await paginate<ShipmentOffer>(
    ShipmentOfferModel,
    { ...mine(actor, 'driverId', 'driverCompanyId'), status: 'accepted' },
    { createdAt: -1, _id: -1 },
    { page, pageSize },
  );
  // One `_id` read per shipment of the page (FerretDB pushes `_id` equality down; `$in` it does not).
  const shipments = await Promise.all(
    found.items.map((o) => SmallShipmentModel.findById(o.shipmentId).lean<SmallShipment>()),
  );
  const items: CarriedShipmentDto[] = [];
  found.items.forEach((o, i) => {
    const s = shipments[i];
    if (s && String(s.matchedOfferId) === String(o._id))
      items.push({ ...toSmallShipmentDto(s), offer: toShipmentOfferDto(o) });
  });
  return { ...found, items };
}

// ---------------------------------------------------------------------------------------------------------------
// Status reports

/**
 * POST /api/small-shipments/:id/reports: the matched driver reports Picked up, then Delivered, each once. Under the
 * shipment's lease, so of two reports at once one wins and the other is told it was already reported; the report's
 * unique index is the second guard, and the status moves by a conditional write. A repeat after a crash between
 * the report and the move finishes the move. `smallShipment.reported` is recorded as the move's last step (its
 * projectors push it to the workspace and both sides' lists and notify the customer).
 */
export async function reportShipment(
  actor: Actor,
  shipmentId: string,
  { kind }: ShipmentReportInput,
): Promise<{ report: ShipmentReportDto; shipment: SmallShipmentDto }> {
  const first = await shipmentForParticipant(actor, shipmentId);
  authorize(actor, 'shipmentWorkspace:report', first, {
    message: 'Only the matched driver can report the shipment’s progress',
  });
  const label = SHIPMENT_REPORT_LABELS[kind];
  const { from, to } = SHIPMENT_REPORT_MOVES[kind];
  return withAggregate('shipment', shipmentId, async () => {
    const ws = await shipmentForParticipant(actor, shipmentId);
    authorize(actor, 'shipmentWorkspace:report', ws, {
      message: 'Only the matched driver can report the shipment’s progress',
    });
    const status = ws.shipment.status;
    if (status !== from) {
      const reported = await ShipmentReportModel.exists({ shipmentId: ws.shipment._id, kind });
      if (reported) throw conflict(`${label} was already reported`);
      const needed = SHIPMENT_REPORT_KINDS[SHIPMENT_REPORT_KINDS.indexOf(kind) - 1];
      if (needed) throw conflict(`Report ${SHIPMENT_REPORT_LABELS[needed].toLowerCase()} first`);
      throw conflict(`${label} can be reported only while the shipment is ${from.replace('_', ' ')}`);
    }
    // A report stored by a flow that stopped before moving the status: this one finishes it.
    const stored = await ShipmentReportModel.findOne({
      shipmentId: ws.shipment._id,
      kind,
    }).lean<ShipmentReport>();
    const report: ShipmentReport = stored ?? {
      _id: new Types.ObjectId(),
      shipmentId: ws.shipment._id,
      kind,
      userId: new Types.ObjectId(actor.id),
      at: new Date(),
    };
    const change = { status: to, updatedAt: new Date() };
    const moved = { ...ws.shipment, ...change } as SmallShipment;
    const shipment = toSmallShipmentDto(moved);
    const written = await recordFact(
      { kind: 'shipment', id: shipmentId },
      {
        name: 'smallShipment.reported',
        key: `${shipment.id}-${kind}`,
        by: actor,
        subjects: {
          shipmentId: shipment.id,
          reportId: String(report._id),
          driverId: ws.driverId!,
          shipperId: ws.shipperId,
        },
        data: { report: toShipmentReportDto(report), shipment },
        proof: {
          collection: SmallShipmentModel.collection.collectionName,
          filter: { _id: ws.shipment._id, status: to },
        },
      },
      async () => {
        if (!stored)
          await ShipmentReportModel.create(report).catch((err: unknown) => {
            if ((err as { code?: number }).code !== 11000) throw err; // stored already: the move finishes it
          });
        return (
          (await SmallShipmentModel.findOneAndUpdate(
            { _id: ws.shipment._id, status: from },
            { $set: change },
            { new: true, timestamps: false },
          ).lean<SmallShipment>()) ?? NOTHING_WRITTEN
        );
      },
    );
    if (written === NOTHING_WRITTEN) throw conflict(`${label} was already reported`);
    return { report: toShipmentReportDto(report), shipment };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Chat

/**
 * GET /api/small-shipments/:id/messages. Without a cursor: the newest page; `before=<seq>`: older; `after=<seq>`:
 * what came after (catching up), oldest first. Messages are oldest → newest.
 */
export async function getMessages(
  actor: Actor,
  shipmentId: string,
  q: z.output<typeof shipmentMessagesQuerySchema>,
): Promise<ShipmentMessagesPageDto> {
  const ws = await shipmentForParticipant(actor, shipmentId);
  if (!ws.driverId) throw conflict(SHIPMENT_CHAT_NOT_AVAILABLE_MESSAGE);
  const id = ws.shipment._id;
  let messages: ShipmentMessage[];
  if (q.after !== undefined) {
    messages = await ShipmentMessageModel.find({ shipmentId: id, seq: { $gt: q.after } })
      .sort({ seq: 1 })
      .limit(q.pageSize + 1)
      .lean<ShipmentMessage[]>();
  } else {
    const filter = q.before !== undefined ? { shipmentId: id, seq: { $lt: q.before } } : { shipmentId: id };
    messages = (
      await ShipmentMessageModel.find(filter)
        .sort({ seq: -1 })
        .limit(q.pageSize + 1)
        .lean<ShipmentMessage[]>()
    ).reverse();
  }
  const hasMore = messages.length > q.pageSize;
  const page = q.after !== undefined ? messages.slice(0, q.pageSize) : messages.slice(-q.pageSize);
  return { messages: page.map(toShipmentMessageDto), hasMore };
}

/** An image message shows a photo uploaded to this shipment (served to its parties only), nothing else. */
async function assertOwnPhotoUrl(shipmentId: Types.ObjectId, imageUrl: string): Promise<void> {
  const m = SHIPMENT_PHOTO_URL_PATTERN.exec(imageUrl);
  const ok =
    m !== null &&
    m[1] === String(shipmentId) &&
    (await ShipmentPhotoModel.exists({ _id: m[2], shipmentId })) !== null;
  if (!ok) throw badRequest('imageUrl: Upload the image to this shipment first');
}

async function nameOf(userId: string): Promise<string> {
  const u = await UserModel.findById(userId, { firstName: 1, lastName: 1, email: 1 }).lean<ContactSource>();
  return u ? displayName(u) : '';
}

/**
 * POST /api/small-shipments/:id/messages: the customer or the matched driver writes. A retried send (same
 * clientMessageId from the same user) answers the message stored the first time and stores nothing.
 */
export async function sendMessage(
  actor: Actor,
  shipmentId: string,
  input: z.output<typeof shipmentMessageSchema>,
): Promise<{ message: ShipmentMessageDto; created: boolean }> {
  const ws = await shipmentForParticipant(actor, shipmentId);
  assertMayWrite(actor, ws);
  await consumeRateLimit('chat', actor.id);
  const id = ws.shipment._id;
  if (input.messageType === 'image') await assertOwnPhotoUrl(id, input.imageUrl!);
  const userName = await nameOf(actor.id);
  const clientMessageId = input.clientMessageId ?? new Types.ObjectId().toHexString();
  const lastStoredSeq = async () =>
    (
      await ShipmentMessageModel.findOne({ shipmentId: id }, { seq: 1 })
        .sort({ seq: -1 })
        .lean<{ seq: number }>()
    )?.seq ?? 0;
  // Numbered and stored under the shipment's lease, its fact recorded as the insert's last step: the log holds a
  // shipment's messages in the order of their numbers.
  const post = () =>
    withAggregate('shipment', shipmentId, async () => {
      // The next number from a Redis counter (atomic across processes); the unique index on (shipment, seq) is the
      // backstop: a clash takes the next number.
      const seq = await nextInSequence(`shipment-chat:${String(id)}`, lastStoredSeq);
      // Made in memory first (its id and time), so the fact states exactly what the insert writes.
      const draft = new ShipmentMessageModel({
        shipmentId: id,
        seq,
        userId: new Types.ObjectId(actor.id),
        userName,
        message: input.message,
        messageType: input.messageType,
        imageUrl: input.messageType === 'image' ? input.imageUrl : null,
        clientMessageId,
        createdAt: new Date(),
      });
      const message = toShipmentMessageDto(draft.toObject() as ShipmentMessage);
      await recordFact(
        { kind: 'shipment', id: shipmentId },
        {
          name: 'smallShipment.messagePosted',
          key: message.id,
          by: actor,
          subjects: { shipmentId: message.shipmentId, messageId: message.id, userId: actor.id },
          data: { message },
          proof: { collection: ShipmentMessageModel.collection.collectionName, filter: { _id: draft._id } },
        },
        () => draft.save({ timestamps: false }),
      );
      return message;
    });
  for (let attempt = 0; ; attempt++) {
    try {
      return { message: await post(), created: true };
    } catch (err) {
      if ((err as { code?: number }).code !== 11000 || attempt >= 20) throw err;
      const twin = await ShipmentMessageModel.findOne({
        shipmentId: id,
        userId: new Types.ObjectId(actor.id),
        clientMessageId,
      }).lean<ShipmentMessage>();
      if (twin) return { message: toShipmentMessageDto(twin), created: false };
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Photos

export async function listPhotos(
  actor: Actor,
  shipmentId: string,
  q: PageQuery,
): Promise<Page<ShipmentPhotoDto>> {
  const ws = await shipmentForParticipant(actor, shipmentId);
  const found = await paginate<ShipmentPhoto>(
    ShipmentPhotoModel,
    { shipmentId: ws.shipment._id },
    { createdAt: -1, _id: -1 },
    q,
  );
  return { ...found, items: found.items.map(toShipmentPhotoDto) };
}

/** POST /api/small-shipments/:id/photos: an image (judged by its first bytes), encrypted into the file store. */
export async function uploadPhoto(
  actor: Actor,
  shipmentId: string,
  file: UploadedFile | undefined,
  input: z.output<typeof shipmentPhotoSchema>,
): Promise<ShipmentPhotoDto> {
  const ws = await shipmentForParticipant(actor, shipmentId);
  assertMayWrite(actor, ws);
  if (!file || file.size === 0) throw badRequest('photo: Please select a photo');
  const type = await sniffFile(file.path);
  if (!type || !isImage(type))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Photo files must be images (JPEG or PNG)');
  await cleanImage(file, type, 'photo');
  await assertStorageLeft(actor.id, file.size);
  const userName = await nameOf(actor.id);
  const storageKey = await fileStore().saveFile(file.path);
  let photo: ShipmentPhotoDto;
  try {
    // Under the uploader's lease: the storage quota holds against their other uploads in flight.
    photo = await withAggregate('user', actor.id, async () => {
      await assertStorageLeft(actor.id, file.size);
      // Made in memory first (its id and time), so the fact states exactly what the insert writes.
      const draft = new ShipmentPhotoModel({
        shipmentId: ws.shipment._id,
        userId: new Types.ObjectId(actor.id),
        userName,
        description: input.description,
        storageKey,
        mimeType: type.mime,
        fileSize: file.size,
        fileName: storedFileName(file.originalname ?? '', type, 'photo'),
        createdAt: new Date(),
      });
      const dto = toShipmentPhotoDto(draft.toObject() as ShipmentPhoto);
      await recordFact(
        { kind: 'user', id: actor.id },
        {
          name: 'smallShipment.photoAdded',
          key: dto.id,
          by: actor,
          subjects: { shipmentId: dto.shipmentId, photoId: dto.id, userId: actor.id },
          data: { photo: dto },
          proof: { collection: ShipmentPhotoModel.collection.collectionName, filter: { _id: draft._id } },
        },
        () => draft.save({ timestamps: false }),
      );
      return dto;
    });
  } catch (err) {
    await fileStore()
      .remove(storageKey)
      .catch(() => undefined);
    throw err;
  }
  return photo;
}

/** The decrypted bytes of a photo, to the workspace's viewers only. */
export async function openPhoto(actor: Actor, shipmentId: string, photoId: string): Promise<FileDownload> {
  const ws = await shipmentForParticipant(actor, shipmentId);
  if (!Types.ObjectId.isValid(photoId)) throw notFound('Photo not found');
  const photo = await ShipmentPhotoModel.findOne({
    _id: photoId,
    shipmentId: ws.shipment._id,
  }).lean<ShipmentPhoto>();
  if (!photo) throw notFound('Photo not found');
  return openStoredPhoto(photo);
}

/** May this actor join the shipment's room (its workspace's viewers)? */
export async function assertMayJoin(actor: Actor, shipmentId: string): Promise<void> {
  await shipmentForParticipant(actor, shipmentId);
}
