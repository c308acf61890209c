/**
 * Lints the public API's OpenAPI document (issue 30) with `redocly lint` (Redocly's recommended rules, redocly.yaml),
 * offline: telemetry and update checks are off. Exits non-zero on any error.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '@freight/server/features/publicApi/openapi';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs the linter on `doc`: whether it passed, and what it said. */
export function lintOpenApi(doc: object): { ok: boolean; output: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const run = spawnSync(
      path.join(root, 'node_modules/.bin/redocly'),
      ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'stylish'],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' },
      },
    );
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { ok, output } = lintOpenApi(buildOpenApiDocument());
  console.log(output);
  if (!ok) process.exit(1);
}
