import type { InvitableCompanyRole, TeamDto, TeamInvitationCreatedDto } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createItemStore } from '../lib/resourceStore';

interface TeamActions {
  invite: (email: string, role: InvitableCompanyRole) => Promise<TeamInvitationCreatedDto>;
  resend: (invitationId: string) => Promise<TeamInvitationCreatedDto>;
  revoke: (invitationId: string) => Promise<void>;
  changeRole: (userId: string, role: InvitableCompanyRole) => Promise<void>;
  remove: (userId: string) => Promise<void>;
  transfer: (userId: string) => Promise<void>;
  leave: () => Promise<void>;
}

/** The signed-in member's company and team (GET /api/company), read again on every `company:updated`. */
export const useTeamStore = createItemStore<TeamDto, 'team', TeamActions>({
  name: 'your team',
  field: 'team',
  fetch: () => apiRequest<TeamDto>('GET', '/api/company'),
  refetchOnReconnect: true,
  extend: (_set, get) => {
    const after = async <T>(p: Promise<T>): Promise<T> => {
      const out = await p;
      await get().refetch();
      return out;
    };
    const receive = async (p: Promise<TeamDto>) => get().receive(await p);
    return {
      invite: (email, role) =>
        after(apiRequest<TeamInvitationCreatedDto>('POST', '/api/company/invitations', { email, role })),
      resend: (id) =>
        after(apiRequest<TeamInvitationCreatedDto>('POST', `/api/company/invitations/${id}/resend`)),
      revoke: (id) => after(apiRequest<void>('DELETE', `/api/company/invitations/${id}`)),
      changeRole: (userId, role) =>
        receive(apiRequest<TeamDto>('PATCH', `/api/company/members/${userId}`, { role })),
      remove: (userId) => after(apiRequest<void>('DELETE', `/api/company/members/${userId}`)),
      transfer: (userId) => receive(apiRequest<TeamDto>('POST', '/api/company/transfer', { userId })),
      leave: () => receive(apiRequest<TeamDto>('POST', '/api/company/leave')),
    };
  },
});
