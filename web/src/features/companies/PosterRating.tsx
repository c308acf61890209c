import { Link } from '@chakra-ui/react';
import { NEW_ON_PLATFORM_TEXT, type FreightListingDto } from '@freight/shared';
import { Link as RouterLink } from 'react-router-dom';

/**
 * The poster's company's rating on a load (issue 40), linking to its profile: "4.6 ★ (12)", or "New on
 * FreightConnect" below 3 ratings. A load pushed live carries no figure: the link alone until the next read.
 */
export function PosterRating({
  listing,
}: {
  listing: Pick<FreightListingDto, 'userId' | 'companyId' | 'posterRating'>;
}) {
  const rating = listing.posterRating;
  const text = !rating
    ? 'Company profile'
    : rating.average != null
      ? `${rating.average.toFixed(1)} ★ (${rating.count} ratings)`
      : NEW_ON_PLATFORM_TEXT;
  return (
    <Link asChild fontSize="sm" color="orange.700" data-testid="poster-rating">
      <RouterLink to={`/companies/${rating?.companyId ?? listing.companyId ?? listing.userId}`}>
        {text}
      </RouterLink>
    </Link>
  );
}
