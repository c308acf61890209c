import { Navigate } from 'react-router-dom';
import { redirectFromServer } from '../lib/serverData';

/**
 * Sends the visitor to `to` in place of this page. On a page drawn on the server (issue 24) the server answers with
 * the redirect itself: a router without a browser cannot navigate, and would send an empty page.
 */
export function Redirect({ to }: { to: string }) {
  if (typeof window === 'undefined') {
    redirectFromServer(to);
    return null;
  }
  return <Navigate to={to} replace />;
}
