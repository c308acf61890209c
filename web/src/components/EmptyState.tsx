import { Icon, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';

interface EmptyStateProps {
  icon: IconType;
  iconColor: string;
  title: string;
  description: string;
  testId: string;
}

/** A centred icon, title and hint shown in place of an empty list. */
export function EmptyState({ icon, iconColor, title, description, testId }: EmptyStateProps) {
  return (
    <Stack align="center" gap="1" py="6" textAlign="center" data-testid={testId}>
      <Icon as={icon} boxSize="10" color={iconColor} />
      <Text fontWeight="medium">{title}</Text>
      <Text color="gray.600">{description}</Text>
    </Stack>
  );
}
