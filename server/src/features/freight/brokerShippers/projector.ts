import { registerProjector } from '../../../events/projectors';
import { notify } from '../../notifications/service';
import { UserModel, displayName } from '../../users/model';
import { BROKER_VIEW } from './model';

/**
 * Broker invitations: a new one tells the shipper account with its email, if there is one (anyone else learns
 * nothing); an acceptance tells the broker (a decline is not news to it).
 */
export const brokerInvitationsProjector = registerProjector({
  name: 'broker-invitations',
  applicableEvents: ['invitation.sent', 'invitation.answered'],
  async handle(event) {
    if (event.name === 'invitation.sent') {
      const { id, brokerId, email } = event.data.invitation;
      // The lookup is made for every new invitation; only a shipper account is told.
      const shipper = await UserModel.findOne({ email }, { userType: 1, email: 1 }).lean();
      const broker = await UserModel.findById(brokerId, BROKER_VIEW).lean();
      if (!shipper || shipper.userType !== 'shipper' || String(shipper._id) === brokerId) return;
      await notify({
        userId: String(shipper._id),
        kind: 'general',
        title: 'Broker invitation',
        body: `${broker?.companyName || (broker ? displayName(broker) : 'A broker')} invites you to a shipper relationship. Accept or decline it on your dashboard.`,
        link: '/',
        dedupeKey: `broker-invitation:${id}`,
      });
    } else if (event.name === 'invitation.answered') {
      const { invitation, shipperName } = event.data;
      if (invitation.status !== 'accepted') return;
      await notify({
        userId: invitation.brokerId,
        kind: 'general',
        title: 'Shipper relationship accepted',
        body: `${shipperName} (${invitation.email}) accepted your invitation.`,
        link: '/broker',
        dedupeKey: `broker-invitation-accepted:${invitation.id}`,
      });
    }
  },
});
