// The load's races across two server processes on one database and one Redis prefix: each side of a pair talks to
// a different process, so only the shared lease (not anything in one process's memory) can keep them apart.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startSecondNode, startTestApp, type TestApp } from '@test/helpers';
import {
  ROUNDS,
  approvalVsEdit,
  cast,
  onNode,
  pingsVsCancel,
  pingsVsDeliver,
  pingsVsStart,
  type Cast,
} from './raceRounds.testing';

let app: TestApp;
let second: Awaited<ReturnType<typeof startSecondNode>>;
let x: Cast;
beforeAll(async () => {
  // The rounds fire bursts of pings from one carrier far past the per-user rate limit, which is not under test here.
  app = await startTestApp({ env: { RATE_LIMITS_ENABLED: 'false' } });
  second = await startSecondNode(app);
  x = await cast(app);
});
afterAll(async () => {
  await second?.stop();
  await app?.close();
});

const rounds = async (round: () => Promise<void>) => {
  for (let i = 0; i < ROUNDS; i++) await round();
};

describe('load races on two processes', () => {
  it(
    'pings on one process against start trip on the other',
    () => rounds(() => pingsVsStart(x, onNode(x.carrier, second.url), x.carrier)),
    300_000,
  );
  it(
    'pings on one process against deliver on the other',
    () => rounds(() => pingsVsDeliver(x, onNode(x.carrier, second.url), x.carrier)),
    300_000,
  );
  it(
    'pings on one process against cancel on the other',
    () => rounds(() => pingsVsCancel(x, onNode(x.carrier, second.url), x.poster)),
    300_000,
  );
  it(
    'approval on one process against edit on the other',
    () => rounds(() => approvalVsEdit(x, x.poster, onNode(x.poster, second.url))),
    300_000,
  );
});
