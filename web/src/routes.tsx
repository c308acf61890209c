import type { ReactNode } from 'react';
import { boardFirstLoads, dashboardFirstLoads, trackingFirstLoads, type FirstLoads } from './firstLoads';
import { lazyNamed } from './lib/lazyComponent';

/** Every screen loads its code when first shown (issue 24): a page fetches only what it shows. */
const MyLoadsPage = lazyNamed(() => import('./features/workspace/MyLoadsPage'), 'MyLoadsPage');
const DashboardPage = lazyNamed(() => import('./features/dashboard/DashboardPage'), 'DashboardPage');
const LandingPage = lazyNamed(() => import('./features/landing/LandingPage'), 'LandingPage');
const AdminPage = lazyNamed(() => import('./features/admin/AdminPage'), 'AdminPage');
const AirFreightPage = lazyNamed(() => import('./features/airFreight/AirFreightPage'), 'AirFreightPage');
const BackgroundCheckPage = lazyNamed(
  () => import('./features/backgroundChecks/BackgroundCheckPage'),
  'BackgroundCheckPage',
);
const BrokerDashboardPage = lazyNamed(
  () => import('./features/broker/BrokerDashboardPage'),
  'BrokerDashboardPage',
);
const DocumentsPage = lazyNamed(() => import('./features/documents/DocumentsPage'), 'DocumentsPage');
const DriverRoutesPage = lazyNamed(
  () => import('./features/driverRoutes/DriverRoutesPage'),
  'DriverRoutesPage',
);
const FreightBoardPage = lazyNamed(() => import('./features/freight/FreightBoardPage'), 'FreightBoardPage');
const MobileDemoPage = lazyNamed(() => import('./features/mobile/MobileDemoPage'), 'MobileDemoPage');
const SmallShipmentsPage = lazyNamed(
  () => import('./features/smallShipments/SmallShipmentsPage'),
  'SmallShipmentsPage',
);
const SubscribePage = lazyNamed(() => import('./features/subscriptions/SubscribePage'), 'SubscribePage');
const TrackedLoadsPage = lazyNamed(() => import('./features/tracking/TrackedLoadsPage'), 'TrackedLoadsPage');
const TrackingPage = lazyNamed(() => import('./features/tracking/TrackingPage'), 'TrackingPage');
const SimpleLoginPage = lazyNamed(() => import('./features/simpleLogin/SimpleLoginPage'), 'SimpleLoginPage');
const ShipmentWorkspacePage = lazyNamed(
  () => import('./features/shipmentWorkspace/ShipmentWorkspacePage'),
  'ShipmentWorkspacePage',
);
const LoadPage = lazyNamed(() => import('./features/loads/LoadPage'), 'LoadPage');
const AdminMailPage = lazyNamed(() => import('./features/account/AdminMailPage'), 'AdminMailPage');
const ResetPasswordPage = lazyNamed(
  () => import('./features/account/ResetPasswordPage'),
  'ResetPasswordPage',
);
const NotificationSettingsPage = lazyNamed(
  () => import('./features/account/NotificationSettingsPage'),
  'NotificationSettingsPage',
);
const TeamPage = lazyNamed(() => import('./features/team/TeamPage'), 'TeamPage');
const FleetPage = lazyNamed(() => import('./features/fleet/FleetPage'), 'FleetPage');
const JoinPage = lazyNamed(() => import('./features/team/JoinPage'), 'JoinPage');
const AccountSecurityPage = lazyNamed(
  () => import('./features/account/AccountSecurityPage'),
  'AccountSecurityPage',
);
const MyTripsPage = lazyNamed(() => import('./features/trips/MyTripsPage'), 'MyTripsPage');
const DevelopersPage = lazyNamed(() => import('./features/developers/DevelopersPage'), 'DevelopersPage');
const ApiKeysPage = lazyNamed(() => import('./features/developers/ApiKeysPage'), 'ApiKeysPage');
const WebhooksPage = lazyNamed(() => import('./features/developers/WebhooksPage'), 'WebhooksPage');
const TrucksPage = lazyNamed(() => import('./features/truckPosts/TrucksPage'), 'TrucksPage');
const CompanyProfilePage = lazyNamed(
  () => import('./features/companies/CompanyProfilePage'),
  'CompanyProfilePage',
);
const FacilityPage = lazyNamed(() => import('./features/facilities/FacilityPage'), 'FacilityPage');
const InvoicesPage = lazyNamed(() => import('./features/invoices/InvoicesPage'), 'InvoicesPage');

/**
 * Who may open a route: 'signedIn' asks signed-out visitors to sign in on the same address; 'signedOut' sends
 * signed-in users to /; 'public' is open to both. One path may appear twice with different access (/ is the landing
 * page signed out and the dashboard signed in).
 */
export type RouteAccess = 'signedIn' | 'public' | 'signedOut';

export interface AppRoute {
  path: string;
  element: ReactNode;
  access: RouteAccess;
  /**
   * Drawn on the server for a signed-in visitor (issue 24), once these loads (and the navigation bar's) have their
   * answers: the page paints from its HTML, as the prerendered public pages do, and the browser takes it over.
   */
  serverRendered?: { firstLoads?: FirstLoads };
}

/** SPEC §2 route table. A feature adds its screen with one line; anything unlisted is the 404 page. */
export const appRoutes: AppRoute[] = [
  { path: '/', element: <LandingPage />, access: 'signedOut' },
  {
    path: '/',
    element: <DashboardPage />,
    access: 'signedIn',
    serverRendered: { firstLoads: dashboardFirstLoads },
  },
  {
    path: '/freight',
    element: <FreightBoardPage />,
    access: 'public',
    serverRendered: { firstLoads: boardFirstLoads },
  },
  { path: '/documents', element: <DocumentsPage />, access: 'signedIn' },
  { path: '/air-freight', element: <AirFreightPage />, access: 'signedIn' },
  { path: '/broker', element: <BrokerDashboardPage />, access: 'signedIn' },
  { path: '/subscribe', element: <SubscribePage />, access: 'public' },
  { path: '/admin', element: <AdminPage />, access: 'signedIn' },
  { path: '/mobile', element: <MobileDemoPage />, access: 'signedIn' },
  { path: '/tracking', element: <TrackedLoadsPage />, access: 'signedIn' },
  {
    path: '/tracking/:id',
    element: <TrackingPage />,
    access: 'signedIn',
    serverRendered: { firstLoads: trackingFirstLoads },
  },
  { path: '/small-shipments', element: <SmallShipmentsPage />, access: 'public' },
  { path: '/small-shipments/:id', element: <ShipmentWorkspacePage />, access: 'signedIn' },
  { path: '/driver-routes', element: <DriverRoutesPage />, access: 'signedIn' },
  { path: '/background-check', element: <BackgroundCheckPage />, access: 'signedIn' },
  { path: '/my-loads', element: <MyLoadsPage />, access: 'signedIn' },
  { path: '/trips', element: <MyTripsPage />, access: 'signedIn' },
  { path: '/loads/:id', element: <LoadPage />, access: 'signedIn' },
  { path: '/simple-login', element: <SimpleLoginPage />, access: 'signedOut' },
  { path: '/reset-password', element: <ResetPasswordPage />, access: 'public' },
  { path: '/admin/mail', element: <AdminMailPage />, access: 'signedIn' },
  { path: '/account/security', element: <AccountSecurityPage />, access: 'signedIn' },
  { path: '/account/notifications', element: <NotificationSettingsPage />, access: 'signedIn' },
  { path: '/team', element: <TeamPage />, access: 'signedIn' },
  { path: '/fleet', element: <FleetPage />, access: 'signedIn' },
  { path: '/join/:token', element: <JoinPage />, access: 'public' },
  { path: '/developers', element: <DevelopersPage />, access: 'public' },
  { path: '/developers/keys', element: <ApiKeysPage />, access: 'signedIn' },
  { path: '/developers/webhooks', element: <WebhooksPage />, access: 'signedIn' },
  { path: '/trucks', element: <TrucksPage />, access: 'signedIn' },
  { path: '/companies/:id', element: <CompanyProfilePage />, access: 'signedIn' },
  { path: '/facilities/:key', element: <FacilityPage />, access: 'signedIn' },
  { path: '/invoices', element: <InvoicesPage />, access: 'signedIn' },
];
