import type { Ack, ClientToServerEvents } from '@freight/shared';
import { z, type ZodType } from 'zod';
import { toAppError } from '../http/errors';
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
 * How a feature listens to a client event: the payload is parsed with `schema` (a failure answers what `parse`
 * answers), the handler runs with it typed, and the ack gets DESIGN §1's shape whatever goes wrong (an unexpected
 * error is logged and answered as INTERNAL_ERROR).
 */
export function clientEvents(socket: AppSocket, log: Logger) {
  return function on<E extends ClientEvent, S extends ZodType>(
    event: E,
    schema: S,
    handler: (input: z.output<S>) => Promise<AckData<E>> | AckData<E>,
  ): void {
    const listener = async (payload: unknown, ack: unknown): Promise<void> => {
      let res: Ack<AckData<E>>;
      try {
        res = { ok: true, data: await handler(parse(schema, payload)) };
      } catch (err) {
        const appError = toAppError(err);
        if (!appError) log.error(`socket event ${event} failed`, err);
        res = appError
          ? { ok: false, error: { code: appError.code, message: appError.message } }
          : {
              ok: false,
              error: { code: 'INTERNAL_ERROR', message: 'Something went wrong. Please try again.' },
            };
      }
      if (typeof ack === 'function') ack(res);
    };
    // The listener takes any payload: the schema, not the event's declared type, decides what is accepted.
    socket.on(event, listener as never);
  };
}
