import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 15;

/**
 * Prints, at the end of every run, the slowest test files (their tests and hooks, plus collecting the file) and the
 * run's wall time and test count: where CI's time goes, without a second run (README, "Testing").
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
    const total = files.reduce((sum, f) => sum + f.tests, 0);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
    const lines = [...files]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SHOWN)
      .map((f) => `${seconds(f.ms)}  ${f.name} (${f.tests} ${f.tests === 1 ? 'test' : 'tests'})`);
    const wall = Date.now() - this.startedAt;
    console.log(
      [
        '',
        `The ${Math.min(SHOWN, files.length)} slowest of ${files.length} test files (tests, hooks and collection):`,
        ...lines,
        `Suite: ${files.length} files, ${total} tests, ${seconds(wall).trim()} wall time.`,
      ].join('\n'),
    );
  }
}
