import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const REPO = path.resolve(import.meta.dirname, '..');
/** Inside the repository, so that the bundle's imports of packages find node_modules as the sources' do. */
const OUT_DIR = path.join(REPO, 'node_modules', '.cache', 'freight-bundles');

/**
 * Packages stay imports (plain JavaScript Node loads fast); the workspace's own TypeScript (@freight/*, relative
 * paths) goes into the bundle.
 */
const packagesExternal: Plugin = {
  name: 'packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@freight/') || path.isAbsolute(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/**
 * Each source module keeps its own location: `import.meta.url` and `import.meta.dirname` read as in the source file
 * (the web build's folder, the password worker's file and the gazetteer's data are found from them), except in the
 * entry, whose "am I the main module" check compares its URL with the bundle's path.
 */
function sourceLocations(entry: string): Plugin {
  return {
    name: 'source-locations',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (args.path === entry) return { contents: source, loader: 'ts' };
        return {
          contents: source
            .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
            .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path))),
          loader: 'ts',
        };
      });
    },
  };
}

const built = new Map<string, Promise<string>>();

/**
 * A TypeScript entry of this repository (a server process the tests start) bundled into one JavaScript file, built
 * once per test process. Node loads it in about a third of the CPU time `--import tsx` takes to transpile and resolve
 * the server's hundreds of modules one by one, and tests start dozens of such processes.
 */
export function bundledEntry(entryFromRepo: string): Promise<string> {
  let bundle = built.get(entryFromRepo);
  if (!bundle) {
    bundle = (async () => {
      const entry = path.join(REPO, entryFromRepo);
      mkdirSync(OUT_DIR, { recursive: true });
      const name = entryFromRepo.replace(/[^a-z0-9]+/gi, '_');
      const outfile = path.join(OUT_DIR, `${name}.mjs`);
      const partial = path.join(OUT_DIR, `${name}.${process.pid}.tmp.mjs`);
      await build({
        entryPoints: [entry],
        outfile: partial,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        logLevel: 'error',
        plugins: [packagesExternal, sourceLocations(entry)],
      });
      renameSync(partial, outfile); // atomic: another test process may be starting the same bundle
      return outfile;
    })();
    built.set(entryFromRepo, bundle);
  }
  return bundle;
}
