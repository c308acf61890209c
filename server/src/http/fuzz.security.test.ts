import { Types } from 'mongoose';
import request from 'supertest';
import { z, type ZodType } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { FULL_STRESS, stressPick } from '@test/stress';
import { loadInput } from '../features/freight/testUtils';
import { registeredClientEvents } from '../realtime/clientEvents';
import { routeTable, type RouteEntry } from './routeTable.testing';

/**
 * Issue 25 point 1: every route of the route table (the feature routers as mounted under /api) and every client
 * event the socket gateway registers, each field its shared schema names, fed NUL, unpaired surrogates, huge
 * numbers, wrong types and operator objects, as a signed-out visitor, a shipper and a carrier: never a 5xx. Text
 * that cannot be stored is a 400 naming its field.
 */

/** A socket emitting any event with any payload (what the types would not allow is the point). */
type UntypedSocket = {
  timeout(ms: number): { emitWithAck(event: string, payload: unknown): Promise<unknown> };
};

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
};

function jsonSchemaOf(schema: ZodType): JsonSchema {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** The field names a schema's object (or objects, for unions and intersections) declares. */
function fieldsOf(js: JsonSchema): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = { ...(js.properties ?? {}) };
  for (const part of [...(js.anyOf ?? []), ...(js.allOf ?? []), ...(js.oneOf ?? [])])
    Object.assign(out, fieldsOf(part));
  return out;
}

/** A plausible valid value for one field, so that a fuzzed field travels as deep as the others let it. */
function sample(js: JsonSchema): unknown {
  if (js.const !== undefined) return js.const;
  if (js.enum?.length) return js.enum[0];
  const alt = js.anyOf?.[0] ?? js.oneOf?.[0];
  if (alt) return sample(alt);
  const type = Array.isArray(js.type) ? js.type[0] : js.type;
  switch (type) {
    case 'string':
      if (js.format === 'date' || js.format === 'date-time') return '2030-03-01';
      if (js.format === 'email') return 'fuzz@example.test';
      return 'Dallas';
    case 'number':
    case 'integer':
      return js.minimum !== undefined ? Math.max(js.minimum, 1) : 100;
    case 'boolean':
      return true;
    case 'array':
      return js.items ? [sample(js.items)] : [];
    case 'object':
      return Object.fromEntries(Object.entries(js.properties ?? {}).map(([k, v]) => [k, sample(v)]));
    default:
      return 'TX';
  }
}

/** The hostile values each field gets in turn. */
const BAD_VALUES: { name: string; value: unknown; unstorable?: boolean }[] = [
  { name: 'NUL', value: 'Dal\u0000las', unstorable: true },
  { name: 'lone high surrogate', value: 'a\uD800b', unstorable: true },
  { name: 'lone low surrogate', value: '\uDC00', unstorable: true },
  { name: 'huge number', value: 1e308 },
  { name: 'negative huge number', value: -1e308 },
  { name: 'unsafe integer', value: 2 ** 64 },
  { name: 'operator object', value: { $gt: '' } },
  { name: 'nested operator', value: { $where: 'sleep(1000)', $ne: null } },
  { name: 'array', value: ['a', { $in: [1] }] },
  { name: 'boolean', value: true },
  { name: 'null', value: null },
  { name: 'long text', value: 'x'.repeat(20_000) },
];

const UNSTORABLE_COUNT = BAD_VALUES.filter((bad) => bad.unstorable).length;

/** Whole payloads of the wrong kind. */
const BAD_PAYLOADS: unknown[] = [[], 'text', 12, null, { $where: '1' }, { '\u0000': 1 }];

const QUERY_VALUES = [
  '%00',
  '%ED%A0%80',
  '1e400',
  '-1e400',
  '99999999999999999999999',
  'a&FIELD=b',
  '[$gt]=',
];

let app: TestApp;
let routes: RouteEntry[];
let loadId: string;
const clients: Record<string, TestClient> = {};
const fiveHundreds: string[] = [];
let tries = 0;

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMITS_ENABLED: 'false' } });
  routes = routeTable(app);
  clients.anonymous = app.client();
  clients.shipper = app.client();
  await clients.shipper.login('shipper@test.local');
  clients.carrier = app.client();
  await clients.carrier.login('carrier@test.local');
  const posted = await clients.shipper.post('/api/freight', loadInput());
  expect(posted.status, posted.text).toBe(201);
  loadId = posted.body.id;
}, 120_000);

afterAll(async () => {
  for (const c of Object.values(clients)) c.closeSockets();
  await app?.close();
});

function fillPath(p: string): string {
  return p.replace(/:(\w+)/g, (_m, name: string) =>
    name === 'id' || name === 'freightId' ? loadId : new Types.ObjectId().toString(),
  );
}

async function send(
  client: TestClient,
  method: string,
  path: string,
  body: unknown,
  query = '',
): Promise<request.Response> {
  const r = client.raw(method as 'post', path + query);
  const res = await (body === undefined ? r : r.type('json').send(JSON.stringify(body)));
  tries++;
  if (res.status >= 500)
    fiveHundreds.push(
      `${method.toUpperCase()} ${path}${query} ${JSON.stringify(body)?.slice(0, 120)} → ${res.status} ${res.text.slice(0, 200)}`,
    );
  return res;
}

describe('fuzz over the route table', () => {
  it('finds the routes and their schemas', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((r) => r.schemas.body).length).toBeGreaterThan(20);
    expect(routes.some((r) => r.method === 'post' && r.path === '/api/freight')).toBe(true);
  });

  it('never answers 5xx to hostile bodies and queries, and refuses unstorable text with 400 naming the field', async () => {
    const unnamed: string[] = [];
    const notGated: string[] = [];
    const roles = ['anonymous', 'shipper', 'carrier'];
    for (const [roleIndex, role] of roles.entries()) {
      const client = clients[role];
      for (const [routeIndex, route] of routes.entries()) {
        if (route.path.includes('logout')) continue; // the clients keep their sessions
        // CI size: every route fuzzed signed out, and by one of the two signed-in callers in turn (full: by both).
        if (role !== 'anonymous' && !stressPick(routeIndex, roleIndex, 2)) continue;
        const path = fillPath(route.path);
        const hasBody = route.method !== 'get' && route.method !== 'delete';
        // Signed out, a route whose first step is requireUser answers 401 before the route reads its input (the
        // global steps before it, body parsing and the unstorable-text check, are fuzzed on every other route). CI
        // size: a plain request shows the 401, a hostile one shows nothing breaks before it; full: every request.
        if (role === 'anonymous' && route.requiresUserFirst && !FULL_STRESS) {
          const plain = await send(client, route.method, path, hasBody ? {} : undefined);
          if (plain.status !== 401) notGated.push(`${route.method} ${route.path} → ${plain.status}`);
          await send(client, route.method, path, hasBody ? { message: 'a\uD800b' } : undefined, '?q=%00');
          continue;
        }
        const bodyFields = route.schemas.body ? fieldsOf(jsonSchemaOf(route.schemas.body)) : {};
        const base = Object.fromEntries(Object.entries(bodyFields).map(([k, v]) => [k, sample(v)]));
        if (hasBody) {
          const names = Object.keys(bodyFields).length ? Object.keys(bodyFields) : ['message', 'title'];
          for (const [fieldIndex, field] of names.entries()) {
            for (const [badIndex, bad] of BAD_VALUES.entries()) {
              // CI size: one of the unstorable values on every field (the 400 must name it), the others in turn.
              const everyNth = bad.unstorable ? UNSTORABLE_COUNT : 4;
              if (!stressPick(fieldIndex + routeIndex, badIndex, everyNth)) continue;
              const res = await send(client, route.method, path, { ...base, [field]: bad.value });
              // Signed-out routes that need a user answer 401 first; everything else must name the field.
              if (
                bad.unstorable &&
                res.status !== 401 &&
                !(res.status === 400 && res.body.message?.startsWith(`${field}:`))
              )
                unnamed.push(
                  `${route.method} ${route.path} ${field} ${bad.name} → ${res.status} ${res.text.slice(0, 100)}`,
                );
            }
          }
          for (const payload of BAD_PAYLOADS) await send(client, route.method, path, payload);
        }
        const queryFields = route.schemas.query
          ? Object.keys(fieldsOf(jsonSchemaOf(route.schemas.query)))
          : [];
        for (const [fieldIndex, field] of (queryFields.length ? queryFields : ['q']).entries()) {
          for (const [valueIndex, v] of QUERY_VALUES.entries()) {
            // CI size: every other hostile query value on each field, in turn (full: all of them).
            if (!stressPick(fieldIndex + routeIndex, valueIndex, 2)) continue;
            await send(
              client,
              route.method,
              path,
              hasBody ? {} : undefined,
              `?${field}=${v.replace('FIELD', field)}`,
            );
          }
          await send(client, route.method, path, hasBody ? {} : undefined, `?${field}[$gt]=&${field}[$ne]=1`);
        }
        // A path parameter that cannot be stored, or is not an id at all.
        if (route.path.includes(':')) {
          for (const p of ['%00', '%ED%A0%80', '%2524gt', 'a'.repeat(300)]) {
            await send(
              client,
              route.method,
              route.path.replace(/:(\w+)/, p).replace(/:(\w+)/g, loadId),
              hasBody ? base : undefined,
            );
          }
        }
      }
    }
    console.log(`fuzz: ${tries} requests over ${routes.length} routes, ${fiveHundreds.length} answered 5xx`);
    expect(fiveHundreds).toEqual([]);
    expect(unnamed).toEqual([]);
    expect(notGated).toEqual([]);
    expect(routes.filter((r) => r.requiresUserFirst).length).toBeGreaterThan(60);
  }, 600_000);

  it('never answers 5xx to hostile socket payloads, and every ack comes', async () => {
    const socket = await clients.carrier.socket();
    const events = [...registeredClientEvents.entries()];
    expect(events.length).toBeGreaterThanOrEqual(7);
    const failures: string[] = [];
    let acks = 0;
    for (const [event, schema] of events) {
      const fields = fieldsOf(jsonSchemaOf(schema));
      const base = {
        freightId: loadId,
        ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, sample(v)])),
      };
      const payloads: { payload: unknown; unstorable?: string }[] = BAD_PAYLOADS.map((payload) => ({
        payload,
      }));
      for (const field of Object.keys(fields).length ? Object.keys(fields) : ['freightId', 'board']) {
        for (const bad of BAD_VALUES)
          payloads.push({
            payload: { ...base, [field]: bad.value },
            unstorable: bad.unstorable ? field : undefined,
          });
      }
      for (const { payload, unstorable } of payloads) {
        const res = (await (socket as unknown as UntypedSocket)
          .timeout(5_000)
          .emitWithAck(event, payload)) as {
          ok: boolean;
          error?: { code: string; message: string };
        };
        acks++;
        if (!res.ok && (res.error?.code === 'INTERNAL_ERROR' || res.error?.code === 'SERVICE_UNAVAILABLE'))
          failures.push(`${event} ${JSON.stringify(payload).slice(0, 100)} → ${res.error.code}`);
        if (
          unstorable &&
          (res.ok ||
            res.error?.code !== 'VALIDATION_ERROR' ||
            !res.error.message.startsWith(`${unstorable}:`))
        )
          failures.push(
            `${event} ${unstorable}: unstorable text answered ${JSON.stringify(res).slice(0, 120)}`,
          );
      }
    }
    console.log(`fuzz: ${acks} socket payloads over ${events.length} events`);
    expect(failures).toEqual([]);
  }, 300_000);
});
