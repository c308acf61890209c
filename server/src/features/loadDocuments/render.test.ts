import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderProofOfDelivery, renderRateConfirmation, type LoadInfo, type PartyInfo } from './render';

/** Each page's text, whitespace collapsed. */
async function pages(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return text.map((t) => t.replace(/\s+/g, ' ').trim());
}

const party = (role: string, overrides: Partial<PartyInfo> = {}): PartyInfo => ({
  role,
  company: `${role} Company`,
  name: `${role} Person`,
  email: `${role.toLowerCase()}@example.test`,
  phone: '555-0101',
  mcNumber: '123456',
  usdotNumber: '1234567',
  ...overrides,
});

const load = (overrides: Partial<LoadInfo> = {}): LoadInfo => ({
  reference: '#ABC123',
  title: 'Steel coils',
  origin: 'Chicago, IL',
  destination: 'Dallas, TX',
  pickup: 'Jun 1, 2030',
  delivery: 'Jun 3, 2030',
  equipment: 'Flatbed',
  weight: '40,000 lbs',
  commodity: 'Steel',
  distanceMiles: 967,
  distanceIsEstimate: false,
  requirements: ['Tarps', 'Straps'],
  specialInstructions: null,
  ...overrides,
});

/** What the signature block prints, and the footer every page has: what a page must hold more than. */
const SIGNATURE_AND_FOOTER =
  /(Receiver|Carrier|Shipper|Broker) signature|Printed name|Date|(Proof of Delivery|Rate Confirmation) #ABC123 - FreightConnect - Page \d+ of \d+/g;

describe('load document PDFs (issue 23)', () => {
  it('the rate confirmation carries each stop: facility, full address, appointment, dock, references, contact (issue 39)', async () => {
    const bytes = await renderRateConfirmation({
      load: load(),
      issuedAt: new Date('2030-05-01T12:00:00Z'),
      bookedAt: new Date('2030-05-01T12:00:00Z'),
      version: 1,
      shipper: party('Shipper'),
      carrier: party('Carrier'),
      rateCents: 250_000,
      rateType: 'flat',
      stops: [
        {
          label: 'Pickup',
          address: '1200 Commerce Way, Chicago, IL 60601',
          when: 'Jun 1, 2030, 08:00 - 17:00',
          details: {
            facilityName: 'Lakeside Steel',
            address: '1200 Commerce Way',
            dockNotes: 'Door 14',
            appointment: { kind: 'window', time: '08:00', endTime: '10:00' },
            pickupNumber: 'PU-4471',
            poNumber: 'PO-88121',
            bolNumber: 'BOL-9001',
            contactName: 'Maria Lopez',
            contactPhone: '(312) 555-0142',
          },
        },
        {
          label: 'Delivery',
          address: 'Dallas, TX',
          when: 'Jun 3, 2030',
          details: {
            facilityName: 'Trinity DC',
            address: null,
            dockNotes: null,
            appointment: { kind: 'fcfs', time: null, endTime: null },
            pickupNumber: null,
            poNumber: null,
            bolNumber: null,
            contactName: null,
            contactPhone: null,
          },
        },
      ],
    });
    const text = (await pages(bytes)).join(' ');
    for (const expected of [
      'Lakeside Steel',
      '1200 Commerce Way, Chicago, IL 60601',
      'Window 08:00-10:00',
      'Door 14',
      'PU# PU-4471 · PO# PO-88121 · BOL# BOL-9001',
      'Maria Lopez, (312) 555-0142',
      'Trinity DC',
      'First come, first served',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('the rate confirmation prints a long carrier email whole', async () => {
    const email = 'dispatch@ridgeline-transport-logistics-group.com';
    const bytes = await renderRateConfirmation({
      load: load(),
      issuedAt: new Date('2030-05-01T12:00:00Z'),
      bookedAt: new Date('2030-05-01T12:00:00Z'),
      version: 1,
      shipper: party('Shipper'),
      carrier: party('Carrier', {
        email,
        company: 'Ridgeline Transport and Logistics Group of the Midwest LLC',
      }),
      rateCents: 250_000,
      rateType: 'flat',
    });
    const text = (await pages(bytes)).join(' ');
    expect(text.replace(/\s+/g, '')).toContain(email);
    expect(text.replace(/\s+/g, '')).toContain('RidgelineTransportandLogisticsGroupoftheMidwestLLC');
  });

  it('never leaves the signature lines alone on a page', async () => {
    const orphans: string[] = [];
    // Longer and longer special instructions push the signatures down the page, past every break point.
    for (let lines = 0; lines <= 40; lines += 1) {
      const specialInstructions = lines
        ? 'Call the receiver one hour before arrival. '.repeat(lines * 2)
        : null;
      const common = {
        load: load({ specialInstructions }),
        issuedAt: new Date('2030-05-01T12:00:00Z'),
        version: 1,
        shipper: party('Shipper'),
        carrier: party('Carrier'),
      };
      const pod = await renderProofOfDelivery({
        ...common,
        deliveredAt: new Date('2030-05-03T12:00:00Z'),
        position: { lat: 32.7767, lng: -96.797, at: new Date('2030-05-03T11:58:00Z') },
        deliveryNote: null,
        receipt:
          lines % 2
            ? null
            : {
                receiverName: 'Dana Cole',
                signedAt: new Date('2030-05-03T12:00:00Z'),
                exception: 'Shortage',
                exceptionNote: 'Two cartons short',
                signature: null,
              },
        photos:
          lines % 2
            ? []
            : [{ takenAt: new Date(), description: 'Pallets', image: null, latitude: null, longitude: null }],
      });
      const rateCon = await renderRateConfirmation({
        ...common,
        bookedAt: new Date('2030-05-01T12:00:00Z'),
        rateCents: 250_000,
        rateType: 'flat',
      });
      for (const [name, bytes] of [
        ['proof of delivery', pod],
        ['rate confirmation', rateCon],
      ] as const) {
        const all = await pages(bytes);
        const last = all.at(-1)!;
        expect(last, name).toMatch(/signature/);
        if (!last.replace(SIGNATURE_AND_FOOTER, '').trim()) orphans.push(`${name} with ${lines} lines`);
      }
    }
    expect(orphans).toEqual([]);
  });
});
