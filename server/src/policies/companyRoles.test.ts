// Company accounts (issue 28): every role × every action of the policy map × an object of the actor's own company
// (made by another member of it) and of another company. Generated from the map: an action without a row here fails.
import { COMPANY_ROLES, type CompanyRole, type UserType } from '@freight/shared';
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { policies, type Action, type Actor } from './index';

const ALL = COMPANY_ROLES;
const ACT: readonly CompanyRole[] = ['owner', 'admin', 'dispatcher'];
const READ: readonly CompanyRole[] = ['owner', 'admin', 'dispatcher', 'accounting', 'viewer'];
const PAPERS: readonly CompanyRole[] = ['owner', 'admin', 'dispatcher', 'accounting'];
const ACCOUNT: readonly CompanyRole[] = ['owner', 'admin'];
const COMPLIANCE: readonly CompanyRole[] = ['owner', 'admin', 'accounting'];
const NONE: readonly CompanyRole[] = [];
const MONEY: readonly CompanyRole[] = ['owner', 'admin', 'accounting'];
const INVOICES: readonly CompanyRole[] = ['owner', 'admin', 'accounting', 'dispatcher'];

/** A party of an object: a person and their company. */
interface Party {
  personId: string;
  companyId: string;
}

interface Case {
  /** The acting member's company type. */
  type: UserType;
  /** The object, with `p` as the party the rule is about (someone else of the actor's company, or of another). */
  resource?: (p: Party, someoneElse: Party) => unknown;
  /** Roles allowed when the party is the actor's own company. */
  own: readonly CompanyRole[];
  /** Roles allowed when it is another company ('same': the rule looks at no object's company). */
  other: readonly CompanyRole[] | 'same';
}

const load = (p: Party) => ({
  userId: p.personId,
  companyId: p.companyId,
  shipperId: p.personId,
  shipperCompanyId: p.companyId,
  equipmentType: 'dry_van',
});
const bookedLoad = (poster: Party, carrier: Party) => ({
  ...load(poster),
  carrierId: carrier.personId,
  carrierCompanyId: carrier.companyId,
  status: 'booked',
});
/** An invoice from `issuer` to `payer`. */
const invoice = (issuer: Party, payer: Party) => ({
  issuerUserId: issuer.personId,
  companyId: issuer.companyId,
  payerUserId: payer.personId,
  payerCompanyId: payer.companyId,
  status: 'submitted',
});

const CASES = {
  'user:setup': { type: 'shipper', resource: () => 'carrier', own: ACCOUNT, other: 'same' },
  'admin:access': { type: 'shipper', own: NONE, other: 'same' },
  'user:setAuthority': { type: 'carrier', own: ACCOUNT, other: 'same' },
  'document:read': {
    type: 'carrier',
    resource: (p) => ({ userId: p.personId, companyId: p.companyId }),
    own: COMPLIANCE,
    other: NONE,
  },
  'document:upload': { type: 'carrier', own: ACCOUNT, other: 'same' },
  'document:queue': { type: 'carrier', own: NONE, other: 'same' },
  'document:review': { type: 'carrier', own: NONE, other: 'same' },
  'freight:post': { type: 'shipper', resource: () => 'dry_van', own: ACT, other: 'same' },
  'freight:manage': { type: 'shipper', resource: load, own: ACT, other: NONE },
  // Hauling and offering are on other companies' loads, never one's own.
  'freight:haul': { type: 'carrier', resource: load, own: NONE, other: ACT },
  'freight:offer': { type: 'carrier', resource: load, own: NONE, other: ACT },
  'booking:list': { type: 'shipper', own: READ, other: 'same' },
  'booking:review': {
    type: 'shipper',
    resource: (p, x) => ({
      shipperId: p.personId,
      shipperCompanyId: p.companyId,
      carrierId: x.personId,
      carrierCompanyId: x.companyId,
    }),
    own: ACT,
    other: NONE,
  },
  'broker:access': { type: 'broker', own: READ, other: 'same' },
  'brokerInvitation:list': { type: 'shipper', own: ALL, other: 'same' },
  'brokerInvitation:answer': {
    type: 'shipper',
    resource: () => ({ invitation: { email: 'a@example.com' }, email: 'a@example.com' }),
    own: ACT,
    other: 'same',
  },
  'negotiation:respond': {
    type: 'broker',
    resource: (p, x) => ({
      brokerId: p.personId,
      brokerCompanyId: p.companyId,
      carrierId: x.personId,
      carrierCompanyId: x.companyId,
    }),
    own: ACT,
    other: NONE,
  },
  'negotiation:revise': {
    type: 'carrier',
    resource: (p, x) => ({
      carrierId: p.personId,
      carrierCompanyId: p.companyId,
      brokerId: x.personId,
      brokerCompanyId: x.companyId,
    }),
    own: ACT,
    other: NONE,
  },
  'negotiation:acceptCounter': {
    type: 'carrier',
    resource: (p, x) => ({
      carrierId: p.personId,
      carrierCompanyId: p.companyId,
      brokerId: x.personId,
      brokerCompanyId: x.companyId,
    }),
    own: ACT,
    other: NONE,
  },
  'negotiation:counter': {
    type: 'carrier',
    resource: (p, x) => ({
      carrierId: p.personId,
      carrierCompanyId: p.companyId,
      brokerId: x.personId,
      brokerCompanyId: x.companyId,
    }),
    own: ACT,
    other: NONE,
  },
  // Reads and lists of loads (issue 51): the reading roles see the company's loads; a driver only the ones assigned
  // to them (load:read's assigned-driver side is walked in listsByRole.security.test.ts).
  'load:read': { type: 'shipper', resource: (p, x) => bookedLoad(p, x), own: READ, other: NONE },
  'load:stopDetails': { type: 'carrier', resource: (p, x) => bookedLoad(x, p), own: READ, other: NONE },
  'load:list': { type: 'carrier', own: READ, other: 'same' },
  'booking:listOwn': { type: 'carrier', own: READ, other: 'same' },
  'negotiation:list': { type: 'broker', own: READ, other: 'same' },
  'savedSearch:manage': { type: 'carrier', own: ALL, other: 'same' },
  'tracking:view': { type: 'shipper', resource: (p, x) => bookedLoad(p, x), own: READ, other: NONE },
  'tracking:write': { type: 'shipper', resource: (p, x) => bookedLoad(p, x), own: ACT, other: NONE },
  'tracking:addLumperReceipt': {
    type: 'carrier',
    resource: (p, x) => bookedLoad(x, p),
    own: PAPERS,
    other: NONE,
  },
  'tracking:updateLocation': { type: 'carrier', resource: (p, x) => bookedLoad(x, p), own: ACT, other: NONE },
  'tracking:advance': { type: 'carrier', resource: (p, x) => bookedLoad(x, p), own: ACT, other: NONE },
  'loadDocument:view': { type: 'shipper', resource: (p, x) => bookedLoad(p, x), own: PAPERS, other: NONE },
  'subscription:activate': { type: 'shipper', own: ACCOUNT, other: 'same' },
  'subscription:cancel': { type: 'shipper', own: ACCOUNT, other: 'same' },
  // The plan is the company's: every member works under it.
  'feature:use': {
    type: 'shipper',
    resource: () => ({ feature: 'air_freight', at: new Date() }),
    own: ALL,
    other: 'same',
  },
  'smallShipment:create': { type: 'individual_customer', own: ACT, other: 'same' },
  'smallShipment:list': { type: 'individual_customer', own: READ, other: 'same' },
  'smallShipment:manage': {
    type: 'individual_customer',
    resource: (p) => ({ shipperId: p.personId, shipperCompanyId: p.companyId }),
    own: ACT,
    other: NONE,
  },
  'shipmentOffer:create': {
    type: 'individual_driver',
    resource: (p) => ({ shipperId: p.personId, shipperCompanyId: p.companyId, status: 'posted' }),
    own: NONE,
    other: ACT,
  },
  'shipmentOffer:accept': {
    type: 'individual_customer',
    resource: (p) => ({ shipperId: p.personId, shipperCompanyId: p.companyId }),
    own: ACT,
    other: NONE,
  },
  'driverRoute:create': { type: 'individual_driver', own: ACT, other: 'same' },
  'driverRoute:list': { type: 'individual_driver', own: READ, other: 'same' },
  'driverRoute:manage': {
    type: 'individual_driver',
    resource: (p) => ({ driverId: p.personId, driverCompanyId: p.companyId }),
    own: ACT,
    other: NONE,
  },
  'backgroundCheck:submit': { type: 'individual_driver', own: ACCOUNT, other: 'same' },
  'backgroundCheck:queue': { type: 'individual_driver', own: NONE, other: 'same' },
  'backgroundCheck:review': { type: 'individual_driver', own: NONE, other: 'same' },
  'backgroundCheck:offer': {
    type: 'individual_driver',
    resource: () => ({ status: 'approved' }),
    own: ACT,
    other: 'same',
  },
  'shipmentWorkspace:view': {
    type: 'individual_customer',
    resource: (p, x) => ({
      shipperId: p.personId,
      shipperCompanyId: p.companyId,
      driverId: x.personId,
      driverCompanyId: x.companyId,
    }),
    own: READ,
    other: NONE,
  },
  'shipmentWorkspace:list': { type: 'individual_driver', own: READ, other: 'same' },
  'shipmentWorkspace:write': {
    type: 'individual_customer',
    resource: (p, x) => ({
      shipperId: p.personId,
      shipperCompanyId: p.companyId,
      driverId: x.personId,
      driverCompanyId: x.companyId,
    }),
    own: ACT,
    other: NONE,
  },
  'shipmentWorkspace:report': {
    type: 'individual_driver',
    resource: (p, x) => ({
      shipperId: x.personId,
      shipperCompanyId: x.companyId,
      driverId: p.personId,
      driverCompanyId: p.companyId,
    }),
    own: ACT,
    other: NONE,
  },
  // The team (issue 28): the company's own members only; another company's are strangers.
  'team:view': { type: 'broker', resource: (p) => ({ companyId: p.companyId }), own: ALL, other: NONE },
  'team:invite': { type: 'broker', resource: (p) => ({ companyId: p.companyId }), own: ACCOUNT, other: NONE },
  'team:changeRole': {
    type: 'broker',
    resource: (p) => ({ companyId: p.companyId, target: { id: p.personId, role: 'dispatcher' } }),
    own: ACCOUNT,
    other: NONE,
  },
  'team:remove': {
    type: 'carrier',
    resource: (p) => ({ companyId: p.companyId, target: { id: p.personId, role: 'driver' } }),
    own: ACCOUNT,
    other: NONE,
  },
  'team:transfer': {
    type: 'shipper',
    resource: (p) => ({ companyId: p.companyId, target: { id: p.personId, role: 'admin' } }),
    own: ['owner'],
    other: NONE,
  },
  'team:leave': {
    type: 'shipper',
    resource: (p) => ({ companyId: p.companyId }),
    own: ['admin', 'dispatcher', 'driver', 'accounting', 'viewer'],
    other: NONE,
  },
  // Posted trucks (issue 29): the carrier company's own posts; brokers and shippers search and offer loads.
  'truckPost:post': { type: 'carrier', own: ACT, other: 'same' },
  'truckPost:manage': {
    type: 'carrier',
    resource: (p) => ({ carrierId: p.personId, carrierCompanyId: p.companyId }),
    own: ACT,
    other: NONE,
  },
  'truckPost:listOwn': { type: 'carrier', own: READ, other: 'same' },
  'truckPost:readOwn': {
    type: 'carrier',
    resource: (p) => ({ carrierId: p.personId, carrierCompanyId: p.companyId }),
    own: READ,
    other: NONE,
  },
  'truckPost:search': { type: 'broker', own: READ, other: 'same' },
  'truckPost:offerLoad': { type: 'shipper', own: ACT, other: 'same' },
  // Fleet (issue 29): a carrier's trucks are its own members'; another company's truck does not exist for them.
  'fleet:read': { type: 'carrier', own: ALL, other: 'same' },
  'fleet:manage': { type: 'carrier', own: ACT, other: 'same' },
  'fleet:watch': { type: 'carrier', own: ACT, other: 'same' },
  'driver:keepCompliance': { type: 'carrier', own: ['driver'], other: 'same' },
  'truck:read': { type: 'carrier', resource: (p) => ({ companyId: p.companyId }), own: ALL, other: NONE },
  'truck:manage': { type: 'carrier', resource: (p) => ({ companyId: p.companyId }), own: ACT, other: NONE },
  'load:assign': { type: 'carrier', resource: (p, x) => bookedLoad(x, p), own: ACT, other: NONE },
  'load:pinDock': { type: 'carrier', resource: (p, x) => bookedLoad(x, p), own: ACT, other: NONE },
  // The clock at the stops (issue 41): its money to the money roles of either party.
  'stopClock:readAmounts': { type: 'shipper', resource: (p, x) => bookedLoad(p, x), own: MONEY, other: NONE },
  // Ratings (issue 40): the carrier of a delivered load rates its poster, by a role that works loads or papers.
  'rating:give': {
    type: 'carrier',
    resource: (p, x) => ({ ...bookedLoad(x, p), status: 'delivered' }),
    own: PAPERS,
    other: NONE,
  },
  'rating:edit': {
    type: 'carrier',
    resource: (p) => ({ rating: { fromCompanyId: p.companyId, givenAt: new Date() }, now: new Date() }),
    own: PAPERS,
    other: NONE,
  },
  // Invoices (issue 40): the money roles of each side; dispatchers read the status only.
  'invoice:issue': { type: 'carrier', resource: (p, x) => bookedLoad(x, p), own: MONEY, other: NONE },
  'invoice:list': { type: 'carrier', own: INVOICES, other: 'same' },
  'invoice:read': { type: 'carrier', resource: (p, x) => invoice(p, x), own: INVOICES, other: NONE },
  'invoice:readAmounts': { type: 'carrier', resource: (p, x) => invoice(x, p), own: MONEY, other: NONE },
  'invoice:readOwnAmounts': { type: 'carrier', own: MONEY, other: 'same' },
  'invoice:correct': { type: 'carrier', resource: (p, x) => invoice(p, x), own: MONEY, other: NONE },
  'invoice:settle': { type: 'shipper', resource: (p, x) => invoice(x, p), own: MONEY, other: NONE },
  'invoice:offerQuickPay': {
    type: 'shipper',
    resource: (p) => ({ companyId: p.companyId }),
    own: MONEY,
    other: NONE,
  },
  'invoice:requestQuickPay': {
    type: 'carrier',
    resource: (p, x) => ({ ...invoice(p, x), status: 'approved' }),
    own: MONEY,
    other: NONE,
  },
} satisfies Record<Action, Case>;

const id = () => new Types.ObjectId().toHexString();
const party = (): Party => ({ personId: id(), companyId: id() });

function actorOf(type: UserType, role: CompanyRole, companyId: string): Actor {
  return {
    id: id(),
    userType: type,
    isVerified: true,
    emailVerified: true,
    subscriptionStatus: 'active',
    subscriptionPlan: `${type}_pro`,
    subscriptionExpiresAt: new Date(Date.now() + 86_400_000),
    companyId,
    companyRole: role,
  };
}

describe('the policy map by company and role', () => {
  it('has a row for every action (a new action without one fails here)', () => {
    const missing = Object.keys(policies).filter((action) => !(action in CASES));
    expect(missing).toEqual([]);
  });

  const table = Object.keys(policies).flatMap((action) =>
    COMPANY_ROLES.flatMap((role) =>
      (['own', 'other'] as const).map((whose) => [action as Action, role, whose] as const),
    ),
  );
  it.each(table)('%s by a %s on an object of the %s company', (action, role, whose) => {
    const row: Case = CASES[action];
    const mine = party();
    const actor = actorOf(row.type, role, mine.companyId);
    // "own": another member of the actor's company is the party (a member counts as the party).
    const subject = whose === 'own' ? { personId: id(), companyId: mine.companyId } : party();
    const resource = row.resource?.(subject, party());
    const allowed = whose === 'own' || row.other === 'same' ? row.own : row.other;
    const rule = policies[action] as (a: Actor, r?: unknown) => boolean;
    expect(rule(actor, resource)).toBe(allowed.includes(role));
  });
});
