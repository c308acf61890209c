const LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LEVELS)[number];

export interface Logger {
  debug(msg: string, extra?: unknown): void;
  info(msg: string, extra?: unknown): void;
  warn(msg: string, extra?: unknown): void;
  error(msg: string, extra?: unknown): void;
}

const REDACTED = '[redacted]';
/** Fields whose values never reach a log line, at any depth (a driver's SSN, issue 16). */
const SECRET_KEY = /ssn/i;
/** An SSN-shaped number inside any text (an error's message or stack that quotes a value): ###-##-#### or 9 digits. */
const SSN_IN_TEXT = /(?<![\d-])\d{3}-?\d{2}-?\d{4}(?![\d-])/g;

export const redactText = (text: string): string => text.replace(SSN_IN_TEXT, REDACTED);

/** A copy of a log line's extra value with secret fields and SSN-shaped numbers blanked out. */
export function redact(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value instanceof Error) return redactText(value.stack ?? value.message);
  if (!value || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => redact(v, seen));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? REDACTED : redact(v, seen)]),
  );
}

export function createLogger(level: LogLevel, scope = 'app'): Logger {
  const min = LEVELS.indexOf(level);
  const at = (l: LogLevel) => (msg: string, extra?: unknown) => {
    if (LEVELS.indexOf(l) < min) return;
    const line = redactText(`[${scope}] ${msg}`);
    const out = l === 'error' || l === 'warn' ? console.error : console.log;
    if (extra === undefined) out(line);
    else out(line, redact(extra));
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
