import { describe, expect, it } from 'vitest';
import { freePort, waitForPort } from './ports';
import { MAX_RESTARTS, startSupervised } from './processes';

/**
 * Issue 25 point 3: a supervised child that dies is started again on its port; one that keeps dying is reported
 * once, clearly, and left down. The children are small node servers (one dies at once after it is ready).
 */
const server = (dieAfterMs: number | null) =>
  `const s=require('net').createServer(()=>{}).listen(Number(process.argv[1]),'127.0.0.1');` +
  (dieAfterMs === null ? '' : `setTimeout(()=>process.exit(3),${dieAfterMs});`);

describe('startSupervised', () => {
  it('restarts a killed child on the same port', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const log = { info: (l: string) => lines.push(l), warn: (l: string) => lines.push(l) };
    const child = await startSupervised(
      {
        name: 'node',
        command: process.execPath,
        args: ['-e', server(null), String(port)],
        host: '127.0.0.1',
        port,
        timeoutMs: 10_000,
      },
      { what: 'Test service', log },
    );
    const first = child.pid!;
    process.kill(first, 'SIGKILL');
    await expect.poll(() => child.pid !== first && child.running, { timeout: 10_000 }).toBe(true);
    await waitForPort('127.0.0.1', port, 5_000);
    expect(
      lines.some((l) => /Test service exited unexpectedly \(signal SIGKILL\); restarting it/.test(l)),
    ).toBe(true);
    expect(lines.some((l) => /Test service restarted/.test(l))).toBe(true);
    await child.stop();
    expect(child.running).toBe(false);
  });

  it('reports a child that keeps dying once and stops restarting it', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const log = { info: (l: string) => lines.push(l), warn: (l: string) => lines.push(l) };
    const child = await startSupervised(
      {
        name: 'node',
        command: process.execPath,
        args: ['-e', server(300), String(port)],
        host: '127.0.0.1',
        port,
        timeoutMs: 10_000,
      },
      { what: 'Flaky service', log },
    );
    await expect
      .poll(() => lines.filter((l) => /keeps dying/.test(l)).length, { timeout: 30_000, interval: 200 })
      .toBe(1);
    const report = lines.find((l) => /keeps dying/.test(l))!;
    expect(report).toContain(`Flaky service keeps dying: it exited ${MAX_RESTARTS + 1} times`);
    expect(report).toContain('no longer restarts it');
    const count = lines.length;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(lines.length).toBe(count); // no further restarts, no further reports
    await child.stop();
  }, 40_000);
});
