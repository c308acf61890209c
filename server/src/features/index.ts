import type { Router } from 'express';
import type { Runtime } from '../runtime';
import { createAuthRouter } from './auth/routes';
import { createHealthRouter } from './health/routes';
import { notificationsRouter } from './notifications/routes';

/** Every feature's API router, mounted under /api. A feature adds itself with one line. */
export function featureRouters(rt: Runtime): Router[] {
  return [createHealthRouter(rt), createAuthRouter(rt), notificationsRouter];
}

/** Boot-time seeding hooks (test accounts, demo data), run by the web role. */
export const seeders: Array<(rt: Runtime) => Promise<void>> = [];
