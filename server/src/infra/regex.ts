export { escapeRegex } from '@freight/shared';
