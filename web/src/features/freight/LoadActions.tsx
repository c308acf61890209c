import { Button, Text, type ButtonProps } from '@chakra-ui/react';
import {
  VERIFY_TO_BOOK_TEXT,
  type FreightListingDto,
  type LoadActionState,
  type UserDto,
  isCarrierOnLoad,
} from '@freight/shared';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export interface LoadActionsProps {
  listing: FreightListingDto;
  user: UserDto | null;
  /** The viewer has a pending booking request for this load. */
  requested?: boolean;
  onBook: (listing: FreightListingDto) => void;
  onOffer: (listing: FreightListingDto) => void;
  onSignInToBook: () => void;
  size?: ButtonProps['size'];
}

/**
 * The state of one action for this viewer: the server's (`viewerActions`, issue 23), except that a viewer verified
 * since the listing was read may act at once (the server checks again).
 */
function stateOf(state: LoadActionState | undefined, user: UserDto | null): LoadActionState | undefined {
  return state === 'verify' && user?.isVerified ? 'allowed' : state;
}

/**
 * A load's actions on the board, the same on a card and a table row (SPEC §2, issue 23): only the actions the
 * server says the viewer may take. One booking button (Request to Book; Sign In to Book for visitors; a disabled
 * Verification Required with the reason for an unverified carrier, and then no offer button), Make Offer, and
 * Track for booked loads.
 */
export function LoadActions({
  listing: l,
  user,
  requested,
  onBook,
  onOffer,
  onSignInToBook,
  size = 'sm',
}: LoadActionsProps) {
  const reasonId = useId();
  const trackable = isCarrierOnLoad(l.status);
  // Only an available load is booked or offered on (a push may bring a load's new status before its actions).
  const available = (l.status || 'available') === 'available';
  const book = available ? stateOf(l.viewerActions?.book, user) : undefined;
  const offer = available ? stateOf(l.viewerActions?.offer, user) : undefined;

  let bookingButton = null;
  if (book === 'signIn') {
    bookingButton = (
      <Button size={size} colorPalette="blue" onClick={onSignInToBook}>
        Sign In to Book
      </Button>
    );
  } else if (book === 'verify') {
    bookingButton = (
      <>
        <Button size={size} disabled aria-describedby={reasonId}>
          Verification Required
        </Button>
        <Text id={reasonId} fontSize="xs" color="gray.600" data-testid="verification-reason">
          {VERIFY_TO_BOOK_TEXT}
        </Text>
      </>
    );
  } else if (book === 'allowed' && requested) {
    bookingButton = (
      <Button size={size} disabled>
        Requested
      </Button>
    );
  } else if (book === 'allowed') {
    bookingButton = (
      <Button size={size} colorPalette="blue" onClick={() => onBook(l)}>
        Request to Book
      </Button>
    );
  }

  return (
    <>
      {bookingButton}
      {trackable && (
        <Button asChild size={size} variant="outline" colorPalette="blue">
          <RouterLink to={`/tracking/${l.id}`}>Track</RouterLink>
        </Button>
      )}
      {(offer === 'allowed' || offer === 'signIn') && (
        <Button size={size} variant="outline" onClick={() => onOffer(l)}>
          Make Offer
        </Button>
      )}
    </>
  );
}
