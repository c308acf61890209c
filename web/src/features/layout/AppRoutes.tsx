import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { appRoutes, type AppRoute, type RouteAccess } from '../../routes';
import { NotFoundPage } from './NotFoundPage';
import { SignInRequired } from './SignInRequired';

function admits(access: RouteAccess, signedIn: boolean): boolean {
  return access === 'public' || (access === 'signedIn') === signedIn;
}

/** One element per path: the entry whose access admits the visitor, else a redirect. */
function resolveRoutes(signedIn: boolean): Array<{ path: string; element: ReactNode }> {
  const byPath = new Map<string, AppRoute[]>();
  for (const route of appRoutes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
  return [...byPath.entries()].map(([path, entries]) => {
    const admitted = entries.find((route) => admits(route.access, signedIn));
    if (admitted) return { path, element: admitted.element };
    // Signed out on a signed-in page: sign in right here, and the page opens after (issue 23).
    return { path, element: signedIn ? <Navigate to="/" replace /> : <SignInRequired /> };
  });
}

export function AppRoutes({ signedIn }: { signedIn: boolean }) {
  return (
    <Routes>
      {resolveRoutes(signedIn).map((route) => (
        <Route key={route.path} path={route.path} element={route.element} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
