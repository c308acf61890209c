import { Router, type Request } from 'express';
import { currentActor, currentUser, requireUser } from '../../http/auth';
import { toActor } from '../../policies';
import type { Runtime } from '../../runtime';
import {
  listBookingRequests,
  myBookingRequests,
  requestBooking,
  reviewBookingRequest,
} from './bookingRequests/service';
import {
  answerInvitation,
  inviteShipper,
  listBrokerInvitations,
  listBrokerShippers,
  listShipperInvitations,
} from './brokerShippers/service';
import {
  answerCounter,
  reviseOffer,
  brokerNegotiations,
  makeOffer,
  myNegotiations,
  receivedNegotiations,
  respondToOffer,
} from './negotiations/service';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  updateSavedSearch,
} from './savedSearches/service';
import {
  brokerFreight,
  brokerStats,
  cancelListing,
  createListing,
  getListing,
  myListings,
  searchListings,
  updateListing,
} from './service';

/** The board is public: signed-out visitors read it too (the actor is null for them). */
const optionalActor = (req: Request) => (req.user ? toActor(req.user) : null);
const param = (req: Request, name: string) => String(req.params[name]);

/** SPEC §7 calls 6-13 and 25-28, plus edit/remove, shipper relationships, saved searches and counter offers. */
export function createFreightRouter(_rt: Runtime): Router {
  const router = Router();

  // Listings (calls 8, 9, 12, 13) and the Broker Hub's Edit / Remove.
  router.get('/freight', async (req, res) => {
    res.json(await searchListings(optionalActor(req), req.query));
  });
  router.post('/freight', requireUser, async (req, res) => {
    res.status(201).json(await createListing(currentActor(req), currentUser(req), req.body));
  });
  router.get('/freight/my-listings', requireUser, async (req, res) => {
    res.json(await myListings(currentActor(req), req.query));
  });
  router.get('/freight/:id', async (req, res) => {
    res.json(await getListing(optionalActor(req), param(req, 'id')));
  });
  router.patch('/freight/:id', requireUser, async (req, res) => {
    res.json(await updateListing(currentActor(req), param(req, 'id'), req.body));
  });
  router.post('/freight/:id/cancel', requireUser, async (req, res) => {
    res.json(await cancelListing(currentActor(req), param(req, 'id')));
  });

  // Booking requests (calls 6, 7, 10).
  router.post('/freight/:id/book', requireUser, async (req, res) => {
    res.status(201).json(await requestBooking(currentActor(req), param(req, 'id'), req.body));
  });
  router.get('/booking-requests', requireUser, async (req, res) => {
    res.json(await listBookingRequests(currentActor(req), req.query));
  });
  router.get('/booking-requests/mine', requireUser, async (req, res) => {
    res.json(await myBookingRequests(currentActor(req), req.query));
  });
  router.post('/booking-requests/:id/review', requireUser, async (req, res) => {
    res.json(await reviewBookingRequest(currentActor(req), param(req, 'id'), req.body));
  });

  // Rate offers and negotiations (calls 11, 26, 28).
  router.post('/freight/:id/negotiate', requireUser, async (req, res) => {
    res.status(201).json(await makeOffer(currentActor(req), param(req, 'id'), req.body));
  });
  router.get('/negotiations/mine', requireUser, async (req, res) => {
    res.json(await myNegotiations(currentActor(req), req.query));
  });
  router.get('/negotiations/received', requireUser, async (req, res) => {
    res.json(await receivedNegotiations(currentActor(req), req.query));
  });
  for (const action of ['accept', 'reject', 'counter'] as const) {
    router.post(`/negotiations/:id/${action}`, requireUser, async (req, res) => {
      res.json(await respondToOffer(currentActor(req), param(req, 'id'), action, req.body));
    });
  }
  router.post('/negotiations/:id/revise', requireUser, async (req, res) => {
    res.json(await reviseOffer(currentActor(req), param(req, 'id'), req.body));
  });
  router.post('/negotiations/:id/accept-counter', requireUser, async (req, res) => {
    res.json(await answerCounter(currentActor(req), param(req, 'id'), true, req.body));
  });
  router.post('/negotiations/:id/decline-counter', requireUser, async (req, res) => {
    res.json(await answerCounter(currentActor(req), param(req, 'id'), false));
  });

  // Broker Hub (calls 25-27 and Add Shipper Relationship).
  router.get('/broker/freight', requireUser, async (req, res) => {
    res.json(await brokerFreight(currentActor(req), req.query));
  });
  router.get('/broker/stats', requireUser, async (req, res) => {
    res.json(await brokerStats(currentActor(req)));
  });
  router.get('/broker/negotiations', requireUser, async (req, res) => {
    res.json(await brokerNegotiations(currentActor(req), req.query));
  });
  router.get('/broker/shippers', requireUser, async (req, res) => {
    res.json(await listBrokerShippers(currentActor(req), req.query));
  });
  router.post('/broker/shippers', requireUser, async (req, res) => {
    res.status(201).json(await inviteShipper(currentActor(req), req.body));
  });
  router.get('/broker/invitations', requireUser, async (req, res) => {
    res.json(await listBrokerInvitations(currentActor(req), req.query));
  });
  router.get('/shipper/invitations', requireUser, async (req, res) => {
    res.json(await listShipperInvitations(currentActor(req), req.query));
  });
  router.post('/shipper/invitations/:id/accept', requireUser, async (req, res) => {
    res.json(await answerInvitation(currentActor(req), param(req, 'id'), 'accept'));
  });
  router.post('/shipper/invitations/:id/decline', requireUser, async (req, res) => {
    res.json(await answerInvitation(currentActor(req), param(req, 'id'), 'decline'));
  });

  // Saved searches with alerts.
  router.get('/saved-searches', requireUser, async (req, res) => {
    res.json(await listSavedSearches(currentActor(req), req.query));
  });
  router.post('/saved-searches', requireUser, async (req, res) => {
    res.status(201).json(await createSavedSearch(currentActor(req), req.body));
  });
  router.patch('/saved-searches/:id', requireUser, async (req, res) => {
    res.json(await updateSavedSearch(currentActor(req), param(req, 'id'), req.body));
  });
  router.delete('/saved-searches/:id', requireUser, async (req, res) => {
    await deleteSavedSearch(currentActor(req), param(req, 'id'));
    res.status(204).end();
  });

  return router;
}
