import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { USER_TYPE_LABELS, type UserDto } from '@freight/shared';
import { ProfileImage } from './ProfileImage';

/** Name, user-type and Pro badges, company and profile image (SPEC §2). */
export function UserSummary({ user }: { user: UserDto }) {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <HStack gap="3">
      <ProfileImage src={user.profileImageUrl} name={fullName} />
      <Stack gap="0.5" align="flex-start">
        <HStack gap="2">
          <Text fontWeight="semibold" fontSize="sm">
            {fullName}
          </Text>
          {user.userType && (
            <Badge data-testid="nav-user-type" colorPalette="blue" variant="subtle">
              {USER_TYPE_LABELS[user.userType]}
            </Badge>
          )}
          {user.subscriptionStatus === 'active' && (
            <Badge colorPalette="purple" variant="solid">
              Pro
            </Badge>
          )}
        </HStack>
        {user.companyName && (
          <Text data-testid="nav-company" fontSize="xs" color="gray.600">
            {user.companyName}
          </Text>
        )}
      </Stack>
    </HStack>
  );
}
