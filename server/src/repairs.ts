import { backfillDocumentDays, repairVerification } from './features/documents/expiry';
import { backfillAlertLanes } from './features/freight/savedSearches/service';
import { repairLoadsOnce } from './features/freight/bookingJournal/repair';
import { repairSmallShipments } from './features/smallShipments/service';
import type { Logger } from './infra/logger';
import { settleAllPending } from './events/record';
import { migrateToCompanies } from './features/companies/migration';

/**
 * Completes or undoes what a crash left half-done (README "Crashes"), at the start of every process role and before
 * it serves anyone. Each repair runs under its aggregate's lease, so processes starting together do not collide.
 */
export async function repairAfterCrash(log: Logger): Promise<void> {
  const report = (msg: string, err?: unknown) => log.error(`Repair at start: ${msg}`, err);
  // Facts a crash left pending: kept where their write happened, dropped where it did not (issue 26).
  await settleAllPending().catch((err: unknown) => report('event log', err));
  // Company accounts (issue 28), once per database: every person owns a company, every object names its companies.
  await migrateToCompanies().catch((err: unknown) => report('company accounts', err));
  await Promise.all([
    repairLoadsOnce(report),
    repairSmallShipments().catch((err: unknown) => report('small shipments', err)),
    repairVerification().catch((err: unknown) => report('verification', err)),
  ]);
  // Not awaited: one-time passes over older data that nothing at start depends on.
  void backfillDocumentDays().catch((err: unknown) => report('document days', err));
  void backfillAlertLanes().catch((err: unknown) => report('saved-search lanes', err));
}
