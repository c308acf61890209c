import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { COMPANY_ROLE_LABELS, USER_TYPE_LABELS, planTierLabel, type UserDto } from '@freight/shared';
import { ProfileImage } from './ProfileImage';

/** Name, user-type and plan (Pro or Basic) badges, company and profile image (SPEC §2); a long name or company is cut short. */
export function UserSummary({ user }: { user: UserDto }) {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <HStack gap="3" minW="0">
      <ProfileImage src={user.profileImageUrl} name={fullName} />
      <Stack gap="0.5" align="flex-start" minW="0" maxW={{ base: '15rem', xl: '10.5rem' }}>
        <HStack gap="2" maxW="full">
          <Text fontWeight="semibold" fontSize="sm" truncate title={fullName}>
            {fullName}
          </Text>
          {user.userType && (
            <Badge data-testid="nav-user-type" colorPalette="blue" variant="subtle" flexShrink={0}>
              {USER_TYPE_LABELS[user.userType]}
            </Badge>
          )}
          {/* SPEC's 'Pro' badge for an active Pro plan; an active Basic plan is badged as what it is. */}
          {user.subscriptionStatus === 'active' && (
            <Badge data-testid="nav-plan" colorPalette="purple" variant="solid" flexShrink={0}>
              {planTierLabel(user.subscriptionPlan) === 'Basic' ? 'Basic' : 'Pro'}
            </Badge>
          )}
        </HStack>
        {(user.companyName || user.company) && (
          <Text
            data-testid="nav-company"
            fontSize="xs"
            color="gray.600"
            truncate
            maxW="full"
            title={[user.companyName, user.company && COMPANY_ROLE_LABELS[user.company.role]]
              .filter(Boolean)
              .join(' · ')}
          >
            {user.companyName}
            {user.company && (
              <Text as="span" data-testid="nav-company-role">
                {user.companyName ? ' · ' : ''}
                {COMPANY_ROLE_LABELS[user.company.role]}
              </Text>
            )}
          </Text>
        )}
      </Stack>
    </HStack>
  );
}
