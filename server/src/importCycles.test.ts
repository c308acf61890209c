import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

// No import cycles among the server's, the workers' and shared's files (issue 26): a module that imports one which
// imports it back runs half-initialised, and a feature tangled with another cannot change alone. Type-only imports
// count too: they tie the modules' meaning as much as their code.

const repo = path.resolve(import.meta.dirname, '../..');

/** How the workspace packages resolve (their package.json exports), so imports across packages are followed. */
const PATHS = {
  '@freight/shared': ['shared/src/index.ts'],
  '@freight/server': ['server/src/index.ts'],
  '@freight/server/queues': ['server/src/queues/index.ts'],
  '@freight/server/policies': ['server/src/policies/index.ts'],
  '@freight/server/features': ['server/src/features/index.ts'],
  '@freight/server/*': ['server/src/*'],
  '@freight/workers': ['workers/src/index.ts'],
  '@freight/workers/*': ['workers/src/*'],
  '@freight/dev-services': ['dev-services/src/index.ts'],
  '@test/*': ['test/*'],
};

function graphOf(roots: string[], baseDir: string) {
  return madge(roots, {
    baseDir,
    fileExtensions: ['ts'],
    tsConfig: {
      compilerOptions: { baseUrl: baseDir, module: 'esnext', moduleResolution: 'bundler', paths: PATHS },
    },
    detectiveOptions: { ts: { skipTypeImports: false } },
  });
}

/** Tests and their support files (fixtures, race rounds) may reach across features; the product's code may not. */
const TEST_SUPPORT = /\.test\.ts$|(^|[/.])testing\.ts$|\/testUtils\.ts$/;
const featureOf = (file: string) => /^server\/src\/features\/([^/]+)\//.exec(file)?.[1] ?? null;

/**
 * Feature folders that import each other both ways (issue 26), as 'a <-> b': such a pair cannot change apart; the
 * shared piece belongs to one of them or to a small common module.
 */
function twoWayFeaturePairs(graph: Record<string, string[]>): string[] {
  const edges = new Set<string>();
  for (const [from, imports] of Object.entries(graph)) {
    const a = featureOf(from);
    if (!a || TEST_SUPPORT.test(from)) continue;
    for (const to of imports) {
      const b = featureOf(to);
      if (b && b !== a) edges.add(`${a}>${b}`);
    }
  }
  return [...edges]
    .map((edge) => edge.split('>'))
    .filter(([a, b]) => a < b && edges.has(`${b}>${a}`))
    .map(([a, b]) => `${a} <-> ${b}`)
    .sort();
}

/** The graph of server/src, workers/src and shared/src, read once for the checks below (it takes a while). */
let fullGraph: ReturnType<typeof graphOf> | undefined;
const readFullGraph = () =>
  (fullGraph ??= graphOf(
    ['server/src', 'workers/src', 'shared/src'].map((d) => path.join(repo, d)),
    repo,
  ));

describe('import cycles', () => {
  it('server/src, workers/src and shared/src import no module that imports them back', async () => {
    const graph = await readFullGraph();
    // Every import resolved (a path the graph cannot follow would hide the cycles behind it).
    expect(graph.warnings().skipped).toEqual([]);
    const files = Object.keys(graph.obj());
    for (const file of ['server/src/runtime.ts', 'workers/src/index.ts', 'shared/src/index.ts']) {
      expect(files).toContain(file);
    }
    expect(graph.circular()).toEqual([]);
  });

  it('no two feature folders import each other both ways', async () => {
    expect(twoWayFeaturePairs((await readFullGraph()).obj())).toEqual([]);
  });

  it('finds a two-way pair of feature folders, whichever files close it; tests and test support do not count', () => {
    const graph = {
      'server/src/features/a/service.ts': ['server/src/features/b/model.ts'],
      'server/src/features/b/routes.ts': ['server/src/features/a/model.ts'],
      'server/src/features/c/service.ts': ['server/src/features/a/model.ts'],
      'server/src/features/c/c.test.ts': ['server/src/features/d/model.ts'],
      'server/src/features/d/testing.ts': ['server/src/features/c/model.ts'],
    };
    expect(twoWayFeaturePairs(graph)).toEqual(['a <-> b']);
  });

  it('finds a cycle, including one closed by a type-only import', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
    try {
      writeFileSync(
        path.join(dir, 'a.ts'),
        "import { b } from './b';\nexport type A = { n: number };\nb();\n",
      );
      writeFileSync(
        path.join(dir, 'b.ts'),
        "import type { A } from './a';\nexport const b = (a?: A) => a;\n",
      );
      writeFileSync(path.join(dir, 'c.ts'), "import { b } from './b';\nb();\n");
      const graph = await graphOf([dir], dir);
      expect(graph.circular()).toEqual([['a.ts', 'b.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
