// The bench cannot rot unseen (CI): every scenario of `npm run bench` runs here at its tiny size, its set-up (seeding,
// sign-ups, an admin with two-factor sign-in, server processes, sockets, queues) and one small measured round,
// against the test run's MongoDB and Redis. A scenario whose set-up breaks (an API it calls answers 4xx, a push that
// never arrives, a job that never finishes) fails here. The figures of a tiny run mean nothing and are not checked.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serviceUrls } from '@test/helpers';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchContext, type ScenarioResult } from './lib';
import { scenarios } from './scenarios/index';

const database = `bench_tiny_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'freight-bench-'));
const lines: string[] = [];
const ctx = benchContext({
  size: 'tiny',
  services: serviceUrls(),
  mongoKind: 'test services',
  database,
  dataDir,
  log: (line) => lines.push(line),
});

beforeAll(async () => {
  await mongoose.connect(ctx.mongoUri, { dbName: database });
});

afterAll(async () => {
  await mongoose.connection.db?.dropDatabase().catch(() => undefined);
  await mongoose.disconnect();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A push the bench waited for in vain counts as 10 s (push.ts): at the tiny size every one must arrive. */
const LOST_MS = 10_000;

function checkRows(key: string, results: ScenarioResult[]) {
  for (const r of results) {
    for (const row of r.rows) {
      if ('errors' in row) expect(row.errors, `${key}: ${r.name}: failed requests`).toBe(0);
      // The polling row is the polling interval plus a request, not a push.
      const push = !String(row.where ?? '').startsWith('polling');
      for (const [column, value] of Object.entries(row))
        if (push && /^(chat|location) p99 ms$/.test(column))
          expect(Number(value), `${key}: ${r.name}: ${column} (a lost push?)`).toBeLessThan(LOST_MS);
      if (typeof row.ok === 'string') expect(row.ok, `${key}: ${r.name}`).not.toMatch(/^connect failed/);
    }
  }
}

/**
 * A scenario starts one or two server processes (about 4 s of CPU each to load the server's modules) and signs a few
 * users up: seconds on a quiet machine, a minute or more while the rest of the suite loads both cores.
 */
const SCENARIO_TIMEOUT_MS = 300_000;

describe('bench scenarios at the tiny size', () => {
  for (const scenario of scenarios(ctx)) {
    it(
      scenario.key,
      async () => {
        lines.length = 0;
        try {
          const out = await scenario.run();
          const results = Array.isArray(out) ? out : [out];
          expect(results.length).toBeGreaterThan(0);
          // The web scenario without a web build asks for no page (its set-up ran); every other one measures a round.
          const measured = results.some((r) => r.rows.length > 0);
          if (!(scenario.key === 'web' && results[0]?.parameters.webBuild === false))
            expect(measured, `${scenario.key}: no row measured`).toBe(true);
          checkRows(scenario.key, results);
          if (scenario.key === 'jobs') {
            const row = results[0]!.rows[0]!;
            // Every job stored (the user has their own sign-up notifications besides).
            expect(Number(row['stored (API total)'])).toBeGreaterThanOrEqual(Number(row.jobs));
          }
        } catch (err) {
          // What the scenario logged before it failed says where it was.
          console.error(`bench ${scenario.key} (tiny):\n${lines.join('\n')}`);
          throw err;
        }
      },
      SCENARIO_TIMEOUT_MS,
    );
  }
});
