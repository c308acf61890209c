import { ComingSoonPage } from './layout/ComingSoonPage';

// Stand-ins until each feature delivers its screen; replace the element in routes.tsx with the real one.
export const FreightBoardPlaceholder = () => <ComingSoonPage title="Freight Load Board" />;
export const DocumentsPlaceholder = () => <ComingSoonPage title="Document Management" />;
export const AirFreightPlaceholder = () => <ComingSoonPage title="Air Freight Marketplace" />;
export const BrokerDashboardPlaceholder = () => <ComingSoonPage title="Broker Dashboard" />;
export const SubscribePlaceholder = () => <ComingSoonPage title="Subscription Plans" />;
export const AdminPlaceholder = () => <ComingSoonPage title="Document Verification Queue" />;
export const MobileDemoPlaceholder = () => <ComingSoonPage title="Mobile Demo" />;
export const TrackingPlaceholder = () => <ComingSoonPage title="Freight Tracking" />;
export const SmallShipmentsPlaceholder = () => <ComingSoonPage title="Post Small Shipment" />;
export const DriverRoutesPlaceholder = () => <ComingSoonPage title="My Routes" />;
