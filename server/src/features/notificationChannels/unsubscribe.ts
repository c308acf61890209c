import { NOTIFICATION_KINDS, NOTIFICATION_KIND_SETTINGS, type NotificationKind } from '@freight/shared';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Types } from 'mongoose';
import type { Request, RequestHandler, Response } from 'express';
import { linkTo } from '../account/links';
import { UserModel } from '../users/model';
import { turnEmailOff } from './preferences';
import { fromInfrastructure } from '../../infra/services';

/**
 * One-click unsubscribe (RFC 8058): every email that is not a security message carries a link that turns its kind's
 * email off for its recipient. The link is signed with a key derived from the session secret (no expiry: an old
 * email's link still works), so nobody can turn off someone else's email by guessing.
 */
const signingKey = fromInfrastructure(({ secrets }) =>
  createHmac('sha256', secrets.sessionSecret).update('unsubscribe-link-v1').digest(),
);

function signature(userId: string, kind: string): string {
  return createHmac('sha256', signingKey()).update(`${userId}:${kind}`).digest('base64url').slice(0, 32);
}

/** The absolute one-click unsubscribe URL of `kind`'s email for this user. */
export function unsubscribeUrl(userId: string, kind: NotificationKind): string {
  const q = new URLSearchParams({ u: userId, k: kind, s: signature(userId, kind) });
  return linkTo(`/unsubscribe?${q.toString()}`);
}

/** The user and kind a signed link names, or null for a link that is wrong or was changed. */
export function checkUnsubscribeLink(
  query: Request['query'],
): { userId: string; kind: NotificationKind } | null {
  const [u, k, s] = [query.u, query.k, query.s].map((v) => (typeof v === 'string' ? v : ''));
  if (!Types.ObjectId.isValid(u) || !(NOTIFICATION_KINDS as readonly string[]).includes(k) || !s) return null;
  const expected = Buffer.from(signature(u, k));
  const given = Buffer.from(s);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId: u, kind: k as NotificationKind };
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(res: Response, status: number, title: string, inner: string) {
  res
    .status(status)
    .type('html')
    .set('Cache-Control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>${esc(title)} · FreightConnect</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1a202c">` +
        `<h1 style="font-size:1.5rem">${esc(title)}</h1>${inner}</body></html>`,
    );
}

const settingsLink = `<p><a href="/account/notifications">Manage all your notification settings</a></p>`;

function badLink(res: Response) {
  page(
    res,
    400,
    'Link not recognised',
    `<p>This unsubscribe link is not complete or was changed. Sign in to change which emails you get.</p>${settingsLink}`,
  );
}

/** GET /unsubscribe: a small page that asks to confirm (mail scanners that follow links change nothing). */
const confirmPage: RequestHandler = async (req, res) => {
  const link = checkUnsubscribeLink(req.query);
  if (!link) return badLink(res);
  const user = await UserModel.findById(link.userId, { email: 1 }).lean<{ email: string }>();
  if (!user) return badLink(res);
  const label = NOTIFICATION_KIND_SETTINGS[link.kind].label;
  page(
    res,
    200,
    'Unsubscribe',
    `<p>Stop emails about <strong>${esc(label.toLowerCase())}</strong> to ${esc(user.email)}? ` +
      `You will still see them in the app.</p>` +
      `<form method="post" action="${esc(req.originalUrl)}"><button type="submit" ` +
      `style="background:#2563eb;color:#fff;border:0;padding:10px 18px;border-radius:6px;font-size:1rem;cursor:pointer">` +
      `Unsubscribe</button></form>${settingsLink}`,
  );
};

/** POST /unsubscribe: the one click (from the mail client, RFC 8058, or the confirm page's button). */
const unsubscribe: RequestHandler = async (req, res) => {
  const link = checkUnsubscribeLink(req.query);
  if (!link) return badLink(res);
  const exists = await UserModel.exists({ _id: new Types.ObjectId(link.userId) });
  if (!exists) return badLink(res);
  await turnEmailOff(link.userId, link.kind);
  const label = NOTIFICATION_KIND_SETTINGS[link.kind].label;
  page(
    res,
    200,
    'Unsubscribed',
    `<p>You will no longer get emails about <strong>${esc(label.toLowerCase())}</strong>. ` +
      `They still appear in the app.</p>${settingsLink}`,
  );
};

/** The pages behind the unsubscribe links, outside /api (mail clients post to them without a session). */
export function unsubscribePages(): Array<['get' | 'post', string, RequestHandler]> {
  return [
    ['get', '/unsubscribe', confirmPage],
    ['post', '/unsubscribe', unsubscribe],
  ];
}
