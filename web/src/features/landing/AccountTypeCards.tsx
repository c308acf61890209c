import { Box, Container, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { AccountTypeCard } from './AccountTypeCard';
import { ACCOUNT_TYPE_CARDS } from './accountTypes';

export function AccountTypeCards() {
  return (
    <Box as="section" py="16">
      <Container maxW="7xl">
        <Heading as="h2" id="account-types-heading" size="2xl" textAlign="center" mb="2">
          Choose Your Account Type
        </Heading>
        <Text textAlign="center" color="gray.600" mb="10">
          Every account is verified with the documents its type requires.
        </Text>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3, xl: 5 }} gap="6">
          {ACCOUNT_TYPE_CARDS.map((info) => (
            <AccountTypeCard key={info.userType} info={info} />
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
