import { Link } from '@chakra-ui/react';
import { NEW_ON_PLATFORM_TEXT, daysToPayText, type RatingBadgeDto } from '@freight/shared';
import { Link as RouterLink } from 'react-router-dom';

/**
 * The poster's company's rating and days-to-pay on a load (issue 40), linking to its profile (`partyId`: the poster's
 * company, or the poster without one): "4.6 ★ (12 ratings) · Pays in 18.3 days · 75% on time (4 invoices)", each
 * figure from 3 ratings or paid invoices on, or "New on FreightConnect" with neither. A load pushed live carries no
 * badge: the link alone until the next read.
 */
export function PosterRating({ rating, partyId }: { rating: RatingBadgeDto | undefined; partyId: string }) {
  const figures = rating
    ? [
        rating.average != null && `${rating.average.toFixed(1)} ★ (${rating.count} ratings)`,
        rating.daysToPay && daysToPayText(rating.daysToPay),
      ].filter(Boolean)
    : [];
  const text = !rating ? 'Company profile' : figures.join(' · ') || NEW_ON_PLATFORM_TEXT;
  return (
    <Link asChild fontSize="sm" color="orange.700" data-testid="poster-rating">
      <RouterLink to={`/companies/${rating?.companyId ?? partyId}`}>{text}</RouterLink>
    </Link>
  );
}
