import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 15;

export interface FileTime {
  name: string;
  ms: number;
  tests: number;
}

export interface SlowestFilesReport {
  label: string;
  files: FileTime[];
  wallMs: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

/** The slowest files, then the suite's size and wall time (and, for a run of several vitest processes, each one's). */
export function printSlowestFiles(files: FileTime[], wallMs: number, partsWall: string[] = []): void {
  const total = files.reduce((sum, f) => sum + f.tests, 0);
  const lines = [...files]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SHOWN)
    .map((f) => `${seconds(f.ms)}  ${f.name} (${f.tests} ${f.tests === 1 ? 'test' : 'tests'})`);
  console.log(
    [
      '',
      `The ${Math.min(SHOWN, files.length)} slowest of ${files.length} test files (tests, hooks and collection):`,
      ...lines,
      `Suite: ${files.length} files, ${total} tests, ${seconds(wallMs).trim()} wall time` +
        (partsWall.length ? ` (side by side: ${partsWall.join(', ')}).` : '.'),
    ].join('\n'),
  );
}

/**
 * Prints, at the end of every run, the slowest test files (their tests and hooks, plus collecting the file) and the
 * run's wall time and test count: where CI's time goes, without a second run (README, "Testing"). Under `npm test`'s
 * two processes (scripts/test.ts) each writes its part to SLOWEST_FILES_REPORT and the runner prints them together.
 */
export default class SlowestFilesReporter implements Reporter {
  private startedAt = Date.now();

  onTestRunStart() {
    this.startedAt = Date.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const root = process.cwd();
    const files = testModules.map((m) => {
      const d = m.diagnostic();
      return {
        name: `${m.project.name.padEnd(9)} ${path.relative(root, m.moduleId)}`,
        ms: d.duration + d.collectDuration,
        tests: [...m.children.allTests()].length,
      };
    });
    const wallMs = Date.now() - this.startedAt;
    const out = process.env.SLOWEST_FILES_REPORT;
    if (!out) return printSlowestFiles(files, wallMs);
    const projects = [...new Set(testModules.map((m) => m.project.name))].join('+') || 'none';
    const report: SlowestFilesReport = { label: projects, files, wallMs };
    writeFileSync(out, JSON.stringify(report));
  }
}
