/**
 * What the viewer may do with a load (issue 23): the server computes it from the access rules for each viewer and
 * sends it with the listing, and the web shows a button for each action present, in its state. An action the viewer
 * can never take is absent (no button); one they could take once verified or signed in carries that reason.
 */
export type LoadActionState =
  /** The viewer may do it now. */
  | 'allowed'
  /** A signed-out visitor: the button leads to sign-in. */
  | 'signIn'
  /** The viewer's role may do it, but only once their documents are approved. */
  | 'verify';

export interface LoadViewerActions {
  /** Ask to book the load (Request to Book on the board, Book Now on the air marketplace). */
  book?: LoadActionState;
  /** Make a rate offer. */
  offer?: LoadActionState;
  /**
   * Rate the other side, or change one's side's rating (issue 40): a delivered load's carrier or poster side, by a
   * role that rates (owner, admin, dispatcher, accounting). Whether a rating exists already the ratings answer says.
   */
  rate?: LoadActionState;
}

/** The reason shown beside the disabled button of a viewer who must be verified first (SPEC §5's texts). */
export const VERIFY_TO_BOOK_TEXT = 'Complete document verification to book freight.';
export const VERIFY_TO_OFFER_TEXT = 'Complete document verification to negotiate rates.';

/**
 * What the viewer may do with a rate offer (issue 26), computed per viewer by the server's freight policies; the web
 * shows the buttons present. Sent in the REST answers; a pushed offer carries none (it goes to both parties), and the
 * web reads the lists showing it again for the viewer's actions.
 */
export interface NegotiationViewerActions {
  /** Accept, reject or counter: the load's broker (or poster), while the offer is pending on an available load. */
  respond?: true;
  /** Revise the offer: the carrier who made it, while it is pending. */
  revise?: true;
  /** Accept or decline the broker's counter: the carrier, while it is countered. */
  answerCounter?: true;
  /** Counter the other side's last figure (issue 39): the side whose turn it is (broker: pending; carrier: countered). */
  counter?: true;
}

/** What the viewer may do with a booking request (issue 26); like NegotiationViewerActions, in REST answers only. */
export interface BookingRequestViewerActions {
  /** Approve or reject: the load's shipper or broker, while the request is pending on an available load. */
  review?: true;
}
