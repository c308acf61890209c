import type { Runtime } from '../../runtime';

/** Demo air shipments and small shipments for a fresh embedded install (test accounts enabled). */
export async function seedDemoMarketplace(_rt: Runtime): Promise<void> {}
