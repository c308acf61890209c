import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 15;

/** One test file's time: its tests and hooks, plus collecting it. */
export interface FileTime {
  name: string;
  ms: number;
  tests: number;
}

/** The slowest files and the suite's files, tests and wall time, as the end of a run prints them. */
export function slowestFilesReport(files: readonly FileTime[], wallMs: number): string {
  const total = files.reduce((sum, f) => sum + f.tests, 0);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
  const lines = [...files]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SHOWN)
    .map((f) => `${seconds(f.ms)}  ${f.name} (${f.tests} ${f.tests === 1 ? 'test' : 'tests'})`);
  return [
    '',
    `The ${Math.min(SHOWN, files.length)} slowest of ${files.length} test files (tests, hooks and collection):`,
    ...lines,
    `Suite: ${files.length} files, ${total} tests, ${seconds(wallMs).trim()} wall time.`,
  ].join('\n');
}

/**
 * Prints, at the end of every run, the slowest test files and the run's wall time and test count: where CI's time
 * goes, without a second run (README, "Testing"). With `SLOWEST_FILES_JSON=<file>` it writes the files' times there
 * instead, for `scripts/test.ts` to print one report of its two runs.
 */
export default class SlowestFilesReporter implements Reporter {
  private startedAt = Date.now();

  onTestRunStart() {
    this.startedAt = Date.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const root = process.cwd();
    const files: FileTime[] = testModules.map((m) => {
      const d = m.diagnostic();
      return {
        name: `${m.project.name.padEnd(9)} ${path.relative(root, m.moduleId)}`,
        ms: d.duration + d.collectDuration,
        tests: [...m.children.allTests()].length,
      };
    });
    const out = process.env.SLOWEST_FILES_JSON;
    if (out) writeFileSync(out, JSON.stringify(files));
    else console.log(slowestFilesReport(files, Date.now() - this.startedAt));
  }
}
