import { Link, Wrap } from '@chakra-ui/react';
import type { UserType } from '@freight/shared';
import { NavLink } from 'react-router-dom';
import { navLinksFor } from './navLinks';

export function NavLinks({ userType }: { userType: UserType | null }) {
  return (
    <Wrap as="nav" aria-label="Main navigation" gap="0.5">
      {navLinksFor(userType).map((link) => (
        <Link
          key={link.to}
          asChild
          px="2.5"
          py="2"
          borderRadius="md"
          fontSize="sm"
          fontWeight="medium"
          color="gray.700"
          _hover={{ bg: 'gray.100', textDecoration: 'none' }}
          css={{ '&[aria-current=page]': { bg: 'blue.50', color: 'blue.700' } }}
        >
          <NavLink to={link.to} end={link.to === '/'}>
            {link.label}
          </NavLink>
        </Link>
      ))}
    </Wrap>
  );
}
