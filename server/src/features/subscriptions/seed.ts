import { UserModel } from '../users/model';
import { FreightModel } from '../freight/model';
import { SmallShipmentModel } from '../smallShipments/model';
import type { Runtime } from '../../runtimeTypes';

const DAY = 24 * 60 * 60 * 1000;

/** Demo air shipments and small shipments for a fresh embedded install (test accounts enabled). */
export async function seedDemoMarketplace(rt: Runtime): Promise<void> {
  const [air, customer] = await Promise.all([
    UserModel.findOne({ email: 'aircargo@test.local' }).lean(),
    UserModel.findOne({ email: 'customer@test.local' }).lean(),
  ]);
  const soon = (days: number) => new Date(Date.now() + days * DAY);

  if (air && !(await FreightModel.exists({ userId: air._id, equipmentType: 'air_cargo' }))) {
    const base = {
      userId: air._id,
      equipmentType: 'air_cargo',
      userCompanyName: air.companyName,
      rateType: 'flat' as const,
    };
    await FreightModel.create([
      {
        ...base,
        title: 'Electronics to Frankfurt',
        originCity: 'Chicago',
        originState: 'IL',
        originCountry: 'United States',
        destinationCity: 'Frankfurt',
        destinationState: 'HE',
        destinationCountry: 'Germany',
        cargoType: 'electronics',
        weightClass: 'medium',
        weight: 1100,
        distance: 4340,
        rateCents: 640000,
        ratePerMileCents: 147,
        pickupDate: soon(3),
        deliveryDate: soon(5),
        description: 'Palletised consumer electronics, 4 pallets.',
        isUrgent: true,
      },
      {
        ...base,
        title: 'Pharma cold chain to Singapore',
        originCity: 'Newark',
        originState: 'NJ',
        originCountry: 'United States',
        destinationCity: 'Singapore',
        destinationState: 'SG',
        destinationCountry: 'Singapore',
        cargoType: 'pharma',
        weightClass: 'small',
        weight: 150,
        distance: 9530,
        rateCents: 520000,
        ratePerMileCents: 55,
        pickupDate: soon(6),
        deliveryDate: soon(8),
        description: 'Temperature-controlled vaccines, 2-8 °C.',
      },
      {
        ...base,
        title: 'Machinery parts to São Paulo',
        originCity: 'Miami',
        originState: 'FL',
        originCountry: 'United States',
        destinationCity: 'Sao Paulo',
        destinationState: 'SP',
        destinationCountry: 'Brazil',
        cargoType: 'general',
        weightClass: 'large',
        weight: 5500,
        distance: 4090,
        rateCents: 1150000,
        ratePerMileCents: 281,
        pickupDate: soon(10),
        deliveryDate: soon(12),
        description: 'Crated industrial machinery parts.',
      },
    ]);
    rt.log.info('seeded demo air shipments');
  }

  if (customer && !(await SmallShipmentModel.exists({ shipperId: customer._id }))) {
    await SmallShipmentModel.create([
      {
        shipperId: customer._id,
        title: 'Dirt bike to Austin',
        itemType: 'bike',
        itemDescription: 'bike - 2019 Honda CRF250, runs, no fluids leaking',
        originCity: 'Dallas',
        originState: 'TX',
        destinationCity: 'Austin',
        destinationState: 'TX',
        weight: 240,
        offerPriceCents: 22500,
        pickupDate: soon(4),
        isFragile: false,
      },
      {
        shipperId: customer._id,
        title: 'Antique dresser',
        itemType: 'other',
        itemDescription: 'other - solid oak dresser, 4 drawers',
        originCity: 'Houston',
        originState: 'TX',
        destinationCity: 'San Antonio',
        destinationState: 'TX',
        weight: 120,
        dimensions: '60x20x34 in',
        offerPriceCents: 18000,
        isFragile: true,
      },
    ]);
    rt.log.info('seeded demo small shipments');
  }
}
