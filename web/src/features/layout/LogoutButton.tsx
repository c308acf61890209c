import { Button, IconButton, type ButtonProps } from '@chakra-ui/react';
import { FiLogOut } from 'react-icons/fi';
import { useSessionStore } from '../../stores/session';

/** Logout with its label, or as an icon only (named "Logout" all the same) where the top bar's row is full. */
export function LogoutButton({ iconOnly = false, ...props }: ButtonProps & { iconOnly?: boolean }) {
  const logout = useSessionStore((s) => s.logout);
  if (iconOnly) {
    return (
      <IconButton variant="outline" size="sm" onClick={logout} aria-label="Logout" title="Logout" {...props}>
        <FiLogOut />
      </IconButton>
    );
  }
  return (
    <Button variant="outline" size="sm" onClick={logout} {...props}>
      <FiLogOut aria-hidden />
      Logout
    </Button>
  );
}
