import type { UserType } from '@freight/shared';

export interface TestAccount {
  role: string;
  label: string;
  email: string;
  userType: UserType;
  companyName: string;
  verifiedWithPro: boolean;
}

/** DESIGN §5: seeded only while ENABLE_TEST_ACCOUNTS is true. */
export const TEST_ACCOUNTS: TestAccount[] = [
  {
    role: 'carrier',
    label: 'Carrier',
    email: 'carrier@test.local',
    userType: 'carrier',
    companyName: 'Test Carrier LLC',
    verifiedWithPro: true,
  },
  {
    role: 'shipper',
    label: 'Shipper',
    email: 'shipper@test.local',
    userType: 'shipper',
    companyName: 'Test Shipper Inc',
    verifiedWithPro: true,
  },
  {
    role: 'broker',
    label: 'Broker',
    email: 'broker@test.local',
    userType: 'broker',
    companyName: 'Test Brokerage',
    verifiedWithPro: true,
  },
  {
    role: 'driver',
    label: 'Driver',
    email: 'driver@test.local',
    userType: 'individual_driver',
    companyName: 'Test Driver',
    verifiedWithPro: false,
  },
  {
    role: 'customer',
    label: 'Customer',
    email: 'customer@test.local',
    userType: 'individual_customer',
    companyName: 'Test Customer',
    verifiedWithPro: false,
  },
  {
    role: 'air_cargo',
    label: 'Air Cargo',
    email: 'aircargo@test.local',
    userType: 'air_cargo',
    companyName: 'Test Air Cargo',
    verifiedWithPro: true,
  },
  {
    role: 'admin',
    label: 'Admin',
    email: 'admin@test.local',
    userType: 'admin',
    companyName: 'FreightConnect',
    verifiedWithPro: false,
  },
];

export const TEST_ACCOUNT_EMAILS: ReadonlySet<string> = new Set(TEST_ACCOUNTS.map((a) => a.email));

/** Whether this email belongs to one of the test accounts (whose password is public). */
export function isTestAccountEmail(email: string | null | undefined): boolean {
  return email != null && TEST_ACCOUNT_EMAILS.has(email.trim().toLowerCase());
}
