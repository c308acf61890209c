import { addShipperSchema, type BrokerShipperDto, type Page } from '@freight/shared';
import { Types } from 'mongoose';
import { conflict, notFound } from '../../../http/errors';
import { findByIds, paginate } from '../../../http/paginate';
import { pageQuerySchema, parse } from '../../../http/validate';
import { authorize, type Actor } from '../../../policies';
import { UserModel } from '../../users/model';
import { dollarsToCents } from '../model';
import { BrokerShipperModel, toBrokerShipperDto, type BrokerShipper } from './model';

const BROKERS_ONLY = 'This dashboard is only available to verified brokers.';
const SHIPPER_VIEW = { firstName: 1, lastName: 1, email: 1, companyName: 1, phoneNumber: 1 } as const;
type ShipperView = NonNullable<Parameters<typeof toBrokerShipperDto>[1]> & { _id: Types.ObjectId };

/** GET /api/broker/shippers (call 27): the broker's active shipper relationships. */
export async function listBrokerShippers(actor: Actor, input: unknown): Promise<Page<BrokerShipperDto>> {
  authorize(actor, 'broker:access', undefined, { message: BROKERS_ONLY });
  const q = parse(pageQuerySchema, input);
  const found = await paginate<BrokerShipper>(
    BrokerShipperModel,
    { brokerId: new Types.ObjectId(actor.id), isActive: true },
    { createdAt: -1, _id: -1 },
    q,
  );
  const shippers = await findByIds<ShipperView>(
    UserModel,
    found.items.map((r) => r.shipperId),
    SHIPPER_VIEW,
  );
  const byId = new Map(shippers.map((s) => [String(s._id), s]));
  return { ...found, items: found.items.map((r) => toBrokerShipperDto(r, byId.get(String(r.shipperId)))) };
}

/** POST /api/broker/shippers: 'Add Shipper Relationship' by the shipper's account email. */
export async function addBrokerShipper(actor: Actor, input: unknown): Promise<BrokerShipperDto> {
  authorize(actor, 'broker:access', undefined, { message: BROKERS_ONLY });
  const data = parse(addShipperSchema, input);
  const shipper = await UserModel.findOne(
    { email: data.shipperEmail, userType: 'shipper' },
    SHIPPER_VIEW,
  ).lean();
  if (!shipper) throw notFound('No shipper account uses this email');
  const key = { brokerId: new Types.ObjectId(actor.id), shipperId: shipper._id };
  const fields = {
    creditLimitCents: dollarsToCents(data.creditLimit ?? null),
    paymentTerms: data.paymentTerms ?? null,
  };
  // An inactive relationship comes back; an active one is a conflict (the unique index settles races).
  const revived = await BrokerShipperModel.findOneAndUpdate(
    { ...key, isActive: false },
    { $set: { ...fields, isActive: true } },
    { new: true },
  ).lean<BrokerShipper>();
  if (revived) return toBrokerShipperDto(revived, shipper);
  try {
    const doc = await BrokerShipperModel.create({ ...key, ...fields, isActive: true });
    return toBrokerShipperDto(doc.toObject() as BrokerShipper, shipper);
  } catch (err) {
    if ((err as { code?: number }).code === 11000)
      throw conflict('This shipper is already in your relationships');
    throw err;
  }
}
