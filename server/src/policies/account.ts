import type { AccountViewerActions } from '@freight/shared';
import { backgroundChecksPolicies } from './backgroundChecks';
import { actsOnLoads, managesIntegrations } from './companies';
import { driverRoutesPolicies } from './driverRoutes';
import { fleetPolicies } from './fleet';
import { invoicesPolicies } from './invoices';
import { freightPolicies } from './freight';
import { truckPostsPolicies } from './truckPosts';
import type { Actor } from './types';
import { userPolicies } from './users';

/**
 * The actions the signed-in user may take across the product (issue 26, as Outline's presentPolicies): sent with the
 * user so the web shows buttons and cards from these, never from the account type. Where the SPEC shows a button to
 * a role without its rule (the board's Post Freight, the air Post buttons, the dashboard cards), the role is named
 * here, once.
 */
export function viewerAccountActions(actor: Actor): AccountViewerActions {
  const type = actor.userType;
  const allowed: Record<keyof AccountViewerActions, boolean> = {
    postLoad: type === 'shipper' && freightPolicies['freight:post'](actor),
    postAirShipment: type === 'air_cargo' && actsOnLoads(actor),
    bookLoads: freightPolicies['freight:haul'](actor),
    makeOffers: freightPolicies['freight:offer'](actor),
    reviewBookingRequests: freightPolicies['booking:list'](actor),
    answerOffers: type === 'shipper' && actsOnLoads(actor),
    answerBrokerInvitations: freightPolicies['brokerInvitation:list'](actor),
    shareTripLocation: type === 'carrier' && actsOnLoads(actor),
    postSmallShipments: type === 'individual_customer' && actsOnLoads(actor),
    offerRoutes: driverRoutesPolicies['driverRoute:create'](actor),
    submitBackgroundCheck: backgroundChecksPolicies['backgroundCheck:submit'](actor),
    setAuthority: userPolicies['user:setAuthority'](actor),
    manageIntegrations: managesIntegrations(actor),
    listInvoices: invoicesPolicies['invoice:list'](actor),
    listTruckPosts: truckPostsPolicies['truckPost:listOwn'](actor),
    postTrucks: truckPostsPolicies['truckPost:post'](actor),
    searchTrucks: truckPostsPolicies['truckPost:search'](actor),
    keepDriverCompliance: fleetPolicies['driver:keepCompliance'](actor),
  };
  return Object.fromEntries(
    Object.entries(allowed).flatMap(([action, yes]) => (yes ? [[action, true]] : [])),
  ) as AccountViewerActions;
}
