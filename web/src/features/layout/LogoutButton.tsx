import { Button, type ButtonProps } from '@chakra-ui/react';
import { FiLogOut } from 'react-icons/fi';
import { useSessionStore } from '../../stores/session';

export function LogoutButton(props: ButtonProps) {
  const logout = useSessionStore((s) => s.logout);
  return (
    <Button variant="outline" size="sm" onClick={logout} {...props}>
      <FiLogOut aria-hidden />
      Logout
    </Button>
  );
}
