import { COMPANY_ROLE_LABELS, rooms, type CompanyRole, type CompanyUpdateReason } from '@freight/shared';
import { registerProjector } from '../../events/projectors';
import { publish } from '../../realtime/publish';
import { linkTo } from '../account/links';
import { sendMail } from '../mail/service';
import { companyInvitationEmail } from '../notificationChannels/invitationEmail';
import { notify } from '../notifications/service';
import { joinPath, unsealInvitationToken } from './invitations.service';

const roleLabel = (role: string) => COMPANY_ROLE_LABELS[role as CompanyRole] ?? role;
const named = (name: string) => name || 'your company';

/**
 * The team of a company (issue 28): every change is pushed as `company:updated` to the company's members (and to
 * the member it is about, who may have just left the room); the person it happened to is notified; an invitation
 * is emailed with its link.
 */
export const companiesProjector = registerProjector({
  name: 'companies',
  applicableEvents: [
    'company.memberJoined',
    'company.memberRemoved',
    'company.memberLeft',
    'company.roleChanged',
    'company.ownershipTransferred',
    'company.invitationSent',
    'company.invitationRevoked',
  ],
  async handle(event) {
    const push = (companyId: string, reason: CompanyUpdateReason, userId: string | null) =>
      publish('company:updated', [rooms.company(companyId), ...(userId ? [rooms.user(userId)] : [])], {
        companyId,
        reason,
        userId,
      });
    const dedupeKey = (userId: string) => `${event.id}-${userId}`;
    switch (event.name) {
      case 'company.memberJoined': {
        const { companyId, member, companyName } = event.data;
        push(companyId, 'memberJoined', member.id);
        await notify({
          userId: member.id,
          kind: 'general',
          title: `You joined ${named(companyName)}`,
          body: `You are a member of ${named(companyName)} as ${roleLabel(member.role)}.`,
          link: '/team',
          dedupeKey: dedupeKey(member.id),
        });
        return;
      }
      case 'company.memberRemoved': {
        const { companyId, member, companyName } = event.data;
        push(companyId, 'memberRemoved', member.id);
        await notify({
          userId: member.id,
          kind: 'general',
          title: `You were removed from ${named(companyName)}`,
          body: `You are no longer a member of ${named(companyName)}. Your account now has a company of its own.`,
          link: '/team',
          dedupeKey: dedupeKey(member.id),
        });
        return;
      }
      case 'company.memberLeft':
        push(event.data.companyId, 'memberLeft', event.data.member.id);
        return;
      case 'company.roleChanged': {
        const { companyId, userId, role, companyName } = event.data;
        push(companyId, 'roleChanged', userId);
        await notify({
          userId,
          kind: 'general',
          title: 'Your role changed',
          body: `You are now ${roleLabel(role)} at ${named(companyName)}.`,
          link: '/team',
          dedupeKey: dedupeKey(userId),
        });
        return;
      }
      case 'company.ownershipTransferred': {
        const { companyId, from, to, companyName } = event.data;
        push(companyId, 'ownershipTransferred', to);
        publish('company:updated', rooms.user(from), {
          companyId,
          reason: 'ownershipTransferred',
          userId: to,
        });
        await notify({
          userId: to,
          kind: 'general',
          title: `You own ${named(companyName)} now`,
          body: `Ownership of ${named(companyName)} was transferred to you.`,
          link: '/team',
          dedupeKey: dedupeKey(to),
        });
        return;
      }
      case 'company.invitationSent': {
        const { companyId, invitation, companyName, invitedBy, sealedToken } = event.data;
        push(companyId, 'invitationSent', null);
        const token = unsealInvitationToken(invitation.id, sealedToken);
        await sendMail(
          companyInvitationEmail({
            to: invitation.email,
            companyName,
            invitedBy,
            roleLabel: roleLabel(invitation.role),
            url: linkTo(joinPath(token)),
            expiresAt: invitation.expiresAt,
            dedupeKey: event.id,
          }),
        );
        return;
      }
      case 'company.invitationRevoked':
        push(event.data.companyId, 'invitationRevoked', null);
        return;
    }
  },
});
