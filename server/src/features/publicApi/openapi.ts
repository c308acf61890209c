import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import {
  API_SCOPES,
  API_SCOPE_LABELS,
  v1ErrorSchema,
  v1InvoiceWebhookPayloadSchema,
  v1RatingWebhookPayloadSchema,
  v1StopTransitionWebhookPayloadSchema,
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS,
  webhookPayloadSchema,
} from '@freight/shared';
import { z } from 'zod';
import { V1_ROUTES } from './routes';

const ERRORS: Record<number, string> = {
  400: 'The request is not valid (the message names the field)',
  401: 'No API key, or one that is unknown or revoked',
  403: 'The key lacks the scope, or the account may not do this',
  404: 'Not found (or not yours)',
  409: 'The item changed or is busy; read it again and retry',
  422: 'The Idempotency-Key was used with a different request',
  429: 'Too many requests with this key; wait Retry-After seconds',
};

const rateLimitHeaders = {
  RateLimit: {
    description: 'What is left of the key\'s quota: `"per-key";r=<remaining>;t=<seconds to reset>`',
    schema: { type: 'string' as const },
  },
  'RateLimit-Policy': {
    description: 'The key\'s quota: `"per-key";q=<requests>;w=<window seconds>`',
    schema: { type: 'string' as const },
  },
};

const pathParams = (path: string) => {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return names.length
    ? z.object(Object.fromEntries(names.map((n) => [n, z.string().describe(`The ${n}`)])))
    : undefined;
};

const idempotencyHeader = z.object({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe(
      'Any unique string (a UUID): the same POST again within 24 hours is answered as the first time',
    ),
});

/** The OpenAPI 3.1 document of /api/v1, made from the route table and the shared zod schemas. */
export function buildOpenApiDocument(): Record<string, unknown> {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description: `An API key made on the Developers page (\`fmk_…\`). Scopes: ${API_SCOPES.map((s) => `\`${s}\` (${API_SCOPE_LABELS[s]})`).join(', ')}.`,
  });

  for (const route of V1_ROUTES) {
    const errors = [
      400,
      401,
      403,
      404,
      429,
      ...(route.method === 'get' ? [] : [409]),
      ...(route.method === 'post' ? [422] : []),
    ];
    const responses: RouteConfig['responses'] = {
      [route.status]: {
        description: 'Success',
        headers: rateLimitHeaders,
        content: route.produces
          ? { [route.produces]: { schema: { type: 'string', contentMediaType: route.produces } } }
          : { 'application/json': { schema: route.response } },
      },
    };
    for (const status of errors) {
      responses[status] = {
        description: ERRORS[status]!,
        ...(status === 429
          ? {
              headers: {
                ...rateLimitHeaders,
                'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
              },
            }
          : {}),
        content: { 'application/json': { schema: v1ErrorSchema } },
      };
    }
    registry.registerPath({
      method: route.method,
      path: route.path,
      operationId: route.operationId,
      tags: [route.tag],
      summary: route.summary,
      description: `${route.description ?? route.summary}\n\nScope: \`${route.scope}\`.`,
      security: [{ [bearer.name]: [] }],
      request: {
        params: pathParams(route.path),
        query: route.query as z.ZodObject | undefined,
        headers: route.method === 'post' ? idempotencyHeader : undefined,
        body: route.body
          ? { required: true, content: { 'application/json': { schema: route.body } } }
          : undefined,
      },
      responses,
    });
  }

  const signatureHeaders = z.object({
    'webhook-id': z.string().describe('The delivery id: the same on every retry (de-duplicate by it)'),
    'webhook-timestamp': z.string().describe('Unix seconds when this attempt was signed'),
    'webhook-signature': z
      .string()
      .describe(
        'Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`: two during a secret rotation',
      ),
  });
  const isStopTransition = (event: string) => event === 'tracking.arrived' || event === 'tracking.departed';
  const payloadOf = (event: string) =>
    event.startsWith('invoice.')
      ? v1InvoiceWebhookPayloadSchema
      : event.startsWith('rating.')
        ? v1RatingWebhookPayloadSchema
        : isStopTransition(event)
          ? v1StopTransitionWebhookPayloadSchema
          : webhookPayloadSchema;
  /** What each kind of event adds to the common words: X12 codes for a load's, who hears of money and ratings. */
  const aboutEvent = (event: string) =>
    event.startsWith('invoice.')
      ? "It goes to both the issuing and the billed company's endpoints and carries the invoice as it stands after " +
        'the move (`data.invoice`), amounts included: endpoints are registered by owners and admins. Its `loadId` ' +
        "is the invoice's load, so it arrives in order with the load's other events."
      : event.startsWith('rating.')
        ? "It goes to both companies of the load (the rating's and the rated) with the rating (`data.rating`), in " +
          "order with the load's other events."
        : isStopTransition(event)
          ? "It goes to the load's companies with the stop, its facility, the time and its source (`geofence` or " +
            '`check_in`) in `data.visit`, once per stop and load, and the X12 214 code (`x12`): X3 / AF arrived at / ' +
            'departed a pickup, X1 / CD a delivery.'
          : 'Stop and status events carry the X12 214 code (`x12`): X3 arrived at pickup, AF departed pickup, X1 ' +
            'arrived at delivery, D1 delivered.';
  for (const event of WEBHOOK_EVENTS) {
    registry.registerWebhook({
      method: 'post',
      path: event,
      operationId: `webhook_${event.replace('.', '_')}`,
      tags: ['Webhooks'],
      // We call you: your endpoint checks the signature instead.
      security: [],
      summary: WEBHOOK_EVENT_LABELS[event],
      description:
        'Sent to your endpoint per Standard Webhooks; verify it with the `standardwebhooks` library and the ' +
        "endpoint's secret. Answer 2xx within 10 s; anything else is retried with exponential backoff for 24 hours, " +
        `in order per load. ${aboutEvent(event)}`,
      request: {
        headers: signatureHeaders,
        body: { content: { 'application/json': { schema: payloadOf(event) } } },
      },
      responses: {
        200: { description: 'Received (any 2xx)' },
        400: { description: 'Refused (retried)' },
      },
    });
  }

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'FreightConnect API',
      version: '1.0.0',
      description:
        'Post loads, answer bookings and offers, read your invoices, and receive signed webhooks. Authenticate ' +
        'with an API key (`Authorization: Bearer fmk_…`); errors are `{ "error": { "code", "message", "details"? } }`; lists page ' +
        'with `cursor` and `limit`; every POST takes an `Idempotency-Key`.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/api/v1', description: 'This server' }],
    tags: [
      { name: 'Loads', description: 'Post, edit, withdraw, list and search loads' },
      { name: 'Bookings', description: 'Booking requests and rate offers on your loads' },
      { name: 'Tracking', description: "A load's positions, stops (with X12 214 codes) and history" },
      { name: 'Documents', description: 'Rate confirmations and proofs of delivery (PDF)' },
      { name: 'Webhooks', description: 'Endpoints that receive signed events' },
      { name: 'Trucks', description: 'Posted trucks: search them, or post your own (carriers)' },
      {
        name: 'Invoices',
        description: 'Invoices your company sent and received (amounts in integer cents), and their PDFs',
      },
    ],
  }) as unknown as Record<string, unknown>;
}

let cached: Record<string, unknown> | null = null;
export function openApiDocument(): Record<string, unknown> {
  cached ??= buildOpenApiDocument();
  return cached;
}
