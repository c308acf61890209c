import type { IconType } from 'react-icons';
import { FiBriefcase, FiPackage, FiSend, FiTruck, FiUser } from 'react-icons/fi';
import { documentTypeLabel, documentTypesFor, type UserType } from '@freight/shared';

export interface AccountTypeCardInfo {
  userType: UserType;
  description: string;
  requiredDocuments: string[];
  icon: IconType;
}

/**
 * What the Documents page really asks this type for (the documents feature's required types), so the card and the
 * page agree (issue 23): SPEC's card lists named documents that no screen asks for.
 */
const asked = (userType: UserType) => documentTypesFor(userType).map(documentTypeLabel);

/** SPEC §2: the landing page's five account-type cards, in order. */
export const ACCOUNT_TYPE_CARDS: AccountTypeCardInfo[] = [
  {
    userType: 'carrier',
    description: 'Truck drivers and fleet operators',
    requiredDocuments: asked('carrier'),
    icon: FiTruck,
  },
  {
    userType: 'shipper',
    description: 'Businesses shipping goods',
    requiredDocuments: asked('shipper'),
    icon: FiPackage,
  },
  {
    userType: 'broker',
    description: 'Licensed freight brokers',
    requiredDocuments: asked('broker'),
    icon: FiBriefcase,
  },
  {
    userType: 'air_cargo',
    description: 'Air freight operators',
    requiredDocuments: asked('air_cargo'),
    icon: FiSend,
  },
  {
    userType: 'individual_customer',
    description: 'Individuals shipping packages, vehicles and equipment',
    requiredDocuments: asked('individual_customer'),
    icon: FiUser,
  },
];
