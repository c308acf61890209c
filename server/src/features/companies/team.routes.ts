import {
  invitationTokenParam,
  objectIdParam,
  teamInviteSchema,
  teamRoleChangeSchema,
  teamTransferSchema,
} from '@freight/shared';
import { Router } from 'express';
import { currentUser, requireUser } from '../../http/auth';
import { validate } from '../../http/validate';
import type { Runtime } from '../../runtimeTypes';
import {
  acceptInvitation,
  invite,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from './invitations.service';
import {
  changeRole,
  getTeam,
  initTeamActivity,
  leaveCompany,
  markActive,
  removeMember,
  transferOwnership,
} from './team.service';

const ACTIVE_EVERY_MS = 60_000;

declare module 'express-session' {
  interface SessionData {
    /** When this session last marked its user active (ms), for the Team page's "last active". */
    activeMarkedAt?: number;
  }
}

/** The team of a company (issue 28): members, roles, invitations, seats. Mounted under /api. */
export function createTeamRouter(rt: Runtime): Router {
  initTeamActivity(rt.redis, rt.redisPrefix);
  const router = Router();

  // Last active: every signed-in request that passes (this router is mounted early), at most once a minute.
  router.use((req, _res, next) => {
    const userId = req.user ? String(req.user._id) : null;
    if (!userId || !req.session || Date.now() - (req.session.activeMarkedAt ?? 0) < ACTIVE_EVERY_MS)
      return next();
    req.session.activeMarkedAt = Date.now();
    markActive(userId).then(
      () => next(),
      (err: unknown) => {
        rt.log.debug(`last-active mark failed: ${(err as Error).message}`);
        next();
      },
    );
  });

  const uid = (req: Parameters<typeof currentUser>[0]) => String(currentUser(req)._id);

  router.get('/company', requireUser, async (req, res) => {
    res.json(await getTeam(uid(req)));
  });

  const inviteV = validate({ body: teamInviteSchema });
  router.post('/company/invitations', requireUser, inviteV, async (req, res) => {
    res.status(201).json(await invite(uid(req), inviteV.input(res).body));
  });

  const invitationId = validate({ params: objectIdParam('id') });
  router.post('/company/invitations/:id/resend', requireUser, invitationId, async (req, res) => {
    res.json(await resendInvitation(uid(req), invitationId.input(res).params.id as string));
  });
  router.delete('/company/invitations/:id', requireUser, invitationId, async (req, res) => {
    await revokeInvitation(uid(req), invitationId.input(res).params.id as string);
    res.status(204).end();
  });

  const tokenV = validate({ params: invitationTokenParam });
  router.get('/company/invitations/:token/preview', tokenV, async (_req, res) => {
    res.json(await previewInvitation(tokenV.input(res).params.token));
  });
  router.post('/company/invitations/:token/accept', requireUser, tokenV, async (req, res) => {
    await acceptInvitation(uid(req), tokenV.input(res).params.token);
    res.json(await getTeam(uid(req)));
  });

  const memberId = validate({ params: objectIdParam('userId'), body: teamRoleChangeSchema });
  router.patch('/company/members/:userId', requireUser, memberId, async (req, res) => {
    const { params, body } = memberId.input(res);
    await changeRole(uid(req), params.userId as string, body.role);
    res.json(await getTeam(uid(req)));
  });
  const removeV = validate({ params: objectIdParam('userId') });
  router.delete('/company/members/:userId', requireUser, removeV, async (req, res) => {
    await removeMember(uid(req), removeV.input(res).params.userId as string);
    res.status(204).end();
  });

  router.post('/company/leave', requireUser, async (req, res) => {
    await leaveCompany(uid(req));
    res.json(await getTeam(uid(req)));
  });

  const transferV = validate({ body: teamTransferSchema });
  router.post('/company/transfer', requireUser, transferV, async (req, res) => {
    await transferOwnership(uid(req), transferV.input(res).body.userId);
    res.json(await getTeam(uid(req)));
  });

  return router;
}
