import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the sink received, parsed. */
export interface SinkMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Each header as sent (unfolded), by its lower-case name; the last one wins. */
  headers: Record<string, string>;
  attachments: Array<{ filename: string; contentType: string; size: number; content: Buffer }>;
  receivedAt: Date;
}

export interface MailSink {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * A local SMTP server on loopback (issue 27): `npm start` without SMTP_URL sends the product's email here, and each
 * message, parsed, goes to `onMessage` (the admin mailbox stores it). Tests use it as the real SMTP server they read
 * from. No authentication, no TLS: it listens on 127.0.0.1 only.
 */
export async function startMailSink(opts: {
  onMessage: (message: SinkMessage) => void | Promise<void>;
  port?: number;
  /** Refuse every message with this SMTP error (a mailbox that refuses mail). */
  refuse?: () => string | null;
}): Promise<MailSink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'FreightConnect mail sink',
    size: 10 * 1024 * 1024,
    logger: false,
    onData(stream, _session, callback) {
      const refusal = opts.refuse?.();
      if (refusal) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error(refusal), { responseCode: 550 })));
        return;
      }
      simpleParser(stream)
        .then(async (parsed) => {
          const address = (a: typeof parsed.to) =>
            (Array.isArray(a) ? a : a ? [a] : []).map((x) => x.text).join(', ');
          await opts.onMessage({
            from: address(parsed.from),
            to: address(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            headers: Object.fromEntries(
              parsed.headerLines.map((h) => [
                h.key,
                h.line
                  .slice(h.line.indexOf(':') + 1)
                  .replace(/\r?\n[ \t]+/g, ' ')
                  .trim(),
              ]),
            ),
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              size: a.size,
              content: a.content,
            })),
            receivedAt: new Date(),
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
