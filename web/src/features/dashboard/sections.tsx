import type { ComponentType } from 'react';
import { BackgroundCheckCard } from '../backgroundChecks/BackgroundCheckCard';
import { ShipperInvitationsCard } from '../broker/ShipperInvitationsCard';
import { ComplianceStatusCard } from '../documents/ComplianceStatusCard';
import { VerifiedAccountCard } from '../documents/VerifiedAccountCard';
import { BookingRequestsCard } from '../freight/BookingRequestsCard';
import { ReceivedOffersCard } from '../loads/ReceivedOffersCard';
import { MyShipmentsCard } from '../smallShipments/MyShipmentsCard';
import { UsageCard } from '../subscriptions/UsageCard';
import { AccountInformationCard } from './AccountInformationCard';
import type { DashboardSectionProps } from './dashboardSectionProps';
import { QuickLinksSection } from './QuickLinksSection';
import { WelcomeSection } from './WelcomeSection';

export type DashboardSection = ComponentType<DashboardSectionProps>;

/**
 * The dashboard's sections, rendered top to bottom (SPEC §2 order). A feature adds its card with one line here:
 * Compliance Status and Carrier Booking Requests go after the welcome heading, the Verified Account card before
 * Account Information. Each section decides for itself whether it shows (return null to hide).
 */
export const dashboardSections: DashboardSection[] = [
  WelcomeSection,
  ComplianceStatusCard,
  BackgroundCheckCard,
  ShipperInvitationsCard,
  BookingRequestsCard,
  ReceivedOffersCard,
  UsageCard,
  MyShipmentsCard,
  QuickLinksSection,
  VerifiedAccountCard,
  AccountInformationCard,
];
