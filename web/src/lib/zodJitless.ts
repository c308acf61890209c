/**
 * Zod (used through @freight/shared's schemas) probes `new Function('')` to decide whether to compile fast parsers.
 * Under our CSP (no 'unsafe-eval') that probe is blocked and logged as a CSP violation on every page load. Zod's
 * `jitless` option skips the probe; `z.config({ jitless: true })` writes it to this global, which zod reads when it
 * first loads, so this module must be imported before anything that imports @freight/shared (see main.tsx).
 */
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
// Mutate rather than replace: zod keeps a reference to this object from the moment it loads.
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

export {};
