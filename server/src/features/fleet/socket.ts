import { rooms } from '@freight/shared';
import { z } from 'zod';
import { authorize } from '../../policies';
import { fleetCompanyOf } from '../../policies/fleet';
import { clientEvents } from '../../realtime/clientEvents';
import type { SocketHandler } from '../../realtime/types';

/** fleet:join: the company's fleet room (trucks and their positions, live), for those who dispatch them. */
export const fleetSocketHandler: SocketHandler = (socket, { rt }) => {
  const on = clientEvents(socket, rt.log);
  on('fleet:join', z.object({}).strip(), async () => {
    const actor = socket.data.actor;
    authorize(actor, 'fleet:watch', undefined, {
      message: "The fleet's live positions are shown to its owners, admins and dispatchers",
    });
    const companyId = fleetCompanyOf(actor);
    await socket.join(rooms.fleet(companyId));
    return { companyId };
  });
};
