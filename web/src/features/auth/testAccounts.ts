import type { TestAccountDto } from '@freight/shared';
import { apiRequest } from '../../lib/api';

export function fetchTestAccounts(): Promise<TestAccountDto[]> {
  return apiRequest<TestAccountDto[]>('GET', '/api/test-accounts');
}
