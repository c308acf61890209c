import type { WriteLimitName } from '@freight/shared';
import type { RequestHandler } from 'express';
import { consumeRateLimit } from '../infra/rateLimit';
import { addRefund } from './limitRefunds';

/**
 * Limits on every write, by route table (issue 25): each signed-in POST, PUT, PATCH or DELETE under /api counts
 * against `writes`, and against the named limit of its row here. A new route is covered by `writes` with no work; a
 * row gives it a tighter figure of its own (WRITE_LIMITS in shared/src/constants.ts). `null` exempts a route: sign-in
 * and sign-up (their own throttles in features/auth/throttle.ts) and admins' reviews (the issue excepts them).
 *
 * Mounted after the edge text check and before every router, so text that cannot be stored costs nothing; a request
 * that its route's schema then refuses (400) gets its points back (http/errors.ts). Chat, positions and uploads keep
 * their own per-minute limits in their services as well.
 */
export const WRITE_LIMIT_TABLE: { method: string; path: string; limit: WriteLimitName | null }[] = [
  { method: 'POST', path: '/auth/register', limit: null },
  { method: 'POST', path: '/auth/login', limit: null },
  { method: 'POST', path: '/auth/logout', limit: null },
  { method: 'POST', path: '/company/invitations/:token/join', limit: null },
  { method: 'POST', path: '/admin/documents/:id/review', limit: null },
  { method: 'POST', path: '/admin/background-checks/:id/review', limit: null },
  { method: 'POST', path: '/freight', limit: 'loads' },
  { method: 'PATCH', path: '/freight/:id', limit: 'loadEdits' },
  { method: 'POST', path: '/freight/:id/cancel', limit: 'loadEdits' },
  { method: 'POST', path: '/freight/:id/withdraw', limit: 'loadEdits' },
  { method: 'POST', path: '/freight/:id/book', limit: 'bookingRequests' },
  { method: 'POST', path: '/booking-requests/:id/review', limit: 'bookingReviews' },
  { method: 'POST', path: '/freight/:id/negotiate', limit: 'offers' },
  { method: 'POST', path: '/negotiations/:id/:action', limit: 'offers' },
  { method: 'POST', path: '/truck-posts/:id/offers', limit: 'offers' },
  { method: 'POST', path: '/broker/shippers', limit: 'invitations' },
  { method: 'POST', path: '/company/invitations', limit: 'teamInvitations' },
  { method: 'POST', path: '/company/invitations/:id/resend', limit: 'teamInvitations' },
  { method: 'POST', path: '/small-shipments', limit: 'smallShipments' },
  { method: 'POST', path: '/small-shipments/:id/offers', limit: 'shipmentOffers' },
  { method: 'POST', path: '/shipment-offers/:id/accept', limit: 'shipmentOffers' },
  { method: 'POST', path: '/small-shipments/:id/reports', limit: 'tripUpdates' },
  { method: 'POST', path: '/driver-routes', limit: 'driverRoutes' },
  { method: 'PUT', path: '/driver-routes/:id', limit: 'driverRoutes' },
  { method: 'POST', path: '/driver-routes/:id/close', limit: 'driverRoutes' },
  { method: 'POST', path: '/freight/:id/status', limit: 'tripUpdates' },
  { method: 'POST', path: '/freight/:id/stops', limit: 'tripUpdates' },
  // The clock's check-in (issue 41): a trip update as the stop reports are, told to the load's parties.
  { method: 'POST', path: '/freight/:id/stops/:which/check-in', limit: 'tripUpdates' },
  { method: 'POST', path: '/users/setup', limit: 'accountChanges' },
  { method: 'PUT', path: '/users/me/authority', limit: 'accountChanges' },
  { method: 'POST', path: '/background-check', limit: 'accountChanges' },
  { method: 'POST', path: '/subscriptions/activate', limit: 'accountChanges' },
  { method: 'POST', path: '/subscriptions/cancel', limit: 'accountChanges' },
];

const compiled = WRITE_LIMIT_TABLE.map((row) => ({
  ...row,
  regex: new RegExp(`^${row.path.replace(/:\w+/g, '[^/]+')}/?$`),
}));

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The row of the table a request falls under, or undefined (then only `writes` applies). */
export function writeLimitRow(method: string, path: string) {
  return compiled.find((row) => row.method === method && row.regex.test(path));
}

/** The Express step (mounted on /api after the session and user are loaded). */
export const writeLimits: RequestHandler = async (req, res, next) => {
  if (!WRITE_METHODS.has(req.method) || !req.user) return next();
  const row = writeLimitRow(req.method, req.path);
  if (row && row.limit === null) return next();
  const account = String(req.user._id);
  addRefund(res, await consumeRateLimit('writes', account));
  if (row?.limit) addRefund(res, await consumeRateLimit(row.limit, account));
  next();
};
