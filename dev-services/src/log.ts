import path from 'node:path';

/** Where the launcher writes its few lines: a plain function or any logger with `info` (and maybe `warn`). */
export type EmbeddedLog = ((line: string) => void) | { info(line: string): void; warn?(line: string): void };

export interface LineLogger {
  info(line: string): void;
  warn(line: string): void;
}

export function toLineLogger(log: EmbeddedLog | undefined): LineLogger {
  if (!log) return { info: (l) => console.log(l), warn: (l) => console.error(l) };
  if (typeof log === 'function') return { info: log, warn: log };
  return {
    info: (l) => log.info(l),
    warn: (l) => (log.warn ? log.warn(l) : log.info(l)),
  };
}

/** Relative to the working directory when inside it (`.data/ferretdb`), else absolute. */
export function displayPath(p: string): string {
  const rel = path.relative(process.cwd(), p);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
}
