/**
 * What the signed-in user may do across the product (issue 26), computed by the server's policies and sent with the
 * user (GET /api/auth/user and every answer that returns the user), so the web shows buttons and cards from these and
 * never from the account type. An action the user may not take is absent.
 */
export interface AccountViewerActions {
  /** The board's Post Freight button (SPEC §2, §6): a verified shipper (brokers post from the Broker Hub). */
  postLoad?: true;
  /** The air marketplace's Post Air Shipment buttons (SPEC §6): air cargo operators (verification checked on post). */
  postAirShipment?: true;
  /** Ask to book loads: the types that haul (carriers road loads, air cargo operators air shipments). */
  bookLoads?: true;
  /** Make rate offers on road loads: carriers. */
  makeOffers?: true;
  /** The Carrier Booking Requests card: shippers, brokers, and air cargo operators for their shipments. */
  reviewBookingRequests?: true;
  /** The dashboard's offers on one's loads: shippers (brokers answer theirs on the Broker Hub). */
  answerOffers?: true;
  /** Broker invitations addressed to one's email: shippers. */
  answerBrokerInvitations?: true;
  /** Share the phone's position with one's booked road loads from /mobile: carriers. */
  shareTripLocation?: true;
  /** Post small shipments and follow them in My Shipments: individual customers (SPEC §6's Post Small Load). */
  postSmallShipments?: true;
  /** Offer routes to small shipments (My Routes): individual drivers. */
  offerRoutes?: true;
  /** Fill in one's background check: individual drivers. */
  submitBackgroundCheck?: true;
  /** Give MC and USDOT numbers: the types FMCSA registers. */
  setAuthority?: true;
  /** Make API keys and register webhooks on /developers (issue 30): a company's owners and admins. */
  manageIntegrations?: true;
  /** Invoices sent and received (/invoices, issue 40): the money roles and dispatchers of a company in freight. */
  listInvoices?: true;
  /** See the company's posted trucks on /trucks (My Truck Posts): a carrier's reading roles. */
  listTruckPosts?: true;
  /** Post, edit and withdraw trucks (Post a Truck): a carrier's owners, admins and dispatchers. */
  postTrucks?: true;
  /** The Trucks board of posted trucks on /trucks: brokers and shippers (and admins). */
  searchTrucks?: true;
  /** Keep one's own CDL and medical card on /fleet: a carrier company's drivers. */
  keepDriverCompliance?: true;
}
