import type { Router } from 'express';
import type { Runtime } from '../runtimeTypes';
import { createAccountRouter } from './account/routes';
import { createApiKeysRouter } from './apiKeys/routes';
import { createAuthRouter } from './auth/routes';
import { seedAccounts } from './auth/testAccounts';
import { seedTestDriverBackgroundCheck } from './backgroundChecks/seed';
import { createBackgroundChecksRouter } from './backgroundChecks/routes';
import { createTeamRouter } from './companies/team.routes';
import { createDocumentsRouter } from './documents/routes';
import { createFleetRouter } from './fleet/routes';
import { seedTestAccountDocuments } from './documents/seed';
import { createDriverRoutesRouter } from './driverRoutes/routes';
import { seedDemoFreight } from './freight/seed';
import { createFreightRouter } from './freight/routes';
import { createHealthRouter } from './health/routes';
import { createFacilitiesRouter } from './facilities/routes';
import { createInvoicesRouter } from './invoices/routes';
import { createMailRouter } from './mail/routes';
import { createLoadDocumentsRouter } from './loadDocuments/routes';
import { createLoadHistoryRouter } from './loadHistory/routes';
import { createNotificationChannelsRouter } from './notificationChannels/routes';
import { notificationsRouter } from './notifications/routes';
import { placesRouter } from './places/routes';
import { createCompanyProfileRouter } from './ratings/profile';
import { createRatingsRouter } from './ratings/routes';
import { createShipmentWorkspaceRouter } from './shipmentWorkspace/routes';
import { createSmallShipmentsRouter } from './smallShipments/routes';
import { seedDemoMarketplace } from './subscriptions/seed';
import { createSubscriptionsRouter } from './subscriptions/routes';
import { createTrackingRouter } from './tracking/routes';
import { createTruckPostsRouter } from './truckPosts/routes';
import { createTripsRouter } from './trips/routes';
import { createWebhooksRouter } from './webhooks/routes';

/** Every feature's API router, mounted under /api. A feature adds itself with one line. */
export function featureRouters(rt: Runtime): Router[] {
  return [
    createHealthRouter(rt),
    // Early: it marks members active on the requests that pass through it.
    createTeamRouter(rt),
    createAuthRouter(rt),
    createAccountRouter(rt),
    createApiKeysRouter(rt),
    createWebhooksRouter(rt),
    createMailRouter(),
    notificationsRouter,
    createNotificationChannelsRouter(rt),
    createDocumentsRouter(rt),
    createFreightRouter(rt),
    createTrackingRouter(rt),
    createTripsRouter(),
    createFleetRouter(rt),
    createLoadDocumentsRouter(rt),
    createLoadHistoryRouter(),
    createSubscriptionsRouter(rt),
    createSmallShipmentsRouter(rt),
    createShipmentWorkspaceRouter(rt),
    createDriverRoutesRouter(rt),
    createBackgroundChecksRouter(rt),
    createTruckPostsRouter(rt),
    createRatingsRouter(),
    createCompanyProfileRouter(),
    createInvoicesRouter(rt),
    createFacilitiesRouter(rt),
    placesRouter,
  ];
}

/** Boot-time seeding hooks (demo data), run by the web role after the test accounts, only when those are on. */
export const seeders: Array<(rt: Runtime) => Promise<void>> = [
  seedTestAccountDocuments,
  seedDemoFreight,
  seedDemoMarketplace,
];

/**
 * The test accounts (while ENABLE_TEST_ACCOUNTS is on, tests included), then what they start with: the test driver
 * gets an approved background check (as the company accounts are seeded verified), so it can offer at once.
 */
export async function seedTestAccounts(): Promise<void> {
  await seedAccounts();
  await seedTestDriverBackgroundCheck();
}
