import { Button, Card, HStack, Heading, Icon, List, Stack, Text } from '@chakra-ui/react';
import { USER_TYPE_LABELS } from '@freight/shared';
import { FiCheckCircle } from 'react-icons/fi';
import { storePendingUserType } from '../../lib/pendingUserType';
import { goToProviderLogin } from '../../lib/redirects';
import { useAuthModalStore } from '../auth/authModalStore';
import type { AccountTypeCardInfo } from './accountTypes';

export function AccountTypeCard({ info }: { info: AccountTypeCardInfo }) {
  const openRegister = useAuthModalStore((s) => s.openRegister);
  const label = USER_TYPE_LABELS[info.userType];

  const registerAs = () => {
    storePendingUserType(info.userType);
    openRegister();
  };
  const signInWithProviderAs = () => {
    storePendingUserType(info.userType);
    goToProviderLogin();
  };

  return (
    <Card.Root as="article" aria-label={label} height="full">
      <Card.Header>
        <HStack gap="3">
          <Icon as={info.icon} boxSize="7" color="blue.600" />
          <Heading as="h3" size="lg">
            {label}
          </Heading>
        </HStack>
        <Text color="gray.600">{info.description}</Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4" height="full" justify="space-between">
          <Stack gap="2">
            <Text fontWeight="semibold" fontSize="sm">
              Required documents
            </Text>
            {info.requiredDocuments.length === 0 && (
              <Text fontSize="sm" color="gray.600" data-testid="no-documents-needed">
                None: no documents to upload
              </Text>
            )}
            <List.Root gap="1" variant="plain">
              {info.requiredDocuments.map((doc) => (
                <List.Item key={doc} fontSize="sm">
                  <List.Indicator asChild color="green.500">
                    <FiCheckCircle />
                  </List.Indicator>
                  {doc}
                </List.Item>
              ))}
            </List.Root>
          </Stack>
          <Stack gap="2">
            <Button
              colorPalette="blue"
              onClick={registerAs}
              whiteSpace="normal"
              height="auto"
              minH="10"
              py="2"
            >
              Register as {label}
            </Button>
            <Button
              variant="outline"
              onClick={signInWithProviderAs}
              whiteSpace="normal"
              height="auto"
              minH="10"
              py="2"
            >
              Continue with SSO as {label}
            </Button>
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
