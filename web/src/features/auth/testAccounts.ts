import { apiRequest } from '../../lib/api';

/** A seeded test account (DESIGN §5), offered only when the server enables test accounts. */
export interface TestAccount {
  role: string;
  label: string;
  email: string;
  password: string;
}

export function fetchTestAccounts(): Promise<TestAccount[]> {
  return apiRequest<TestAccount[]>('GET', '/api/test-accounts');
}
