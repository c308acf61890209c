import { z } from 'zod';

/**
 * The public API's keys (issue 30). A key belongs to a company and acts as it, within its scopes; it is shown in
 * full once (`fmk_<prefix>_<secret>`) and kept only as a hash.
 */
export const API_SCOPES = [
  'loads:read',
  'loads:write',
  'bookings:read',
  'bookings:write',
  'tracking:read',
  'documents:read',
  'invoices:read',
  'webhooks:manage',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'loads:read': 'Read your loads and search the board',
  'loads:write': 'Post, edit and withdraw loads',
  'bookings:read': 'Read booking requests and offers',
  'bookings:write': 'Answer booking requests and offers',
  'tracking:read': 'Read positions, stops and history',
  'documents:read': 'Download rate confirmations and PODs',
  'invoices:read': 'Read invoices you sent and received, and their PDFs',
  'webhooks:manage': 'Register and manage webhook endpoints',
};

export const API_KEY_PREFIX = 'fmk_';
/** Keys one company may hold at once (revoked keys do not count). */
export const MAX_API_KEYS = 25;

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, 'Give the key a name').max(80),
  scopes: z
    .array(z.enum(API_SCOPES))
    .min(1, 'Choose at least one scope')
    .transform((s) => [...new Set(s)]),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export interface ApiKeyDto {
  id: string;
  name: string;
  /** The visible part of the key (`fmk_<prefix>`), by which it is listed. */
  prefix: string;
  scopes: ApiScope[];
  createdBy: { id: string; name: string };
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The answer to creating a key: the key in full, shown this once. */
export interface ApiKeyCreatedDto {
  key: ApiKeyDto;
  secret: string;
}
