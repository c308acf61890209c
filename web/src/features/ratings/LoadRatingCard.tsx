import { Button, Card, Heading, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  ASPECTS_OF_RATED_SIDE,
  RATING_ASPECT_LABELS,
  RATING_COMMENT_MAX,
  type RatingAspectScores,
  type RatingDto,
  type RatingSide,
} from '@freight/shared';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatUsDate } from '../../lib/dates';
import { useSubmit } from '../../lib/useSubmit';
import { useLoadRatingsStore } from '../../stores/ratings';
import { StarsInput, starsText } from './StarsInput';

const otherSide = (side: RatingSide): RatingSide => (side === 'carrier' ? 'poster' : 'carrier');

/** One rating as read: its scores and comment. */
function RatingView({ rating, testId }: { rating: RatingDto; testId: string }) {
  const aspects = Object.entries(rating.aspects) as Array<[keyof RatingAspectScores, number]>;
  return (
    <Stack gap="1" data-testid={testId}>
      <Text fontWeight="semibold">Overall: {starsText(rating.overall)}</Text>
      {aspects.length > 0 && (
        <Text fontSize="sm" color="gray.700">
          {aspects.map(([aspect, n]) => `${RATING_ASPECT_LABELS[aspect]}: ${starsText(n)}`).join(' · ')}
        </Text>
      )}
      {rating.comment && <Text fontSize="sm">“{rating.comment}”</Text>}
    </Stack>
  );
}

function RatingForm({
  loadId,
  ratedSide,
  rateeName,
  initial,
  onDone,
}: {
  loadId: string;
  ratedSide: RatingSide;
  rateeName: string;
  initial: RatingDto | null;
  onDone: () => void;
}) {
  const submitRating = useLoadRatingsStore((s) => s.submit);
  const [overall, setOverall] = useState<number | undefined>(initial?.overall);
  const [aspects, setAspects] = useState<RatingAspectScores>(initial?.aspects ?? {});
  const [comment, setComment] = useState(initial?.comment ?? '');
  const send = useSubmit(
    () => submitRating(loadId, { overall: overall!, aspects, comment }, initial !== null),
    {
      success: initial ? 'Your rating was changed.' : `Thank you: ${rateeName} has been rated.`,
      failure: 'refusal',
      onSuccess: onDone,
    },
  );
  return (
    <Stack
      as="form"
      gap="3"
      onSubmit={(e) => {
        e.preventDefault();
        if (overall) void send.submit();
      }}
    >
      <StarsInput label="Overall" value={overall} onChange={setOverall} />
      {ASPECTS_OF_RATED_SIDE[ratedSide].map((aspect) => (
        <StarsInput
          key={aspect}
          label={RATING_ASPECT_LABELS[aspect]}
          value={aspects[aspect]}
          onChange={(n) => setAspects((a) => ({ ...a, [aspect]: n }))}
        />
      ))}
      <Textarea
        aria-label="Comment (optional)"
        placeholder="Comment (optional)"
        maxLength={RATING_COMMENT_MAX}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <Button type="submit" colorPalette="orange" alignSelf="start" disabled={!overall || send.pending}>
        {initial ? 'Save rating' : 'Submit rating'}
      </Button>
    </Stack>
  );
}

/**
 * A delivered load's ratings (issue 40) for the viewer's side: "Rate <company>" until it rated, then its rating with
 * Edit while the 7 days last, and the other side's rating of it as soon as it is given (live).
 */
export function LoadRatingCard({ loadId }: { loadId: string }) {
  const entry = useLoadRatingsStore((s) => s.byId[loadId]);
  const load = useLoadRatingsStore((s) => s.load);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    void load(loadId);
  }, [loadId, load]);
  const ratings = entry?.data;
  if (!ratings?.side || !ratings.ratee) return null;
  const { ratee, given, received } = ratings;
  const profile = (
    <Link asChild color="blue.700">
      <RouterLink to={`/companies/${ratee.companyId}`}>{ratee.name || 'the other side'}</RouterLink>
    </Link>
  );
  return (
    <Card.Root as="section" aria-labelledby={`ratings-${loadId}`} data-testid="load-ratings">
      <Card.Header>
        <Heading as="h2" size="md" id={`ratings-${loadId}`}>
          {given ? 'Your rating of ' : ratings.canRate ? 'Rate ' : 'Ratings with '}
          {ratee.name || 'the other side'}
        </Heading>
      </Card.Header>
      <Card.Body gap="4">
        {(ratings.canRate || editing) && (
          <RatingForm
            loadId={loadId}
            ratedSide={otherSide(ratings.side)}
            rateeName={ratee.name}
            initial={editing ? given : null}
            onDone={() => setEditing(false)}
          />
        )}
        {given && !editing && (
          <Stack gap="2">
            <RatingView rating={given} testId="rating-given" />
            <Text fontSize="xs" color="gray.600">
              {given.viewerActions?.edit
                ? `You can change it until ${formatUsDate(given.editableUntil)}.`
                : 'It can no longer be changed.'}
            </Text>
            {given.viewerActions?.edit && (
              <Button size="sm" variant="outline" alignSelf="start" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
          </Stack>
        )}
        <Stack gap="1">
          <Text fontSize="sm" color="gray.600">
            {profile}
            {received ? ' rated you:' : ' has not rated you yet.'}
          </Text>
          {received && <RatingView rating={received} testId="rating-received" />}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
