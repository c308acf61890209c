import type { CompanyRole, UserType } from '@freight/shared';

export interface NavLinkInfo {
  to: string;
  label: string;
  /** Only these user types see the link; every signed-in user when absent. */
  onlyFor?: UserType;
}

/** SPEC §2: the authenticated navigation bar's links, in order. */
export const NAV_LINKS: NavLinkInfo[] = [
  { to: '/', label: 'Dashboard' },
  { to: '/documents', label: 'Documents' },
  { to: '/freight', label: 'Freight' },
  { to: '/air-freight', label: 'Air Freight' },
  { to: '/my-loads', label: 'My Loads', onlyFor: 'carrier' },
  { to: '/fleet', label: 'Fleet', onlyFor: 'carrier' },
  { to: '/my-loads', label: 'My Loads', onlyFor: 'shipper' },
  { to: '/my-loads', label: 'My Loads', onlyFor: 'air_cargo' },
  { to: '/small-shipments', label: 'Post Small Load', onlyFor: 'individual_customer' },
  { to: '/driver-routes', label: 'My Routes', onlyFor: 'individual_driver' },
  { to: '/broker', label: 'Broker Hub', onlyFor: 'broker' },
  { to: '/trucks', label: 'Trucks', onlyFor: 'broker' },
  { to: '/trucks', label: 'Trucks', onlyFor: 'shipper' },
  { to: '/trucks', label: 'Truck Posts', onlyFor: 'carrier' },
  { to: '/subscribe', label: 'Subscription' },
  { to: '/mobile', label: 'Mobile Demo' },
  { to: '/admin', label: 'Admin', onlyFor: 'admin' },
];

/** A company's driver (issue 29) uses their phone for their trips: that is all their navigation offers. */
const DRIVER_LINKS: NavLinkInfo[] = [{ to: '/trips', label: 'My Trips' }];

export function navLinksFor(
  userType: UserType | null,
  companyRole: CompanyRole | null = null,
): NavLinkInfo[] {
  if (companyRole === 'driver') return DRIVER_LINKS;
  return NAV_LINKS.filter((link) => !link.onlyFor || link.onlyFor === userType);
}
