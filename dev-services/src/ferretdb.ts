import { chmod, cp, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { toLineLogger, type EmbeddedLog } from './log';
import { findExecutable, isExecutableFile, lastLines, runCommand } from './processes';

export const FERRETDB_VERSION = 'v1.24.2';
export const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';

const EXE = process.platform === 'win32' ? '.exe' : '';
const BUILD_TIMEOUT_MS = 20 * 60_000;

/** Where the launcher keeps (and builds) its FerretDB binary: `<dataDir>/bin/ferretdb`. */
export function ferretBinaryPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'bin', `ferretdb${EXE}`);
}

/** The version a FerretDB binary reports (`1.24.2`), or null when it does not run. */
export async function ferretVersion(
  binary: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | null> {
  if (!isExecutableFile(binary)) return null;
  const result = await runCommand(binary, ['--version'], { env, timeoutMs: 15_000 });
  if (result.code !== 0) return null;
  return /version:\s*v?(\S+)/.exec(result.stdout + result.stderr)?.[1] ?? 'unknown';
}

/**
 * Makes sure `<dataDir>/bin/ferretdb` exists and runs, building FerretDB v1.24.2 with the Go toolchain on PATH
 * when it does not (about a minute, once). Returns the binary's absolute path.
 *
 * `go install …@v1.24.2` is tried first; where it fails (some module proxies refuse the deprecation lookup
 * FerretDB's module triggers, and the release's embedded version file may be missing), the module is downloaded
 * with `go mod download`, copied to a writable folder, given `build/version/version.txt` and built with `go build`.
 * Every candidate is checked with `ferretdb --version` before it replaces the target, atomically.
 */
export async function ensureFerretBinary(
  dataDir: string,
  log?: EmbeddedLog,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const logger = toLineLogger(log);
  const target = ferretBinaryPath(dataDir);
  if ((await ferretVersion(target, env)) !== null) return target;
  const shared = sharedBinaryPath(env);
  if (shared && (await ferretVersion(shared, env)) !== null) {
    await mkdir(path.dirname(target), { recursive: true });
    await copyInto(shared, target);
    logger.info(`FerretDB ${FERRETDB_VERSION}: this machine's build (${shared})`);
    return target;
  }

  const go = findExecutable('go', env);
  if (!go) {
    throw new Error(
      `FerretDB binary not found at ${target} and no Go toolchain on PATH to build it (install Go from https://go.dev/dl/)`,
    );
  }
  const binDir = path.dirname(target);
  await mkdir(binDir, { recursive: true });
  const goEnv = buildEnv(env, dataDir);
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'ferretdb-build-'));
  const failures: string[] = [];
  logger.info(`Building FerretDB ${FERRETDB_VERSION} with the Go toolchain (first start only, ~1 min)…`);
  try {
    // 1. The documented way.
    const installDir = path.join(workDir, 'gobin');
    await mkdir(installDir);
    const install = await runCommand(go, ['install', `${FERRETDB_MODULE}/cmd/ferretdb@${FERRETDB_VERSION}`], {
      env: { ...goEnv, GOBIN: installDir },
      cwd: workDir,
      timeoutMs: BUILD_TIMEOUT_MS,
    });
    const installed = path.join(installDir, `ferretdb${EXE}`);
    if (install.code === 0 && (await ferretVersion(installed, env)) !== null) {
      await moveInto(installed, target);
      await keepForMachine(target, shared);
      return target;
    }
    failures.push(`go install: ${summarize(install.stderr || 'the binary it built does not run')}`);

    // 2. Download the module, add the version file, build.
    const download = await runCommand(
      go,
      ['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`],
      {
        env: goEnv,
        cwd: workDir,
        timeoutMs: BUILD_TIMEOUT_MS,
      },
    );
    let moduleDir: string | undefined;
    try {
      const info = JSON.parse(download.stdout) as { Dir?: string; Error?: string };
      if (info.Error) failures.push(`go mod download: ${summarize(info.Error)}`);
      moduleDir = info.Dir;
    } catch {
      failures.push(
        `go mod download: ${summarize(download.stderr || download.stdout || `exit code ${download.code}`)}`,
      );
    }
    if (download.code !== 0 || !moduleDir) throw new Error(failures.join('\n'));

    const srcDir = path.join(workDir, 'src');
    await cp(moduleDir, srcDir, { recursive: true });
    await makeWritable(srcDir);
    await mkdir(path.join(srcDir, 'build', 'version'), { recursive: true });
    await writeFile(path.join(srcDir, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
    const built = path.join(binDir, `.ferretdb-${process.pid}-${Date.now()}${EXE}`);
    try {
      const build = await runCommand(go, ['build', '-o', built, './cmd/ferretdb'], {
        env: goEnv,
        cwd: srcDir,
        timeoutMs: BUILD_TIMEOUT_MS,
      });
      if (build.code !== 0) {
        failures.push(`go build: ${summarize(build.stderr || `exit code ${build.code}`)}`);
        throw new Error(failures.join('\n'));
      }
      if ((await ferretVersion(built, env)) === null) {
        failures.push('go build: the binary it built does not run (`ferretdb --version` failed)');
        throw new Error(failures.join('\n'));
      }
      await moveInto(built, target);
      await keepForMachine(target, shared);
      return target;
    } finally {
      await rm(built, { force: true });
    }
  } catch (err) {
    throw new Error(`Could not build FerretDB ${FERRETDB_VERSION} with ${go}:\n${(err as Error).message}`, {
      cause: err,
    });
  } finally {
    await makeWritable(workDir).catch(() => undefined);
    await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** The caller's environment, plus -buildvcs=false and a cache folder when HOME is unset (containers). */
function buildEnv(env: NodeJS.ProcessEnv, dataDir: string): NodeJS.ProcessEnv {
  const goEnv: NodeJS.ProcessEnv = { ...env };
  const flags = goEnv.GOFLAGS ?? '';
  if (!/-buildvcs\b/.test(flags)) goEnv.GOFLAGS = `${flags} -buildvcs=false`.trim();
  if (!goEnv.HOME && !goEnv.GOCACHE && !goEnv.XDG_CACHE_HOME) {
    goEnv.GOCACHE = path.join(path.resolve(dataDir), 'go', 'cache');
    goEnv.GOPATH ??= path.join(path.resolve(dataDir), 'go', 'path');
  }
  return goEnv;
}

/**
 * A copy of the built binary for every checkout of this machine, beside Go's own build cache
 * (`$XDG_CACHE_HOME` or `~/.cache`): a second clone (CI's fresh clone, a worktree) copies it instead of building
 * again (about 25 s of CPU even with Go's cache warm). Null without a home folder.
 */
function sharedBinaryPath(env: NodeJS.ProcessEnv): string | null {
  const base = env.XDG_CACHE_HOME || (env.HOME ? path.join(env.HOME, '.cache') : null);
  return base ? path.join(base, 'freight-marketplace', `ferretdb-${FERRETDB_VERSION}${EXE}`) : null;
}

/** Best effort: a machine without a writable cache folder builds again next time, as before. */
async function keepForMachine(target: string, shared: string | null): Promise<void> {
  if (!shared) return;
  await mkdir(path.dirname(shared), { recursive: true })
    .then(() => copyInto(target, shared))
    .catch(() => undefined);
}

/** Copies `file` to `target` through a staged file beside it, so that a reader never sees half a binary. */
async function copyInto(file: string, target: string): Promise<void> {
  const staged = `${target}.${process.pid}.tmp`;
  await cp(file, staged);
  await chmod(staged, 0o755);
  await rename(staged, target);
}

async function moveInto(file: string, target: string): Promise<void> {
  await chmod(file, 0o755);
  await rename(file, target).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EXDEV') throw err;
    // Different file systems: copy next to the target first so that the final step stays atomic.
    await copyInto(file, target);
  });
}

/** Module-cache copies are read-only; the build needs to write into them (and rm needs to delete them). */
async function makeWritable(dir: string): Promise<void> {
  await chmod(dir, (await stat(dir)).mode | 0o700);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await makeWritable(full);
    else if (entry.isFile()) await chmod(full, (await stat(full)).mode | 0o600);
  }
}

function summarize(text: string): string {
  return lastLines(text.trim(), 8);
}
