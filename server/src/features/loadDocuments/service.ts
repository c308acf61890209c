import {
  accessorialTermsOf,
  DELIVERY_EXCEPTION_LABELS,
  EQUIPMENT_LABELS,
  type DeliveryExceptionKind,
  LOAD_DOCUMENT_KINDS,
  LOAD_DOCUMENT_TITLES,
  boardEquipment,
  isLoadDocumentDue,
  stopAddress,
  type EquipmentType,
  type LoadDocumentKind,
  type LoadDocumentListDto,
} from '@freight/shared';
import type { Readable } from 'node:stream';
import mongoose, { Types } from 'mongoose';
import { conflict, notFound } from '../../http/errors';
import { findByIds } from '../../http/paginate';
import { withAggregate } from '../../infra/concurrency';
import { fileStore } from '../../infra/storage';
import { authorize, type Actor } from '../../policies';
import { BookingRequestModel } from '../freight/bookingRequests/model';
import { FreightModel, toLoadStopDto, type FreightListing } from '../freight/model';
import { NegotiationModel } from '../freight/negotiations/model';
import { FreightPhotoModel, LoadPositionModel, type FreightPhoto } from '../tracking/model';
import { UserModel } from '../users/model';
import { NOTHING_WRITTEN, recordFact as recordFactUnder, type Fact } from '../../events/record';
import {
  LoadDocumentModel,
  loadDocumentFileName,
  loadReference,
  toLoadDocumentDto,
  type LoadDocument,
} from './model';
import {
  formatDate,
  renderProofOfDelivery,
  renderRateConfirmation,
  type LoadInfo,
  type PartyInfo,
  type StopInfo,
} from './render';

/** How many delivery photos a proof of delivery embeds (the newest are left out beyond this). */
export const POD_MAX_PHOTOS = 6;

/** Whether the load is due this document now (made then by the worker, or by the first download). */
export const isDue = (load: Pick<FreightListing, 'status' | 'carrierId'>, kind: LoadDocumentKind) =>
  isLoadDocumentDue(load, kind);

const NOT_FOUND = 'Document not found';

const findDocument = (loadId: Types.ObjectId, kind: LoadDocumentKind) =>
  LoadDocumentModel.findOne({ freightListingId: loadId, kind }).lean<LoadDocument>();

/** The load, if the actor (null: signed out) may read its documents; anyone else is told it does not exist. */
async function loadForReader(actor: Actor | null, freightId: string): Promise<FreightListing> {
  if (!Types.ObjectId.isValid(freightId)) throw notFound(NOT_FOUND);
  const load = await FreightModel.findById(freightId).lean<FreightListing>();
  if (!load) throw notFound(NOT_FOUND);
  authorize(actor, 'loadDocument:view', load, { hide: true, message: NOT_FOUND });
  return load;
}

/** The fact of a document made (or made again): its next version is ready to download (issue 26). */
function readyFact(freightId: string, kind: LoadDocumentKind, doc: LoadDocument): Fact<'loadDocument.ready'> {
  return {
    name: 'loadDocument.ready',
    key: `${freightId}-${kind}-v${doc.version ?? 1}`,
    by: 'system',
    loadId: freightId,
    subjects: { documentId: String(doc._id) },
    data: { document: toLoadDocumentDto(freightId, kind, doc) },
    proof: {
      collection: LoadDocumentModel.collection.collectionName,
      filter: { _id: doc._id, version: doc.version ?? 1 },
    },
  };
}

/** Records a document's fact as the last step of its write, under the document's lease. */
const recordFact = <T>(fact: Fact<'loadDocument.ready'>, write: () => Promise<T | typeof NOTHING_WRITTEN>) =>
  recordFactUnder({ kind: 'loadDocument', id: `${fact.loadId}-${fact.data.document.kind}` }, fact, write);

/**
 * The load's document of this kind, made now if the load is due one and it does not exist yet (the worker's job and
 * the download both land here, so a job lost in a crash is healed by the first download). Made once, whoever asks
 * first: read, check and write under the document's lease, the unique index as the second guard. Null when the load
 * is not due this document.
 */
export async function ensureLoadDocument(
  freightId: string,
  kind: LoadDocumentKind,
): Promise<LoadDocument | null> {
  if (!Types.ObjectId.isValid(freightId)) return null;
  const loadId = new Types.ObjectId(freightId);
  const existing = await findDocument(loadId, kind);
  if (existing) return existing;
  const made = await withAggregate('loadDocument', `${freightId}-${kind}`, async () => {
    const again = await findDocument(loadId, kind);
    if (again) return { doc: again, created: false };
    const load = await FreightModel.findById(loadId).lean<FreightListing>();
    if (!load || !isDue(load, kind)) return null;
    const pdf = await renderFor(load, kind, 1);
    const storageKey = await fileStore().save(pdf);
    try {
      const draft = {
        _id: new Types.ObjectId(),
        freightListingId: loadId,
        kind,
        storageKey,
        size: pdf.length,
        rateCents: load.rateCents ?? null,
        version: 1,
        assignedAt: load.assignment?.assignedAt ?? null,
        createdAt: new Date(),
      };
      const doc = await recordFact(readyFact(freightId, kind, draft as unknown as LoadDocument), () =>
        LoadDocumentModel.create(draft),
      );
      return {
        doc: (doc as InstanceType<typeof LoadDocumentModel>).toObject() as LoadDocument,
        created: true,
      };
    } catch (err) {
      await fileStore()
        .remove(storageKey)
        .catch(() => undefined); // nothing half-done
      if ((err as { code?: number }).code === 11000) {
        const winner = await findDocument(loadId, kind);
        if (winner) return { doc: winner, created: false };
      }
      throw err;
    }
  });
  return made?.doc ?? null;
}

/** GET /api/freight/:id/documents: what the load has, and what it is due but still being made (ready: false). */
export async function listLoadDocuments(
  actor: Actor | null,
  freightId: string,
): Promise<LoadDocumentListDto> {
  const load = await loadForReader(actor, freightId);
  const docs = await LoadDocumentModel.find({ freightListingId: load._id }).lean<LoadDocument[]>();
  const byKind = new Map(docs.map((d) => [d.kind as LoadDocumentKind, d]));
  const items = LOAD_DOCUMENT_KINDS.filter((kind) => byKind.has(kind) || isDue(load, kind)).map((kind) =>
    toLoadDocumentDto(freightId, kind, byKind.get(kind) ?? null),
  );
  return { items, total: items.length };
}

/**
 * The decrypted PDF of a load's document, to its participants. One the load is due but does not have yet is made
 * now; one it cannot have in its state (a rate confirmation before booking, a proof of delivery before delivery) is
 * 404, as for anyone who may not see the load.
 */
export async function openLoadDocument(
  actor: Actor | null,
  freightId: string,
  kind: LoadDocumentKind,
): Promise<{ stream: Readable; size: number; fileName: string }> {
  const load = await loadForReader(actor, freightId);
  let doc = (await findDocument(load._id, kind)) ?? (await ensureLoadDocument(freightId, kind));
  if (!doc) throw notFound(`This load has no ${LOAD_DOCUMENT_TITLES[kind].toLowerCase()} yet`);
  let stream: Readable;
  try {
    stream = await fileStore().open(doc.storageKey);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    doc = await remakeLostDocument(freightId, kind, doc);
    stream = await fileStore().open(doc.storageKey);
  }
  return { stream, size: doc.size, fileName: loadDocumentFileName(freightId, kind) };
}

/**
 * A document whose stored file is gone (a disk restored from an older backup) is made again from the load as it is
 * now, as the next version; under its lease, so concurrent downloads make it once.
 */
async function remakeLostDocument(
  freightId: string,
  kind: LoadDocumentKind,
  lost: LoadDocument,
): Promise<LoadDocument> {
  const made = await withAggregate('loadDocument', `${freightId}-${kind}`, async () => {
    const current = await findDocument(lost.freightListingId, kind);
    if (!current) throw notFound(NOT_FOUND);
    if (current.storageKey !== lost.storageKey) return { doc: current, created: false }; // made again meanwhile
    const load = await FreightModel.findById(lost.freightListingId).lean<FreightListing>();
    if (!load) throw notFound(NOT_FOUND);
    const version = (current.version ?? 1) + 1;
    const pdf = await renderFor(load, kind, version);
    const storageKey = await fileStore().save(pdf);
    const change = {
      storageKey,
      size: pdf.length,
      rateCents: load.rateCents ?? null,
      version,
      assignedAt: load.assignment?.assignedAt ?? null,
    };
    const written = await recordFact(
      readyFact(freightId, kind, { ...current, ...change }),
      async () =>
        (await LoadDocumentModel.findOneAndUpdate(
          { _id: current._id, storageKey: current.storageKey },
          { $set: change },
          { new: true },
        ).lean<LoadDocument>()) ?? NOTHING_WRITTEN,
    );
    const updated = written === NOTHING_WRITTEN ? null : written;
    if (!updated) {
      await fileStore()
        .remove(storageKey)
        .catch(() => undefined);
      throw conflict('This document is being made again; try again');
    }
    return { doc: updated, created: true };
  });
  return made.doc;
}

/**
 * The load's truck and driver changed (issue 29): its rate confirmation is made again, as the next version, naming
 * them. Idempotent: a document already made for this assignment (or later) is kept.
 */
export async function reissueRateConfirmation(freightId: string, assignedAt: Date): Promise<void> {
  if (!Types.ObjectId.isValid(freightId)) return;
  const current = await findDocument(new Types.ObjectId(freightId), 'rate_confirmation');
  if (!current) {
    await ensureLoadDocument(freightId, 'rate_confirmation'); // made from the load as it is, assignment included
    return;
  }
  if (current.assignedAt && current.assignedAt.getTime() >= assignedAt.getTime()) return;
  await withAggregate('loadDocument', `${freightId}-rate_confirmation`, async () => {
    const again = await findDocument(current.freightListingId, 'rate_confirmation');
    if (!again || (again.assignedAt && again.assignedAt.getTime() >= assignedAt.getTime())) return;
    await remakeLostDocument(freightId, 'rate_confirmation', again);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// What the PDFs are made from

type PartySource = {
  _id: Types.ObjectId;
  userType?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email: string;
  phoneNumber?: string | null;
  companyName?: string | null;
  mcNumber?: string | null;
  usdotNumber?: string | null;
};

export async function partiesOf(load: FreightListing): Promise<{ shipper: PartyInfo; carrier: PartyInfo }> {
  const users = await findByIds<PartySource>(UserModel, [load.userId, load.carrierId], {
    userType: 1,
    firstName: 1,
    lastName: 1,
    email: 1,
    phoneNumber: 1,
    companyName: 1,
    mcNumber: 1,
    usdotNumber: 1,
  });
  const byId = new Map(users.map((u) => [String(u._id), u]));
  const party = (id: unknown, role: string): PartyInfo => {
    const u = byId.get(String(id));
    return {
      role,
      company: u?.companyName ?? null,
      name: u ? `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() || u.email : 'Unknown user',
      email: u?.email ?? null,
      phone: u?.phoneNumber ?? null,
      mcNumber: u?.mcNumber ?? null,
      usdotNumber: u?.usdotNumber ?? null,
    };
  };
  const poster = byId.get(String(load.userId));
  return {
    shipper: party(load.userId, poster?.userType === 'broker' ? 'Broker' : 'Shipper'),
    carrier: party(load.carrierId, 'Carrier'),
  };
}

const place = (city: string, state: string, zip?: string | null, country?: string | null) =>
  [`${city}, ${state}${zip ? ` ${zip}` : ''}`, country && country !== 'United States' ? country : null]
    .filter(Boolean)
    .join(', ');

function when(date: Date | null | undefined, start?: string | null, end?: string | null): string {
  if (!date) return 'To be arranged';
  const window = start && end ? `, ${start} - ${end}` : start ? `, from ${start}` : end ? `, by ${end}` : '';
  return `${formatDate(date)}${window}`;
}

export function loadInfoOf(load: FreightListing): LoadInfo {
  const equipment = boardEquipment(load.equipmentType);
  const label = EQUIPMENT_LABELS[equipment as EquipmentType] ?? equipment;
  return {
    reference: loadReference(load._id),
    title: load.title,
    origin: place(load.originCity, load.originState, load.originZip, load.originCountry),
    destination: place(
      load.destinationCity,
      load.destinationState,
      load.destinationZip,
      load.destinationCountry,
    ),
    pickup: when(load.pickupDate, load.pickupTimeStart, load.pickupTimeEnd),
    delivery: when(load.deliveryDate, load.deliveryTimeStart, load.deliveryTimeEnd),
    equipment: load.equipmentLength ? `${label}, ${load.equipmentLength} ft` : label,
    weight: load.weight != null ? `${load.weight.toLocaleString('en-US')} lbs` : null,
    commodity: load.commodity ?? load.cargoType ?? null,
    distanceMiles: load.distance ?? null,
    distanceIsEstimate: load.distanceIsEstimate ?? true,
    requirements: [
      load.isHazmat && 'Hazardous materials',
      load.requiresTarps && 'Tarps',
      load.requiresStraps && 'Straps',
      load.requiresLiftgate && 'Liftgate',
      load.isUrgent && 'Urgent',
    ].filter((r): r is string => Boolean(r)),
    specialInstructions: load.specialInstructions ?? null,
  };
}

/** When the booking went through: the approved request's review, or the accepted offer's answer. */
async function bookedAtOf(load: FreightListing): Promise<Date | null> {
  const [request, offer] = await Promise.all([
    BookingRequestModel.findOne({ freightListingId: load._id, status: 'approved' }).lean<{
      reviewedAt?: Date | null;
    }>(),
    NegotiationModel.findOne({ freightListingId: load._id, status: 'accepted' }).lean<{
      respondedAt?: Date | null;
    }>(),
  ]);
  return request?.reviewedAt ?? offer?.respondedAt ?? null;
}

function renderFor(load: FreightListing, kind: LoadDocumentKind, version: number): Promise<Buffer> {
  return kind === 'rate_confirmation'
    ? rateConfirmationPdf(load, version)
    : proofOfDeliveryPdf(load, version);
}

async function rateConfirmationPdf(load: FreightListing, version: number): Promise<Buffer> {
  const issuedAt = new Date();
  return renderRateConfirmation({
    load: loadInfoOf(load),
    issuedAt,
    bookedAt: (await bookedAtOf(load)) ?? issuedAt,
    version,
    ...(await partiesOf(load)),
    rateCents: load.rateCents ?? null,
    rateType: load.rateType ?? 'flat',
    assignment: await assignmentOf(load),
    stops: rateConfirmationStops(load),
    accessorialTerms: accessorialTermsOf(load.accessorialTerms),
  });
}

/**
 * The stops (issue 39), in order: the pickup, the stops in between, then the delivery. The two ends are printed when
 * they have details (their city is in the load's details); a stop in between always is, as it is nowhere else.
 */
export function rateConfirmationStops(load: FreightListing): StopInfo[] {
  const info = loadInfoOf(load);
  const extra = load.extraStops ?? [];
  const count = extra.length + 2;
  const numbered = (n: number, label: string) => (extra.length ? `Stop ${n} of ${count}: ${label}` : label);
  const end = (
    label: string,
    stored: FreightListing['pickupStop'],
    city: string,
    state: string,
    zip: string | null | undefined,
    day: string,
  ): StopInfo[] => {
    const details = toLoadStopDto(stored);
    return details
      ? [{ label, address: stopAddress(details.address, city, state, zip), when: day, details }]
      : [];
  };
  const between = extra.map((stop, i) => ({
    label: numbered(i + 2, stop.kind === 'pickup' ? 'Pickup' : 'Delivery'),
    address: stopAddress(stop.address, stop.city, stop.state, stop.zip),
    when: when(stop.date),
    details: toLoadStopDto(stop)!,
  }));
  return [
    ...end(
      numbered(1, 'Pickup'),
      load.pickupStop,
      load.originCity,
      load.originState,
      load.originZip,
      info.pickup,
    ),
    ...between,
    ...end(
      numbered(count, 'Delivery'),
      load.deliveryStop,
      load.destinationCity,
      load.destinationState,
      load.destinationZip,
      info.delivery,
    ),
  ];
}

/** The truck and driver a rate confirmation names: the unit and plate, the driver's full name. */
async function assignmentOf(load: FreightListing) {
  if (!load.assignment || !load.assignedDriverId) return null;
  const [driver] = await findByIds<PartySource>(UserModel, [load.assignedDriverId], {
    firstName: 1,
    lastName: 1,
    email: 1,
  });
  const truck = await mongoose
    .model('Truck')
    .findById(load.assignedTruckId, { plate: 1, plateState: 1 })
    .lean<{ plate?: string; plateState?: string } | null>();
  const name = driver ? `${driver.firstName ?? ''} ${driver.lastName ?? ''}`.trim() : '';
  return {
    truck: `Unit ${load.assignment.truckUnit}${truck?.plate ? `, plate ${truck.plate} (${truck.plateState})` : ''}`,
    driver: name || load.assignment.driverFirstName,
    driverPhone: load.assignment.driverPhone ?? null,
  };
}

async function proofOfDeliveryPdf(load: FreightListing, version: number): Promise<Buffer> {
  const photos = await FreightPhotoModel.find({ freightListingId: load._id, photoType: 'delivery' })
    .sort({ createdAt: 1 })
    .limit(POD_MAX_PHOTOS)
    .lean<FreightPhoto[]>();
  const position = await LoadPositionModel.findById(load._id).lean<{ lat: number; lng: number; at: Date }>();
  const here =
    position ??
    (load.currentLat != null && load.currentLng != null && load.lastLocationUpdate
      ? { lat: load.currentLat, lng: load.currentLng, at: load.lastLocationUpdate }
      : null);
  return renderProofOfDelivery({
    load: loadInfoOf(load),
    issuedAt: new Date(),
    version,
    ...(await partiesOf(load)),
    deliveredAt: load.deliveredAt ?? load.updatedAt,
    position: here ? { lat: here.lat, lng: here.lng, at: here.at } : null,
    deliveryNote: load.deliveryNote ?? null,
    receipt: load.deliveryProof
      ? {
          receiverName: load.deliveryProof.receiverName,
          signedAt: load.deliveryProof.signedAt,
          exception:
            DELIVERY_EXCEPTION_LABELS[(load.deliveryProof.exception ?? 'none') as DeliveryExceptionKind] ??
            'None',
          exceptionNote: load.deliveryProof.exceptionNote ?? null,
          // A signature the store cannot give back is named without its image rather than failing the document.
          signature: await fileStore()
            .read(load.deliveryProof.signatureKey)
            .catch(() => null),
        }
      : null,
    photos: await Promise.all(
      photos.map(async (p) => ({
        takenAt: p.createdAt,
        description: p.description ?? null,
        latitude: p.latitude ?? null,
        longitude: p.longitude ?? null,
        // A photo the store cannot give back is listed without its image rather than failing the document.
        image: await fileStore()
          .read(p.storageKey)
          .catch(() => null),
      })),
    ),
  });
}
