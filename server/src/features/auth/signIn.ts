import type { Request } from 'express';
import { setSignedInMarker } from '../../http/signedInMarker';
import { alertIfNewDevice } from '../account/service';
import { recordSession } from '../account/sessions';
import type { UserDoc } from '../users/model';

/** A new session id (at every sign-in: no session fixation). */
export function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
}
export function save(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}
/** A signed-in session from here on: recorded for the sessions list, and an email when the device is new. */
export async function completeSignIn(req: Request, user: UserDoc): Promise<void> {
  req.session.userId = user.id;
  req.session.signedInAt = Date.now();
  req.session.lastSeenAt = Date.now();
  delete req.session.twoFactorUserId;
  delete req.session.twoFactorAt;
  await save(req);
  await recordSession(user.id, req);
  await alertIfNewDevice(user, req);
  const res = req.res;
  if (res) setSignedInMarker(req, res);
}
