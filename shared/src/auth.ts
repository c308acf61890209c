import type { CompanyRole } from './companies';
import { z } from 'zod';
import { REGISTRABLE_USER_TYPES, SETUP_USER_TYPES, type SubscriptionStatus, type UserType } from './enums';
import type { AccountViewerActions } from './accountActions';

export const registerSchema = z
  .object({
    email: z.string().trim().toLowerCase().email('Enter a valid email address'),
    password: z.string().min(8, 'Password must be at least 8 characters').max(200),
    confirmPassword: z.string().min(1, 'Required'),
    firstName: z.string().trim().min(1, 'Required').max(100),
    lastName: z.string().trim().min(1, 'Required').max(100),
    userType: z.enum(REGISTRABLE_USER_TYPES).default('carrier'),
    companyName: z.string().trim().max(200).optional().default(''),
    phoneNumber: z.string().trim().max(40).optional().default(''),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Required'),
  password: z.string().min(1, 'Required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Individuals (a customer or a driver) may have no company: for them the setup form's company name is optional. */
export const COMPANY_OPTIONAL_USER_TYPES: readonly UserType[] = ['individual_customer', 'individual_driver'];
export const companyNameRequired = (userType: string | null | undefined): boolean =>
  !COMPANY_OPTIONAL_USER_TYPES.includes(userType as UserType);

export const setupSchema = z
  .object({
    userType: z.enum(SETUP_USER_TYPES, { message: 'Please fill in all required fields' }),
    companyName: z.string().trim().max(200).optional().default(''),
    phoneNumber: z.string().trim().max(40).optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.companyName && companyNameRequired(v.userType)) {
      ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'Please fill in all required fields' });
    }
  });
export type SetupInput = z.input<typeof setupSchema>;

/** GET /api/config: what the web app needs before anyone signs in. */
export interface PublicConfigDto {
  testAccountsEnabled: boolean;
  mapTileUrl: string;
}

/** GET /api/test-accounts: a seeded test account (DESIGN §5), offered only when the server enables test accounts. */
export interface TestAccountDto {
  role: string;
  label: string;
  email: string;
  password: string;
}

/** The user as the API returns it: never the password hash. */
export interface UserDto {
  id: string;
  email: string;
  authProvider: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  userType: UserType | null;
  companyName: string | null;
  phoneNumber: string | null;
  isVerified: boolean;
  /** Whether the user proved the email is theirs (issue 27); accounts from before that count as proven. */
  emailVerified: boolean;
  /** Two-factor sign-in (TOTP) is on (issue 27). */
  twoFactorEnabled: boolean;
  subscriptionStatus: SubscriptionStatus;
  subscriptionPlan: string | null;
  subscriptionExpiresAt: string | null;
  /** When the user canceled: the plan stays active until subscriptionExpiresAt and is not renewed. */
  subscriptionCanceledAt: string | null;
  /** FMCSA motor-carrier number (digits only), for carriers and brokers; null when not given. */
  mcNumber: string | null;
  /** USDOT number (digits only), for carriers and brokers; null when not given. */
  usdotNumber: string | null;
  createdAt: string;
  updatedAt: string;
  /** The company the user acts for and their role in it (issue 28), on `GET /api/auth/user`; null: none yet. */
  company?: { id: string; name: string; role: CompanyRole } | null;
  /** What the user may do (issue 26), from the server's policies: the web shows buttons from these. */
  viewerActions: AccountViewerActions;
}

// ---------------------------------------------------------------------------------------------------------------
// Carrier and broker authority numbers (issue 16): the FMCSA MC number and the USDOT number.

/** Who has authority numbers: the types FMCSA registers (carriers haul, brokers arrange). */
export const AUTHORITY_USER_TYPES: readonly UserType[] = ['carrier', 'broker'];

/**
 * An authority number as typed ("MC-123456", "usdot 0987654", "123456"): the prefix, spaces and dashes dropped, then
 * 1 to 8 digits without leading zeros. Empty means none.
 */
const authorityNumber = (prefix: RegExp, example: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null) return null;
      if (typeof v !== 'string') return v;
      const bare = v.trim().replace(prefix, '').replace(/[\s-]/g, '');
      return bare === '' ? null : bare.replace(/^0+(?=\d)/, '');
    },
    z
      .string()
      .regex(/^\d{1,8}$/, `Enter 1 to 8 digits, e.g. ${example}`)
      .nullable(),
  );
export const authorityNumbersSchema = z.object({
  mcNumber: authorityNumber(/^mc[\s#:-]*/i, 'MC-123456'),
  usdotNumber: authorityNumber(/^(us)?dot[\s#:-]*/i, 'USDOT 1234567'),
});
export type AuthorityNumbersInput = z.input<typeof authorityNumbersSchema>;

/**
 * The road authority numbers a party holds (issue 39): a carrier its MC and USDOT, a broker its MC; a shipper, an
 * air cargo operator or an individual none. An account whose type is not known yet is read as a carrier.
 */
export function authorityNumbersOf(userType: string | null | undefined): readonly AuthorityNumberField[] {
  if (!userType || userType === 'carrier') return ['mcNumber', 'usdotNumber'];
  return userType === 'broker' ? ['mcNumber'] : [];
}
export type AuthorityNumberField = 'mcNumber' | 'usdotNumber';
export const AUTHORITY_NUMBER_LABELS: Record<AuthorityNumberField, string> = {
  mcNumber: 'MC',
  usdotNumber: 'USDOT',
};

/**
 * The numbers a party needs before its verification completes (issue 39): a carrier its USDOT number (its MC too
 * when it has operating authority, which only it knows: asked, not required), a broker its MC.
 */
export function requiredAuthorityNumbersOf(
  userType: string | null | undefined,
): readonly AuthorityNumberField[] {
  if (userType === 'carrier') return ['usdotNumber'];
  return userType === 'broker' ? ['mcNumber'] : [];
}
