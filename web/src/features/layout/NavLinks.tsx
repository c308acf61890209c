import { Link, Stack } from '@chakra-ui/react';
import type { CompanyRole, UserType } from '@freight/shared';
import { NavLink } from 'react-router-dom';
import { navLinksFor } from './navLinks';

interface NavLinksProps {
  userType: UserType | null;
  companyRole?: CompanyRole | null;
  /** One row in the top bar, a column in the drawer. */
  direction: 'row' | 'column';
  onNavigate?: () => void;
}

export function NavLinks({ userType, companyRole = null, direction, onNavigate }: NavLinksProps) {
  const links = navLinksFor(userType, companyRole);
  // A carrier has nine links (Fleet and Truck Posts, issue 29): in one row at laptop widths they take the smaller
  // type until the screen is wide enough for the usual one.
  const dense = direction === 'row' && links.length > 8;
  return (
    <Stack as="nav" aria-label="Main navigation" direction={direction} gap="0.5" minW="0">
      {links.map((link) => (
        <Link
          key={link.to}
          asChild
          // Tighter in the top bar, so one row holds every link at 1280 px (issue 29 added Trucks).
          px={direction === 'row' ? '1' : '2'}
          py="2"
          borderRadius="md"
          fontSize={dense ? { base: 'xs', '2xl': 'sm' } : 'sm'}
          fontWeight="medium"
          color="gray.700"
          whiteSpace="nowrap"
          _hover={{ bg: 'gray.100', textDecoration: 'none' }}
          css={{ '&[aria-current=page]': { bg: 'blue.50', color: 'blue.700' } }}
        >
          <NavLink to={link.to} end={link.to === '/'} onClick={onNavigate}>
            {link.label}
          </NavLink>
        </Link>
      ))}
    </Stack>
  );
}
