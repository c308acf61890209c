import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------------
// Account security (issue 27): mail, password reset, email verification.

/** The error code of a 403 for an action that needs a verified email (post, book, offer). */
export const EMAIL_UNVERIFIED_CODE = 'EMAIL_UNVERIFIED';
export const EMAIL_UNVERIFIED_TEXT =
  'Verify your email address first: follow the link we emailed you, or send a new one from the banner.';

/** How long a password-reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** How long an email-verification link works. */
export const EMAIL_VERIFICATION_TTL_HOURS = 48;

/** The answer to "Forgot password?", the same whether an account has that email or not. */
export const FORGOT_PASSWORD_ANSWER =
  'If an account uses that email, we have sent it a link to choose a new password. The link works for one hour.';
export const RESEND_VERIFICATION_ANSWER = 'We have sent a new verification link to your email address.';

export const INVALID_TOKEN_TEXT = {
  wrong: 'This link is not valid. Check that you copied the whole link, or ask for a new one.',
  used: 'This link has already been used. Ask for a new one if you still need it.',
  expired: 'This link has expired. Ask for a new one.',
} as const;
export type TokenProblem = keyof typeof INVALID_TOKEN_TEXT;

export const forgotPasswordSchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address').max(254),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

const token = z.string().trim().min(1, 'The link has no token').max(200, 'This link is not valid');

export const resetTokenSchema = z.object({ token });

export const resetPasswordSchema = z
  .object({
    token,
    password: z.string().min(8, 'Password must be at least 8 characters').max(200),
    confirmPassword: z.string().min(1, 'Required'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** GET /api/admin/mail: one message the embedded mail sink received. */
export interface MailboxMessageDto {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  receivedAt: string;
}

/** GET /api/auth/sessions: one signed-in session of the user (issue 27). */
export interface SessionDto {
  /** An opaque handle (not the session id) for DELETE /api/auth/sessions/:id. */
  id: string;
  /** "Chrome on Linux", from the user agent. */
  device: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

// Two-factor sign-in (TOTP, issue 27)

export const TWO_FACTOR_REQUIRED_CODE = 'TWO_FACTOR_REQUIRED';
export const ADMIN_TWO_FACTOR_TEXT =
  'Admins must turn on two-factor sign-in before they use the admin area: open Account security.';
export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit code from the authenticator app, or a recovery code (xxxxx-xxxxx). */
export const twoFactorCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(6, 'Enter the 6-digit code from your authenticator app, or a recovery code')
    .max(20, 'Enter the 6-digit code from your authenticator app, or a recovery code'),
});
export const disableTwoFactorSchema = twoFactorCodeSchema.extend({
  password: z.string().min(1, 'Required'),
});

/** POST /api/auth/2fa/setup: shown once; a new call makes a new secret. */
export interface TwoFactorSetupDto {
  secret: string;
  otpauthUrl: string;
  /** A PNG data URL of the otpauth URL's QR code. */
  qrDataUrl: string;
}

/** POST /api/auth/login when two-factor sign-in is on: the password was right; now the code. */
export interface TwoFactorChallengeDto {
  twoFactorRequired: true;
}
