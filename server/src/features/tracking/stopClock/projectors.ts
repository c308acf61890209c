import {
  QUEUES,
  STOP_VISIT_FACTS,
  clockTimeText,
  freeTimeText,
  freeTimeWarningAt,
  loadReference,
  rooms,
} from '@freight/shared';
import { Types } from 'mongoose';
import { registerProjector } from '../../../events/projectors';
import { now } from '../../../infra/clock';
import { enqueue } from '../../../queues';
import { publish } from '../../../realtime/publish';
import { FreightModel, type FreightListing } from '../../freight/model';
import { notify } from '../../notifications/service';
import { freeTimeWarningJobId, stopClockOf, stopSites, toStopVisitDto } from './service';

/** The name of the stop-clock queue's job: a stop's free-time warning. */
export const FREE_TIME_WARNING = 'freeTimeWarning';

/**
 * The clock's transitions (issue 41) on both sides' tracking pages: the stop's visit as it stands now (a replay
 * pushes the current one, which the page keeps); it carries no money, so one push serves every viewer.
 */
export const stopClockPushProjector = registerProjector({
  name: 'stop-clock-push',
  applicableEvents: [...STOP_VISIT_FACTS],
  async handle(event) {
    if (!(STOP_VISIT_FACTS as readonly string[]).includes(event.name) || !event.loadId) return;
    const load = await FreightModel.findById(event.loadId).lean<FreightListing>();
    if (!load) return;
    const sequence = (event.data as { stop: { sequence: number } }).stop.sequence;
    const site = stopSites(load).find((s) => s.sequence === sequence);
    if (!site) return;
    const clock = await stopClockOf(load._id);
    const visit = toStopVisitDto(
      site,
      clock?.visits.find((v) => v.sequence === sequence),
    );
    publish('freight:stopVisit', rooms.freight(event.loadId), { freightId: event.loadId, visit });
  },
});

/**
 * An arrival schedules its stop's free-time warning, a delayed job at the arrival plus the free time less 15 minutes
 * (at once, if that is past: a late arrival); the job's handler decides (the truck may have left).
 */
export const stopClockWarningsProjector = registerProjector({
  name: 'stop-clock-warnings',
  applicableEvents: ['stop.arrived'],
  async handle(event) {
    if (event.name !== 'stop.arrived' || !event.loadId) return;
    const job = { loadId: event.loadId, sequence: event.data.stop.sequence };
    const due = freeTimeWarningAt(event.data.at, event.data.freeTimeMinutes);
    await enqueue(QUEUES.stopClock, FREE_TIME_WARNING, job, {
      jobId: freeTimeWarningJobId(job),
      delay: Math.max(0, due.getTime() - now().getTime()),
    });
  },
});

/**
 * The warning to the poster's side (the load's poster, broker and shipper, as stop reports are told): an in-app
 * notification, and push and mail as each person's preferences for load status and tracking say. The time is the
 * facility's, labelled with its zone ("3:40 pm CDT").
 */
export const stopClockNoticesProjector = registerProjector({
  name: 'stop-clock-notices',
  applicableEvents: ['stop.freeTimeEnding'],
  async handle(event) {
    if (event.name !== 'stop.freeTimeEnding' || !event.loadId) return;
    const freightId = event.loadId;
    const d = event.data;
    const load = await FreightModel.findById(freightId).lean<FreightListing>();
    if (!load) return;
    const posterSide = [load.userId, load.brokerId, load.shipperId]
      .filter((id): id is Types.ObjectId => Boolean(id))
      .map(String);
    const starts = clockTimeText(d.detentionStartsAt, d.timeZone);
    const title = `Detention starts at ${starts} at ${d.facilityName}`;
    const body = `Load ${loadReference(freightId)} (${load.title}): the truck has been at ${d.facilityName} since ${clockTimeText(d.arrivedAt, d.timeZone)}; its free time (${freeTimeText(d.freeTimeMinutes)}) ends at ${starts}.`;
    await Promise.all(
      [...new Set(posterSide)].map((userId) =>
        notify({
          userId,
          kind: 'freight_status',
          title,
          body,
          link: `/tracking/${freightId}`,
          dedupeKey: `${event.id}-${userId}`,
        }),
      ),
    );
  },
});
