/**
 * Every projector of the event log (issue 26), registered by importing its module. Each lives in its feature's
 * folder beside the code that records the facts it reads.
 */
import './features/loadHistory/projector';
import './features/loadDocuments/projector';
import './features/smallShipments/projectors';
import './features/shipmentWorkspace/projectors';
import './features/auth/projector';
import './features/documents/projector';
import './features/backgroundChecks/projector';
import './features/subscriptions/projector';
import './features/tracking/projectors';
import './features/tracking/stopClock/projectors';
import './features/freight/projectors';
import './features/freight/bookingRequests/projector';
import './features/freight/negotiations/projector';
import './features/freight/posterLoads/projector';
import './features/freight/savedSearches/projector';
import './features/freight/brokerShippers/projector';
import './features/companies/projector';
import './features/companies/team.projector';
import './features/webhooks/projector';
import './features/truckPosts/projector';
import './features/trips/projector';
import './features/fleet/projector';
import './features/ratings/projector';
import './features/invoices/projector';
import './features/invoices/overdue';
import './features/invoices/daysToPay.projector';
import './features/facilities/projector';
