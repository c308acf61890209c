import {
  addShipperSchema,
  bookingRequestSchema,
  bookingReviewSchema,
  counterOfferSchema,
  freightSearchSchema,
  offerVersionSchema,
  pinDockParamsSchema,
  pinDockSchema,
  postLoadSchema,
  rateOfferSchema,
  reviseOfferSchema,
  savedSearchSchema,
  savedSearchUpdateSchema,
  updateLoadSchema,
} from '@freight/shared';
import { Router, type Request } from 'express';
import { currentActor, currentUser, requireUser } from '../../http/auth';
import { pageQuerySchema, validate } from '../../http/validate';
import { toActor } from '../../policies';
import { pinDock } from './dockPins/service';
import type { Runtime } from '../../runtimeTypes';
import {
  bookingRequestListSchema,
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
  acceptOfferSchema,
  answerCounter,
  counterOffer,
  negotiationListSchema,
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
import { withPosterRatings } from '../companies/ratingSummaries';
import { loadInterest, withdrawListing } from './posterLoads/service';
import {
  brokerFreight,
  brokerFreightSchema,
  brokerStats,
  cancelListing,
  createListing,
  getListing,
  myListings,
  myListingsSchema,
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
  const search = validate({ query: freightSearchSchema });
  router.get('/freight', search, async (req, res) => {
    const page = await searchListings(optionalActor(req), search.input(res).query);
    res.json({ ...page, items: await withPosterRatings(page.items) });
  });
  const post = validate({ body: postLoadSchema });
  router.post('/freight', requireUser, post, async (req, res) => {
    res.status(201).json(await createListing(currentActor(req), currentUser(req), post.input(res).body));
  });
  const mine = validate({ query: myListingsSchema });
  router.get('/freight/my-listings', requireUser, mine, async (req, res) => {
    res.json(await myListings(currentActor(req), mine.input(res).query));
  });
  router.get('/freight/:id', async (req, res) => {
    const [listing] = await withPosterRatings([await getListing(optionalActor(req), param(req, 'id'))]);
    res.json(listing);
  });
  const edit = validate({ body: updateLoadSchema });
  router.patch('/freight/:id', requireUser, edit, async (req, res) => {
    res.json(await updateListing(currentActor(req), param(req, 'id'), edit.input(res).body));
  });
  router.post('/freight/:id/cancel', requireUser, async (req, res) => {
    res.json(await cancelListing(currentActor(req), param(req, 'id')));
  });
  // The poster's load page (issue 23): the load with its booking requests and offers.
  router.get('/freight/:id/interest', requireUser, async (req, res) => {
    res.json(await loadInterest(currentActor(req), param(req, 'id')));
  });
  router.post('/freight/:id/withdraw', requireUser, async (req, res) => {
    res.json(await withdrawListing(currentActor(req), param(req, 'id')));
  });

  // A stop's dock pinned on the map (issue 39).
  const pin = validate({ params: pinDockParamsSchema, body: pinDockSchema });
  router.post('/freight/:id/stops/:which/pin', requireUser, pin, async (req, res) => {
    const { params, body } = pin.input(res);
    res.json(await pinDock(currentActor(req), params.id, params.which, body));
  });

  // Booking requests (calls 6, 7, 10).
  const book = validate({ body: bookingRequestSchema });
  router.post('/freight/:id/book', requireUser, book, async (req, res) => {
    res.status(201).json(await requestBooking(currentActor(req), param(req, 'id'), book.input(res).body));
  });
  const bookingRequests = validate({ query: bookingRequestListSchema });
  router.get('/booking-requests', requireUser, bookingRequests, async (req, res) => {
    res.json(await listBookingRequests(currentActor(req), bookingRequests.input(res).query));
  });
  router.get('/booking-requests/mine', requireUser, bookingRequests, async (req, res) => {
    res.json(await myBookingRequests(currentActor(req), bookingRequests.input(res).query));
  });
  const review = validate({ body: bookingReviewSchema });
  router.post('/booking-requests/:id/review', requireUser, review, async (req, res) => {
    res.json(await reviewBookingRequest(currentActor(req), param(req, 'id'), review.input(res).body));
  });

  // Rate offers and negotiations (calls 11, 26, 28).
  const offer = validate({ body: rateOfferSchema });
  router.post('/freight/:id/negotiate', requireUser, offer, async (req, res) => {
    res.status(201).json(await makeOffer(currentActor(req), param(req, 'id'), offer.input(res).body));
  });
  const negotiations = validate({ query: negotiationListSchema });
  router.get('/negotiations/mine', requireUser, negotiations, async (req, res) => {
    res.json(await myNegotiations(currentActor(req), negotiations.input(res).query));
  });
  router.get('/negotiations/received', requireUser, negotiations, async (req, res) => {
    res.json(await receivedNegotiations(currentActor(req), negotiations.input(res).query));
  });
  const accept = validate({ body: acceptOfferSchema });
  router.post('/negotiations/:id/accept', requireUser, accept, async (req, res) => {
    res.json(await respondToOffer(currentActor(req), param(req, 'id'), accept.input(res).body));
  });
  router.post('/negotiations/:id/reject', requireUser, async (req, res) => {
    res.json(await respondToOffer(currentActor(req), param(req, 'id'), { action: 'reject' }));
  });
  const counter = validate({ body: counterOfferSchema });
  router.post('/negotiations/:id/counter', requireUser, counter, async (req, res) => {
    res.json(await counterOffer(currentActor(req), param(req, 'id'), counter.input(res).body));
  });
  const revise = validate({ body: reviseOfferSchema });
  router.post('/negotiations/:id/revise', requireUser, revise, async (req, res) => {
    res.json(await reviseOffer(currentActor(req), param(req, 'id'), revise.input(res).body));
  });
  const acceptCounter = validate({ body: offerVersionSchema });
  router.post('/negotiations/:id/accept-counter', requireUser, acceptCounter, async (req, res) => {
    const { version } = acceptCounter.input(res).body;
    res.json(await answerCounter(currentActor(req), param(req, 'id'), { accept: true, version }));
  });
  router.post('/negotiations/:id/decline-counter', requireUser, async (req, res) => {
    res.json(await answerCounter(currentActor(req), param(req, 'id'), { accept: false }));
  });

  // Broker Hub (calls 25-27 and Add Shipper Relationship).
  const brokerLoads = validate({ query: brokerFreightSchema });
  router.get('/broker/freight', requireUser, brokerLoads, async (req, res) => {
    res.json(await brokerFreight(currentActor(req), brokerLoads.input(res).query));
  });
  router.get('/broker/stats', requireUser, async (req, res) => {
    res.json(await brokerStats(currentActor(req)));
  });
  router.get('/broker/negotiations', requireUser, negotiations, async (req, res) => {
    res.json(await brokerNegotiations(currentActor(req), negotiations.input(res).query));
  });
  const page = validate({ query: pageQuerySchema });
  router.get('/broker/shippers', requireUser, page, async (req, res) => {
    res.json(await listBrokerShippers(currentActor(req), page.input(res).query));
  });
  const invite = validate({ body: addShipperSchema });
  router.post('/broker/shippers', requireUser, invite, async (req, res) => {
    res.status(201).json(await inviteShipper(currentActor(req), invite.input(res).body));
  });
  router.get('/broker/invitations', requireUser, page, async (req, res) => {
    res.json(await listBrokerInvitations(currentActor(req), page.input(res).query));
  });
  router.get('/shipper/invitations', requireUser, page, async (req, res) => {
    res.json(await listShipperInvitations(currentActor(req), page.input(res).query));
  });
  router.post('/shipper/invitations/:id/accept', requireUser, async (req, res) => {
    res.json(await answerInvitation(currentActor(req), param(req, 'id'), 'accept'));
  });
  router.post('/shipper/invitations/:id/decline', requireUser, async (req, res) => {
    res.json(await answerInvitation(currentActor(req), param(req, 'id'), 'decline'));
  });

  // Saved searches with alerts.
  router.get('/saved-searches', requireUser, page, async (req, res) => {
    res.json(await listSavedSearches(currentActor(req), page.input(res).query));
  });
  const saveSearch = validate({ body: savedSearchSchema });
  router.post('/saved-searches', requireUser, saveSearch, async (req, res) => {
    res.status(201).json(await createSavedSearch(currentActor(req), saveSearch.input(res).body));
  });
  const editSearch = validate({ body: savedSearchUpdateSchema });
  router.patch('/saved-searches/:id', requireUser, editSearch, async (req, res) => {
    res.json(await updateSavedSearch(currentActor(req), param(req, 'id'), editSearch.input(res).body));
  });
  router.delete('/saved-searches/:id', requireUser, async (req, res) => {
    await deleteSavedSearch(currentActor(req), param(req, 'id'));
    res.status(204).end();
  });

  return router;
}
