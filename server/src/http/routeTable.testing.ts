import type { Router } from 'express';
import type { TestApp } from '@test/helpers';
import { featureRouters } from '../features';
import { requireUser } from './auth';
import type { RequestSchemas } from './validate';

export interface RouteEntry {
  method: string;
  path: string;
  schemas: RequestSchemas;
  /** The route's first step is requireUser: a signed-out request is answered 401 before its input is read. */
  requiresUserFirst: boolean;
}

type Layer = {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: unknown }[] };
  /** A router mounted inside a feature's router (a sub-feature's routes). */
  handle?: { stack?: Layer[] };
};

/** The routes of a router and of the routers mounted in it (sub-features mount theirs without a path). */
function routeLayers(stack: Layer[]): Layer[] {
  return stack.flatMap((layer) =>
    layer.route ? [layer] : layer.handle?.stack ? routeLayers(layer.handle.stack) : [],
  );
}

/** Every route of every feature router as mounted under /api, with the schemas its validate() step holds. */
export function routeTable(app: TestApp): RouteEntry[] {
  const entries: RouteEntry[] = [];
  for (const router of featureRouters(app.rt) as (Router & { stack: Layer[] })[]) {
    for (const layer of routeLayers(router.stack)) {
      if (!layer.route) continue;
      const schemas: RequestSchemas = {};
      for (const step of layer.route.stack) {
        const held = (step.handle as { schemas?: RequestSchemas }).schemas;
        if (held) Object.assign(schemas, held);
      }
      for (const method of Object.keys(layer.route.methods)) {
        if (method === '_all') continue;
        entries.push({
          method,
          path: `/api${layer.route.path}`,
          schemas,
          requiresUserFirst: layer.route.stack[0]?.handle === requireUser,
        });
      }
    }
  }
  return entries;
}
