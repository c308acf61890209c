import {
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  v1CursorQuerySchema,
  v1PageSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@freight/shared';
import { z } from 'zod';
import type { V1Route } from './types';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  replayDelivery,
  rotateSecret,
  updateEndpoint,
} from '../webhooks/service';

const id = (ctx: { params: Record<string, string> }) => String(ctx.params.id);

/**
 * Webhook endpoints over the public API (scope webhooks:manage), the same service the Developers page uses. `paged`
 * is the public API's cursor paging, passed in (publicApi/routes.ts owns it).
 */
export function webhookV1Routes(
  paged: <T>(
    q: { cursor?: string; limit: number },
    list: (p: { page: number; pageSize: number }) => Promise<{ items: T[]; total: number }>,
  ) => Promise<{ data: T[]; nextCursor: string | null }>,
): V1Route[] {
  const base = { tag: 'Webhooks', scope: 'webhooks:manage' as const };
  return [
    {
      ...base,
      method: 'get',
      path: '/webhooks',
      operationId: 'listWebhookEndpoints',
      summary: "Your company's webhook endpoints",
      status: 200,
      response: z.object({ data: z.array(webhookEndpointSchema), nextCursor: z.string().nullable() }),
      handle: async ({ user }) => ({ data: await listEndpoints(user), nextCursor: null }),
    },
    {
      ...base,
      method: 'post',
      path: '/webhooks',
      operationId: 'createWebhookEndpoint',
      summary: 'Register an endpoint',
      description:
        'The answer carries the signing secret (`whsec_…`) this once. The URL must be https:// and resolve to a ' +
        'public address.',
      body: createWebhookEndpointSchema,
      status: 201,
      response: webhookEndpointWithSecretSchema,
      handle: ({ user, body }) => createEndpoint(user, body),
    },
    {
      ...base,
      method: 'get',
      path: '/webhooks/{id}',
      operationId: 'getWebhookEndpoint',
      summary: 'Read an endpoint',
      status: 200,
      response: webhookEndpointSchema,
      handle: (ctx) => getEndpoint(ctx.user, id(ctx)),
    },
    {
      ...base,
      method: 'patch',
      path: '/webhooks/{id}',
      operationId: 'updateWebhookEndpoint',
      summary: 'Change the events, or enable or disable an endpoint',
      body: updateWebhookEndpointSchema,
      status: 200,
      response: webhookEndpointSchema,
      handle: (ctx) => updateEndpoint(ctx.user, id(ctx), ctx.body),
    },
    {
      ...base,
      method: 'delete',
      path: '/webhooks/{id}',
      operationId: 'deleteWebhookEndpoint',
      summary: 'Remove an endpoint',
      status: 200,
      response: z.object({ deleted: z.literal(true) }),
      handle: async (ctx) => {
        await deleteEndpoint(ctx.user, id(ctx));
        return { deleted: true };
      },
    },
    {
      ...base,
      method: 'post',
      path: '/webhooks/{id}/rotate-secret',
      operationId: 'rotateWebhookSecret',
      summary: 'Rotate the signing secret',
      description:
        'The new secret is answered this once. For 24 hours every delivery is signed with both the old and the new ' +
        'secret (two signatures in webhook-signature), so you can switch without losing a delivery.',
      body: z.object({}).strict(),
      status: 200,
      response: webhookEndpointWithSecretSchema,
      handle: (ctx) => rotateSecret(ctx.user, id(ctx)),
    },
    {
      ...base,
      method: 'get',
      path: '/webhooks/{id}/deliveries',
      operationId: 'listWebhookDeliveries',
      summary: 'The delivery log of an endpoint',
      description: 'Newest first: each delivery with its attempts (status, response time, body excerpt).',
      query: v1CursorQuerySchema,
      status: 200,
      response: v1PageSchema(webhookDeliverySchema),
      handle: (ctx) => paged(ctx.query, (p) => listDeliveries(ctx.user, id(ctx), p)),
    },
    {
      ...base,
      method: 'post',
      path: '/webhook-deliveries/{id}/replay',
      operationId: 'replayWebhookDelivery',
      summary: 'Send a delivery again',
      description: 'With the same webhook-id, after any earlier deliveries of its load.',
      body: z.object({}).strict(),
      status: 200,
      response: webhookDeliverySchema,
      handle: (ctx) => replayDelivery(ctx.user, id(ctx)),
    },
  ];
}
