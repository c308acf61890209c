import { RATING_ASPECTS, rooms, type RatingAspectScores, type RatingDto } from '@freight/shared';
import { registerProjector } from '../../events/projectors';
import { publish } from '../../realtime/publish';
import { notify } from '../notifications/service';
import {
  RatingSummaryModel,
  emptySummary,
  toSummaryDto,
  type RatingSummary,
} from '../companies/ratingSummaries';

type Scores = { overall: number; aspects: RatingAspectScores };

/** The summary with one rating's scores added (`sign` 1) or taken out (-1). */
function counted(summary: RatingSummary, scores: Scores, sign: 1 | -1): RatingSummary {
  const distribution = [...summary.distribution];
  distribution[scores.overall - 1] = (distribution[scores.overall - 1] ?? 0) + sign;
  const aspectSums = { ...summary.aspectSums };
  for (const aspect of RATING_ASPECTS) {
    const score = scores.aspects[aspect];
    if (score == null) continue;
    const was = aspectSums[aspect] ?? { sum: 0, count: 0 };
    aspectSums[aspect] = { sum: was.sum + sign * score, count: was.count + sign };
  }
  return {
    ...summary,
    count: summary.count + sign,
    sum: summary.sum + sign * scores.overall,
    distribution,
    aspectSums,
  };
}

/** Both parties' rooms: a company's, or (a party without one: its id is the person's) the person's. */
const partiesRooms = (rating: RatingDto) =>
  [rating.toCompanyId, rating.fromCompanyId].flatMap((id) => [rooms.company(id), rooms.user(id)]);

/**
 * Ratings (issue 40, item 5): keeps `company_rating_summaries` (count, sum, 1–5 distribution, per-aspect sums per
 * rated party) from the facts, so a profile or a load card reads a company's rating by one equality; pushes the
 * rating and the new summary to both parties' rooms, and tells the rated party's person on the load.
 */
export const ratingsProjector = registerProjector({
  name: 'ratings',
  applicableEvents: ['rating.given', 'rating.changed'],
  async handle(event) {
    if (event.name !== 'rating.given' && event.name !== 'rating.changed') return;
    const { rating } = event.data;
    const id = rating.toCompanyId;
    let summary = (await RatingSummaryModel.findById(id).lean<RatingSummary>()) ?? emptySummary(id);
    // A fact handed over again (a crash before the projector kept its place) is counted once.
    if (summary.lastSeq < event.seq) {
      if (event.name === 'rating.changed') summary = counted(summary, event.data.previous, -1);
      summary = { ...counted(summary, rating, 1), lastSeq: event.seq };
      await RatingSummaryModel.replaceOne({ _id: id }, summary, { upsert: true });
    }
    publish('rating:changed', partiesRooms(rating), { rating, summary: toSummaryDto(summary) });
    const toUserId = event.subjects.toUserId;
    if (!toUserId) return;
    const given = event.name === 'rating.given';
    await notify({
      userId: toUserId,
      kind: 'general',
      title: given
        ? `${rating.fromName || 'The other side'} rated you`
        : `${rating.fromName || 'The other side'} changed their rating`,
      body: `${rating.overall} of 5 stars for a delivered load${rating.comment ? `: “${rating.comment.slice(0, 120)}”` : '.'}`,
      link: `/companies/${rating.toCompanyId}`,
      dedupeKey: `${event.id}-${toUserId}`,
    });
  },
});
