import type { Ack, ClientToServerEvents } from '@freight/shared';
import { z, type ZodType } from 'zod';
import { serviceUnavailable, toAppError } from '../http/errors';
import { outageSuspected } from '../infra/availability';
import { parse } from '../http/validate';
import type { Logger } from '../infra/logger';
import type { AppSocket } from './types';

type ClientEvent = keyof ClientToServerEvents;
/** What an event's ack carries on success (its `Ack<T>`'s T). */
type AckData<E extends ClientEvent> = Parameters<ClientToServerEvents[E]>[1] extends (
  res: Ack<infer T>,
) => void
  ? T
  : never;

/** `schema`, every failure of it answered as `message` (a payload refused as a whole). */
export function expecting<S extends ZodType>(schema: S, message: string) {
  return z.unknown().transform((payload, ctx): z.output<S> => {
    const parsed = schema.safeParse(payload);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

/**
 * The longest a client waits for an ack: a handler still running then (a service that does not answer) is answered
 * SERVICE_UNAVAILABLE, as REST answers 503. Every call to a service is bounded by about a second
 * (infra/availability.ts), so only an outage, or a machine far too busy, gets there.
 */
export const ACK_DEADLINE_MS = 1_800;
/** However busy the machine, no ack waits longer than this. */
export const ACK_HARD_DEADLINE_MS = 15_000;

/** The Redis command connection's state, for outageSuspected (set by the gateway). */
let redisStatus: () => string | undefined = () => undefined;
export function watchRedisStatus(fn: () => string): void {
  redisStatus = fn;
}

/** An error as an ack (DESIGN §1): AppErrors as they are, outages as 503, anything else INTERNAL_ERROR (logged). */
export function errorAck(err: unknown, log: Logger, event: string): Ack<never> {
  const appError = toAppError(err);
  if (!appError) log.error(`socket event ${event} failed`, err);
  return appError
    ? { ok: false, error: { code: appError.code, message: appError.message } }
    : { ok: false, error: { code: 'INTERNAL_ERROR', message: 'Something went wrong. Please try again.' } };
}

/** Every client event and its payload schema, as registered (the fuzz test reads it; one entry per event). */
export const registeredClientEvents = new Map<string, ZodType>();

/**
 * How a feature listens to a client event: the payload is parsed with `schema` (text that cannot be stored and any
 * failure answer what `parse` answers), the handler runs with it typed, and the ack gets DESIGN §1's shape
 * whatever goes wrong (an unexpected error is logged and answered as INTERNAL_ERROR), within ACK_DEADLINE_MS.
 */
export function clientEvents(socket: AppSocket, log: Logger) {
  return function on<E extends ClientEvent, S extends ZodType>(
    event: E,
    schema: S,
    handler: (input: z.output<S>) => Promise<AckData<E>> | AckData<E>,
  ): void {
    registeredClientEvents.set(event, schema);
    const listener = async (payload: unknown, ack: unknown): Promise<void> => {
      let answered = false;
      const answer = (res: Ack<AckData<E>>) => {
        if (answered) return;
        answered = true;
        if (typeof ack === 'function') ack(res);
      };
      // At the deadline the ack says 503 if a service looks down; on a healthy, busy machine the handler's own answer
      // is awaited (up to ACK_HARD_DEADLINE_MS, then 503 all the same).
      const started = Date.now();
      const unavailable = () => {
        const err = serviceUnavailable();
        answer({ ok: false, error: { code: err.code, message: err.message } });
      };
      let deadline: NodeJS.Timeout;
      const check = () => {
        if (answered) return;
        if (outageSuspected(redisStatus()) || Date.now() - started >= ACK_HARD_DEADLINE_MS)
          return unavailable();
        deadline = setTimeout(check, 250);
      };
      deadline = setTimeout(check, ACK_DEADLINE_MS);
      try {
        answer({ ok: true, data: await handler(parse(schema, payload)) });
      } catch (err) {
        answer(errorAck(err, log, event));
      } finally {
        clearTimeout(deadline);
      }
    };
    // The listener takes any payload: the schema, not the event's declared type, decides what is accepted.
    socket.on(event, listener as never);
  };
}
