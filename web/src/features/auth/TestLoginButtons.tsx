import { Box, Button, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { selectTestAccountsEnabled, useConfigStore } from '../../stores/config';
import { useLogin } from './useLogin';
import { useTestAccounts } from './useTestAccounts';

/** The login modal's quick test-login buttons (a debug feature, only when the server enables test accounts). */
export function TestLoginButtons() {
  const enabled = useConfigStore(selectTestAccountsEnabled);
  const { accounts } = useTestAccounts(enabled);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const { submit: login } = useLogin(() => setPendingEmail(null));

  if (!enabled || accounts.length === 0) return null;

  const loginAs = async (email: string, password: string) => {
    setPendingEmail(email);
    await login(email, password);
  };

  return (
    <Box borderTopWidth="1px" pt="4" role="group" aria-label="Quick test login">
      <Text fontSize="sm" color="gray.600" mb="2">
        Quick test login
      </Text>
      <Wrap gap="2">
        {accounts.map((account) => (
          <Button
            key={account.email}
            size="xs"
            variant="outline"
            loading={pendingEmail === account.email}
            disabled={pendingEmail !== null}
            onClick={() => void loginAs(account.email, account.password)}
          >
            {account.label}
          </Button>
        ))}
      </Wrap>
    </Box>
  );
}
