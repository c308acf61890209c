import {
  daysUntilExpiry,
  isExpiredOn,
  parseCalendarDate,
  type CdlClass,
  type DocumentDto,
  type DriverComplianceDto,
  type DriverDocumentStateDto,
  type DriverDto,
  type DriverPageDto,
  type driverCdlInputSchema,
  type driverMedicalCardInputSchema,
} from '@freight/shared';
import { Types } from 'mongoose';
import type { z } from 'zod';
import { badRequest, notFound } from '../../http/errors';
import { findByIds, paginate } from '../../http/paginate';
import type { PageQuery } from '../../http/validate';
import type { UploadedFile } from '../../infra/storage';
import { authorize, type Actor } from '../../policies';
import { fleetCompanyOf, viewerFleetActions } from '../../policies/fleet';
import { DocumentModel, type ComplianceDocument } from '../documents/model';
import { storeDriverDocument } from '../documents/service';
import { FreightModel } from '../freight/model';
import { UserModel, type User } from '../users/model';
import { ACTIVE_LOAD_STATUSES } from './trucks.service';
import { DriverProfileModel, type DriverProfile } from './model';

const DRIVER_NOT_FOUND = 'Driver not found';
const day = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : null);

type DriverUser = Pick<
  User,
  'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'companyId' | 'companyRole'
> & {
  _id: Types.ObjectId;
};
const DRIVER_FIELDS = { firstName: 1, lastName: 1, email: 1, phoneNumber: 1, companyId: 1, companyRole: 1 };

function documentState(doc: ComplianceDocument | undefined): DriverDocumentStateDto | null {
  if (!doc) return null;
  return {
    id: String(doc._id),
    status: doc.status as DriverDocumentStateDto['status'],
    expiresOn: day(doc.expirationDate),
    rejectionReason: doc.rejectionReason ?? null,
  };
}

/**
 * Why a document keeps its driver off loads, or null when it does not. Only an approved document that has not
 * expired counts: one still in review, rejected or expired (or past its date before the daily job marks it) does not.
 */
function documentProblem(label: string, doc: ComplianceDocument | undefined, now: Date): string | null {
  if (!doc) return `No ${label} on file`;
  if (doc.status === 'expired' || isExpiredOn(doc.expirationDate, now))
    return `${label} expired on ${day(doc.expirationDate)}`;
  if (doc.status === 'pending') return `${label} awaiting review`;
  if (doc.status === 'rejected')
    return `${label} rejected${doc.rejectionReason ? `: ${doc.rejectionReason}` : ''}`;
  return null;
}

interface DriverFacts {
  user: DriverUser;
  profile: DriverProfile | null;
  cdl: ComplianceDocument | undefined;
  medicalCard: ComplianceDocument | undefined;
  currentLoadId: string | null;
}

/** Why the driver can't be assigned now ("CDL expired on 2026-10-01; Medical card awaiting review"), or null. */
export function unassignableReason(facts: Pick<DriverFacts, 'cdl' | 'medicalCard'>, now = new Date()) {
  const problems = [
    documentProblem('CDL', facts.cdl, now),
    documentProblem('Medical card', facts.medicalCard, now),
  ].filter(Boolean);
  return problems.length ? problems.join('; ') : null;
}

export function toDriverDto(
  facts: DriverFacts,
  now = new Date(),
): DriverDto & { compliance: DriverComplianceDto } {
  const { user, profile, cdl, medicalCard } = facts;
  const reason = unassignableReason(facts, now);
  return {
    id: String(user._id),
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email,
    phone: user.phoneNumber ?? null,
    cdl:
      profile?.cdlNumber && cdl
        ? {
            number: profile.cdlNumber,
            state: profile.cdlState ?? '',
            class: (profile.cdlClass ?? 'A') as CdlClass,
            expiresOn: day(cdl.expirationDate)!,
          }
        : null,
    medicalCardExpiresOn: day(medicalCard?.expirationDate),
    assignable: reason === null,
    unassignableReason: reason,
    currentLoadId: facts.currentLoadId,
    compliance: { cdl: documentState(cdl), medicalCard: documentState(medicalCard) },
  };
}

/** Everything about these drivers that the fleet shows: profiles, current documents, current loads. */
async function factsOf(users: DriverUser[]): Promise<DriverFacts[]> {
  const ids = users.map((u) => u._id);
  const profiles = ids.length
    ? await DriverProfileModel.find({ _id: { $in: ids } }).lean<DriverProfile[]>()
    : [];
  const byUser = new Map(profiles.map((p) => [String(p._id), p]));
  const docIds = profiles.flatMap((p) => [p.cdlDocumentId, p.medicalCardDocumentId]).filter(Boolean);
  const docs = await findByIds<ComplianceDocument>(DocumentModel, docIds);
  const docById = new Map(docs.map((d) => [String(d._id), d]));
  const loads = await Promise.all(
    ids.map((id) =>
      FreightModel.findOne(
        { assignedDriverId: id, status: { $in: [...ACTIVE_LOAD_STATUSES] } },
        { _id: 1 },
      ).lean(),
    ),
  );
  return users.map((user, i) => {
    const profile = byUser.get(String(user._id)) ?? null;
    return {
      user,
      profile,
      cdl: profile?.cdlDocumentId ? docById.get(String(profile.cdlDocumentId)) : undefined,
      medicalCard: profile?.medicalCardDocumentId
        ? docById.get(String(profile.medicalCardDocumentId))
        : undefined,
      currentLoadId: loads[i] ? String(loads[i]!._id) : null,
    };
  });
}

/** GET /api/fleet/drivers: the company's members with the driver role, with their compliance. */
export async function listDrivers(actor: Actor, { page, pageSize }: PageQuery): Promise<DriverPageDto> {
  authorize(actor, 'fleet:read', undefined, { message: 'Drivers are kept by carrier companies' });
  const found = await paginate<DriverUser>(
    UserModel,
    { companyId: new Types.ObjectId(fleetCompanyOf(actor)), companyRole: 'driver' },
    { firstName: 1, _id: 1 },
    { page, pageSize },
  );
  const facts = await factsOf(found.items.map((u) => ({ ...u })));
  return { ...found, items: facts.map((f) => toDriverDto(f)), viewerActions: viewerFleetActions(actor) };
}

/** One driver of the actor's company (anyone else: 404), as the assignment reads them. */
export async function driverOfCompany(actor: Actor, driverId: string) {
  const user = Types.ObjectId.isValid(driverId)
    ? await UserModel.findById(driverId, DRIVER_FIELDS).lean<DriverUser>()
    : null;
  if (!user || user.companyRole !== 'driver' || String(user.companyId) !== fleetCompanyOf(actor))
    throw notFound(DRIVER_NOT_FOUND);
  const [facts] = await factsOf([user]);
  return facts!;
}

/** GET /api/fleet/drivers/me: the signed-in driver's own compliance. */
export async function myDriverProfile(actor: Actor) {
  authorize(actor, 'driver:keepCompliance', undefined, {
    message: 'Only drivers keep a CDL and medical card here',
  });
  return toDriverDto((await driverOfCompany(actor, actor.id)) as DriverFacts);
}

function expiryOf(value: string, label: string): Date {
  const date = parseCalendarDate(value);
  if (!date) throw badRequest(`${label}: use a date (YYYY-MM-DD)`);
  if (daysUntilExpiry(date, new Date()) < 0)
    throw badRequest(`${label}: this date has passed; upload a current document`);
  return date;
}

function assertDriver(actor: Actor): void {
  authorize(actor, 'driver:keepCompliance', undefined, {
    message: 'Only a company’s drivers upload a CDL and medical card',
  });
}

async function saveProfile(actor: Actor, set: Partial<DriverProfile>): Promise<void> {
  await DriverProfileModel.updateOne(
    { _id: new Types.ObjectId(actor.id) },
    { $set: { ...set, companyId: new Types.ObjectId(actor.companyId!) } },
    { upsert: true },
  );
}

/** POST /api/fleet/drivers/me/cdl: the CDL's details and scan; it is current once uploaded, assignable once approved. */
export async function submitCdl(
  actor: Actor,
  file: UploadedFile | undefined,
  input: z.output<typeof driverCdlInputSchema>,
): Promise<DocumentDto> {
  assertDriver(actor);
  const expires = expiryOf(input.cdlExpiresOn, 'cdlExpiresOn');
  return storeDriverDocument(actor, file, 'driver_cdl', expires, (doc) =>
    saveProfile(actor, {
      cdlNumber: input.cdlNumber,
      cdlState: input.cdlState,
      cdlClass: input.cdlClass,
      cdlDocumentId: doc._id,
    }),
  );
}

/** POST /api/fleet/drivers/me/medical-card. */
export async function submitMedicalCard(
  actor: Actor,
  file: UploadedFile | undefined,
  input: z.output<typeof driverMedicalCardInputSchema>,
): Promise<DocumentDto> {
  assertDriver(actor);
  const expires = expiryOf(input.medicalCardExpiresOn, 'medicalCardExpiresOn');
  return storeDriverDocument(actor, file, 'driver_medical_card', expires, (doc) =>
    saveProfile(actor, { medicalCardDocumentId: doc._id }),
  );
}
