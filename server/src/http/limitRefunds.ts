// The points a request took from rate limits (infra/rateLimit.ts), kept on the response so that a refused input
// (http/errors.ts) can give them back.

/** What `consumeRateLimit` took for this request, given back if its input is refused (http/errors.ts). */
export function addRefund(res: { locals: Record<string, unknown> }, refund: () => Promise<void>): void {
  const refunds = (res.locals.limitRefunds as (() => Promise<void>)[] | undefined) ?? [];
  refunds.push(refund);
  res.locals.limitRefunds = refunds;
}

/** Gives back every point this request took (a 400: the input was refused, nothing was done). */
export function refundLimits(res: { locals: Record<string, unknown> }): void {
  const refunds = (res.locals.limitRefunds as (() => Promise<void>)[] | undefined) ?? [];
  res.locals.limitRefunds = [];
  for (const refund of refunds) void refund().catch(() => undefined);
}
