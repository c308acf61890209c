import type { ReactNode } from 'react';
import { DashboardPage } from './features/dashboard/DashboardPage';
import { LandingPage } from './features/landing/LandingPage';
import {
  AdminPlaceholder,
  AirFreightPlaceholder,
  BrokerDashboardPlaceholder,
  DocumentsPlaceholder,
  DriverRoutesPlaceholder,
  FreightBoardPlaceholder,
  MobileDemoPlaceholder,
  SmallShipmentsPlaceholder,
  SubscribePlaceholder,
  TrackingPlaceholder,
} from './features/placeholders';
import { SimpleLoginPage } from './features/simpleLogin/SimpleLoginPage';

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
  { path: '/freight', element: <FreightBoardPlaceholder />, access: 'public' },
  { path: '/documents', element: <DocumentsPlaceholder />, access: 'signedIn' },
  { path: '/air-freight', element: <AirFreightPlaceholder />, access: 'signedIn' },
  { path: '/broker', element: <BrokerDashboardPlaceholder />, access: 'signedIn' },
  { path: '/subscribe', element: <SubscribePlaceholder />, access: 'signedIn' },
  { path: '/admin', element: <AdminPlaceholder />, access: 'signedIn' },
  { path: '/mobile', element: <MobileDemoPlaceholder />, access: 'signedIn' },
  { path: '/tracking', element: <TrackingPlaceholder />, access: 'signedIn' },
  { path: '/tracking/:id', element: <TrackingPlaceholder />, access: 'signedIn' },
  { path: '/small-shipments', element: <SmallShipmentsPlaceholder />, access: 'public' },
  { path: '/driver-routes', element: <DriverRoutesPlaceholder />, access: 'signedIn' },
  { path: '/simple-login', element: <SimpleLoginPage />, access: 'signedOut' },
];
