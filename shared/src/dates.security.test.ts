import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { documentUploadSchema } from './documents';
import { boardFilterSchema, rateOfferSchema, savedSearchFiltersSchema } from './freight';
import { postLoadSchema, updateLoadSchema } from './loadPosting';
import { driverRouteSchema } from './driverRoutes';
import { smallShipmentSchema } from './smallShipments';

/**
 * Issue #12 item 11: every date a user sends is a real date between 2000-01-01 and 2100-12-31. JavaScript's
 * Date.parse takes "1" (2001) and years up to 275760, and rolls 2030-02-30 over to March.
 */

const load = {
  title: 'Test load',
  originCity: 'Chicago',
  originState: 'IL',
  destinationCity: 'Dallas',
  destinationState: 'TX',
  rate: 2000,
  distance: 1000,
};
const shipment = {
  title: 'Sofa',
  itemDescription: 'A three-seat sofa',
  originCity: 'Austin',
  originState: 'TX',
  destinationCity: 'Dallas',
  destinationState: 'TX',
  offerPrice: '225.50',
};
const route = {
  title: 'Austin to Dallas',
  originCity: 'Austin',
  originState: 'TX',
  destinationCity: 'Dallas',
  destinationState: 'TX',
  vehicleType: 'van',
};

/** Each schema and field that takes a date, with a payload that is otherwise valid. */
const dateFields: Array<[string, ZodType, (date: string) => unknown]> = [
  ['load pickupDate', postLoadSchema, (d) => ({ ...load, pickupDate: d })],
  ['load deliveryDate', postLoadSchema, (d) => ({ ...load, deliveryDate: d })],
  ['load update pickupDate', updateLoadSchema, (d) => ({ pickupDate: d })],
  ['board pickupDateStart', boardFilterSchema, (d) => ({ pickupDateStart: d })],
  ['board pickupDateEnd', boardFilterSchema, (d) => ({ pickupDateEnd: d })],
  ['saved search pickupDateStart', savedSearchFiltersSchema, (d) => ({ pickupDateStart: d })],
  ['small shipment pickupDate', smallShipmentSchema, (d) => ({ ...shipment, pickupDate: d })],
  ['small shipment deliveryDate', smallShipmentSchema, (d) => ({ ...shipment, deliveryDate: d })],
  ['driver route departureDate', driverRouteSchema, (d) => ({ ...route, departureDate: d })],
  [
    'document expirationDate',
    documentUploadSchema,
    (d) => ({ documentType: 'insurance', expirationDate: d }),
  ],
];

const refused = [
  '1',
  '275760-09-13',
  '+275760-09-13T00:00:00.000Z',
  '9999-12-31',
  '2101-01-01',
  '1999-12-31',
  '0001-01-01',
  '2030-02-30',
  'tomorrow',
];

describe('dates are bounded to 2000-01-01..2100-12-31', () => {
  describe.each(dateFields)('%s', (_name, schema, payload) => {
    it.each(refused)('refuses %j', (value) => {
      const result = schema.safeParse(payload(value));
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/date/i);
    });

    it('accepts a real date in range', () => {
      const result = schema.safeParse(payload('2100-12-31'));
      expect(result.error?.issues ?? []).toEqual([]);
      expect(schema.safeParse(payload('2030-01-15')).success).toBe(true);
    });
  });

  it('names the range when a date is outside it', () => {
    const result = smallShipmentSchema.safeParse({ ...shipment, pickupDate: '9999-12-31' });
    expect(result.error?.issues[0]?.message).toBe('Enter a date between 2000-01-01 and 2100-12-31');
  });

  it('an offer cannot expire after 2100', () => {
    const base = { proposedRate: 1000 };
    expect(rateOfferSchema.safeParse({ ...base, expiresAt: '+275760-09-13T00:00:00.000Z' }).success).toBe(
      false,
    );
    expect(rateOfferSchema.safeParse({ ...base, expiresAt: '2101-01-01T00:00:00.000Z' }).success).toBe(false);
    expect(rateOfferSchema.safeParse({ ...base, expiresAt: '2099-01-01T00:00:00.000Z' }).success).toBe(true);
  });
});
