/** Bundled in web/public, so it satisfies the CSP (img-src 'self'). */
export const DEFAULT_PROFILE_IMAGE_URL = '/default-avatar.svg';
