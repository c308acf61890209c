import { Button, type ButtonProps } from '@chakra-ui/react';
import type { FreightListingDto, UserDto } from '@freight/shared';
import { Link as RouterLink } from 'react-router-dom';
import { TRACKABLE } from './format';

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
 * A load's actions on the board, the same on a card and a table row (SPEC §2): the booking button by the viewer's
 * state, Track for booked loads, Make Offer and Book Load while it is available.
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
  const available = (l.status || 'available') === 'available';
  const trackable = TRACKABLE.includes(l.status);

  // Only an available load can be booked: a booked load keeps no booking button.
  let bookingButton = null;
  if (available && !user) {
    bookingButton = (
      <Button size={size} colorPalette="blue" onClick={onSignInToBook}>
        Sign In to Book
      </Button>
    );
  } else if (available && !user!.isVerified) {
    bookingButton = (
      <Button size={size} disabled>
        Verification Required
      </Button>
    );
  } else if (available && requested) {
    bookingButton = (
      <Button size={size} disabled>
        Requested
      </Button>
    );
  } else if (available) {
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
      {available && (
        <>
          <Button size={size} variant="outline" onClick={() => onOffer(l)}>
            Make Offer
          </Button>
          <Button size={size} colorPalette="green" onClick={() => (user ? onBook(l) : onSignInToBook())}>
            Book Load
          </Button>
        </>
      )}
    </>
  );
}
