import type { IconType } from 'react-icons';
import { FiBriefcase, FiPackage, FiSend, FiTruck, FiUser } from 'react-icons/fi';
import type { UserType } from '@freight/shared';

export interface AccountTypeCardInfo {
  userType: UserType;
  description: string;
  requiredDocuments: string[];
  icon: IconType;
}

/** SPEC §2: the landing page's five account-type cards, in order. */
export const ACCOUNT_TYPE_CARDS: AccountTypeCardInfo[] = [
  {
    userType: 'carrier',
    description: 'Truck drivers and fleet operators',
    requiredDocuments: ['DOT Authority', 'Insurance Verification', 'Equipment Certificates'],
    icon: FiTruck,
  },
  {
    userType: 'shipper',
    description: 'Businesses shipping goods',
    requiredDocuments: ['Business License', 'Insurance Documents', 'Credit Verification'],
    icon: FiPackage,
  },
  {
    userType: 'broker',
    description: 'Licensed freight brokers',
    requiredDocuments: ['Broker Authority', 'Bond Documentation', 'BMC-84 Filing'],
    icon: FiBriefcase,
  },
  {
    userType: 'air_cargo',
    description: 'Air freight operators',
    requiredDocuments: ['Air Freight License', 'Security Clearances', 'IATA Certification'],
    icon: FiSend,
  },
  {
    userType: 'individual_customer',
    description: 'Individuals shipping packages, vehicles and equipment',
    requiredDocuments: ['Valid ID', 'Phone Verification', 'Payment Method'],
    icon: FiUser,
  },
];
