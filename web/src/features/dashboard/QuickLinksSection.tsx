import { Button, Card, HStack, Heading, Icon, SimpleGrid, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { FiFileText, FiTruck } from 'react-icons/fi';
import { Link as RouterLink } from 'react-router-dom';

interface QuickLink {
  to: string;
  title: string;
  description: string;
  action: string;
  icon: IconType;
}

const QUICK_LINKS: QuickLink[] = [
  {
    to: '/documents',
    title: 'Compliance Documents',
    description: 'Upload and manage your compliance documents',
    action: 'Manage Documents',
    icon: FiFileText,
  },
  {
    to: '/freight',
    title: 'Freight Load Board',
    description: 'Find available freight opportunities',
    action: 'Browse Freight',
    icon: FiTruck,
  },
];

export function QuickLinksSection() {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
      {QUICK_LINKS.map((link) => (
        <Card.Root key={link.to}>
          <Card.Header>
            <HStack gap="3">
              <Icon as={link.icon} boxSize="6" color="blue.600" />
              <Heading as="h2" size="md">
                {link.title}
              </Heading>
            </HStack>
          </Card.Header>
          <Card.Body gap="4">
            <Text color="gray.600">{link.description}</Text>
            <Button asChild colorPalette="blue" alignSelf="flex-start">
              <RouterLink to={link.to}>{link.action}</RouterLink>
            </Button>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
