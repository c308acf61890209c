import { postLoadSchema, type PostLoadInput } from '@freight/shared';
import { toActor } from '../../policies';
import type { Runtime } from '../../runtimeTypes';
import { UserModel } from '../users/model';
import { FreightModel } from './model';
import { createListing } from './service';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const DEMO_LOADS: Array<{ poster: string; load: PostLoadInput }> = [
  {
    poster: 'shipper@test.local',
    load: {
      title: 'Consumer electronics',
      originCity: 'Chicago',
      originState: 'IL',
      destinationCity: 'Dallas',
      destinationState: 'TX',
      equipmentType: 'dry_van',
      weight: 38000,
      commodity: 'Electronics',
      rate: 2450,
      pickupDate: inDays(2),
    },
  },
  {
    poster: 'shipper@test.local',
    load: {
      title: 'Frozen produce',
      originCity: 'Fresno',
      originState: 'CA',
      destinationCity: 'Denver',
      destinationState: 'CO',
      equipmentType: 'reefer',
      weight: 42000,
      commodity: 'Produce',
      rate: 3900,
      pickupDate: inDays(3),
    },
  },
  {
    poster: 'broker@test.local',
    load: {
      title: 'Steel coils',
      originCity: 'Pittsburgh',
      originState: 'PA',
      destinationCity: 'Detroit',
      destinationState: 'MI',
      equipmentType: 'flatbed',
      weight: 45000,
      commodity: 'Steel',
      rate: 1600,
      pickupDate: inDays(1),
      requiresTarps: true,
    },
  },
  {
    poster: 'broker@test.local',
    load: {
      title: 'Paper goods',
      originCity: 'Atlanta',
      originState: 'GA',
      destinationCity: 'Charlotte',
      destinationState: 'NC',
      equipmentType: 'dry_van',
      weightClass: 'partial',
      weight: 18000,
      commodity: 'Paper',
      rate: 850,
      pickupDate: inDays(4),
    },
  },
  {
    poster: 'shipper@test.local',
    load: {
      title: 'Building materials',
      originCity: 'Houston',
      originState: 'TX',
      destinationCity: 'Phoenix',
      destinationState: 'AZ',
      equipmentType: 'step_deck',
      weight: 40000,
      commodity: 'Lumber',
      rate: 3100,
      pickupDate: inDays(5),
    },
  },
  {
    poster: 'broker@test.local',
    load: {
      title: 'Retail pallets',
      originCity: 'Los Angeles',
      originState: 'CA',
      destinationCity: 'Seattle',
      destinationState: 'WA',
      equipmentType: 'dry_van',
      weightClass: 'ltl',
      weight: 9000,
      commodity: 'General merchandise',
      rate: 1900,
      pickupDate: inDays(2),
    },
  },
  {
    poster: 'shipper@test.local',
    load: {
      title: 'Dairy',
      originCity: 'Milwaukee',
      originState: 'WI',
      destinationCity: 'Nashville',
      destinationState: 'TN',
      equipmentType: 'reefer',
      weight: 36000,
      commodity: 'Dairy',
      rate: 2200,
      pickupDate: inDays(3),
    },
  },
  {
    poster: 'broker@test.local',
    load: {
      title: 'Machinery',
      originCity: 'Columbus',
      originState: 'OH',
      destinationCity: 'Memphis',
      destinationState: 'TN',
      equipmentType: 'lowboy',
      weight: 48000,
      commodity: 'Machinery',
      rate: 2800,
      pickupDate: inDays(6),
    },
  },
];

/** Demo loads for a fresh embedded install (test accounts enabled), so the board is not empty. */
export async function seedDemoFreight(rt: Runtime): Promise<void> {
  // Test runs start from an empty board: their own data only.
  if (rt.config.NODE_ENV === 'test') return;
  if (await FreightModel.exists({})) return;
  for (const { poster, load } of DEMO_LOADS) {
    const user = await UserModel.findOne({ email: poster });
    if (!user) continue;
    try {
      await createListing(toActor(user), user, postLoadSchema.parse(load));
    } catch (err) {
      rt.log.warn(`Demo load not seeded: ${(err as Error).message}`);
      return;
    }
  }
}
