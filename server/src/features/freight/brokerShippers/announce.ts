import { notify } from '../../notifications/service';
import { UserModel, displayName, type User } from '../../users/model';
import { BROKER_VIEW, type BrokerInvitation } from './model';

/** A new invitation: the shipper account with its email, if there is one, is told (anyone else learns nothing). */
export async function announceShipperInvited(invitation: BrokerInvitation): Promise<void> {
  const brokerId = String(invitation.brokerId);
  // The lookup is made for every new invitation; only a shipper account is told.
  const shipper = await UserModel.findOne({ email: invitation.email }, { userType: 1, email: 1 }).lean();
  const broker = await UserModel.findById(brokerId, BROKER_VIEW).lean();
  if (!shipper || shipper.userType !== 'shipper' || String(shipper._id) === brokerId) return;
  await notify({
    userId: String(shipper._id),
    kind: 'general',
    title: 'Broker invitation',
    body: `${broker?.companyName || (broker ? displayName(broker) : 'A broker')} invites you to a shipper relationship. Accept or decline it on your dashboard.`,
    link: '/',
    dedupeKey: `broker-invitation:${String(invitation._id)}`,
  });
}

/** The shipper answered; only an acceptance is news to the broker. */
export async function announceInvitationAnswered(
  answered: BrokerInvitation,
  shipper: Pick<User, 'firstName' | 'lastName' | 'email' | 'companyName'>,
): Promise<void> {
  if (answered.status !== 'accepted') return;
  await notify({
    userId: String(answered.brokerId),
    kind: 'general',
    title: 'Shipper relationship accepted',
    body: `${shipper.companyName || displayName(shipper)} (${answered.email}) accepted your invitation.`,
    link: '/broker',
    dedupeKey: `broker-invitation-accepted:${String(answered._id)}`,
  });
}
