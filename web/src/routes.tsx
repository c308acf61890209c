import { MyLoadsPage } from './features/workspace/MyLoadsPage';
import type { ReactNode } from 'react';
import { DashboardPage } from './features/dashboard/DashboardPage';
import { LandingPage } from './features/landing/LandingPage';
import { AdminPage } from './features/admin/AdminPage';
import { AirFreightPage } from './features/airFreight/AirFreightPage';
import { BackgroundCheckPage } from './features/backgroundChecks/BackgroundCheckPage';
import { BrokerDashboardPage } from './features/broker/BrokerDashboardPage';
import { DocumentsPage } from './features/documents/DocumentsPage';
import { DriverRoutesPage } from './features/driverRoutes/DriverRoutesPage';
import { FreightBoardPage } from './features/freight/FreightBoardPage';
import { MobileDemoPage } from './features/mobile/MobileDemoPage';
import { SmallShipmentsPage } from './features/smallShipments/SmallShipmentsPage';
import { ShipmentWorkspacePage } from './features/shipmentWorkspace/ShipmentWorkspacePage';
import { SubscribePage } from './features/subscriptions/SubscribePage';
import { TrackedLoadsPage } from './features/tracking/TrackedLoadsPage';
import { TrackingPage } from './features/tracking/TrackingPage';
import { SimpleLoginPage } from './features/simpleLogin/SimpleLoginPage';
import { LoadPage } from './features/loads/LoadPage';
import { AdminMailPage } from './features/account/AdminMailPage';
import { ResetPasswordPage } from './features/account/ResetPasswordPage';
import { AccountSecurityPage } from './features/account/AccountSecurityPage';

/**
 * Who may open a route: 'signedIn' sends signed-out visitors to the landing page's sign-in modal; 'signedOut' sends
 * signed-in users to /; 'public' is open to both. One path may appear twice with different access (/ is the landing
 * page signed out and the dashboard signed in).
 */
export type RouteAccess = 'signedIn' | 'public' | 'signedOut';

export interface AppRoute {
  path: string;
  element: ReactNode;
  access: RouteAccess;
}

/** SPEC §2 route table. A feature adds its screen with one line; anything unlisted is the 404 page. */
export const appRoutes: AppRoute[] = [
  { path: '/', element: <LandingPage />, access: 'signedOut' },
  { path: '/', element: <DashboardPage />, access: 'signedIn' },
  { path: '/freight', element: <FreightBoardPage />, access: 'public' },
  { path: '/documents', element: <DocumentsPage />, access: 'signedIn' },
  { path: '/air-freight', element: <AirFreightPage />, access: 'signedIn' },
  { path: '/broker', element: <BrokerDashboardPage />, access: 'signedIn' },
  { path: '/subscribe', element: <SubscribePage />, access: 'public' },
  { path: '/admin', element: <AdminPage />, access: 'signedIn' },
  { path: '/mobile', element: <MobileDemoPage />, access: 'signedIn' },
  { path: '/tracking', element: <TrackedLoadsPage />, access: 'signedIn' },
  { path: '/tracking/:id', element: <TrackingPage />, access: 'signedIn' },
  { path: '/small-shipments', element: <SmallShipmentsPage />, access: 'public' },
  { path: '/small-shipments/:id', element: <ShipmentWorkspacePage />, access: 'signedIn' },
  { path: '/driver-routes', element: <DriverRoutesPage />, access: 'signedIn' },
  { path: '/background-check', element: <BackgroundCheckPage />, access: 'signedIn' },
  { path: '/my-loads', element: <MyLoadsPage />, access: 'signedIn' },
  { path: '/loads/:id', element: <LoadPage />, access: 'signedIn' },
  { path: '/simple-login', element: <SimpleLoginPage />, access: 'signedOut' },
  { path: '/reset-password', element: <ResetPasswordPage />, access: 'public' },
  { path: '/admin/mail', element: <AdminMailPage />, access: 'signedIn' },
  { path: '/account/security', element: <AccountSecurityPage />, access: 'signedIn' },
];
