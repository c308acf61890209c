const LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LEVELS)[number];

export interface Logger {
  debug(msg: string, extra?: unknown): void;
  info(msg: string, extra?: unknown): void;
  warn(msg: string, extra?: unknown): void;
  error(msg: string, extra?: unknown): void;
}

export function createLogger(level: LogLevel, scope = 'app'): Logger {
  const min = LEVELS.indexOf(level);
  const at = (l: LogLevel) => (msg: string, extra?: unknown) => {
    if (LEVELS.indexOf(l) < min) return;
    const line = `[${scope}] ${msg}`;
    const out = l === 'error' || l === 'warn' ? console.error : console.log;
    if (extra === undefined) out(line);
    else out(line, extra instanceof Error ? (extra.stack ?? extra.message) : extra);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
