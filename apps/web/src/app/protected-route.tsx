import { Navigate, Outlet } from 'react-router';
import { useSession } from '../lib/session.ts';

/** Needs an access token; pages of a partner also need the partner chosen at /organization. */
export function ProtectedRoute({ needsPartner = true }: { needsPartner?: boolean }) {
  const { accessToken, partnerId } = useSession();
  if (!accessToken) return <Navigate to="/login" replace />;
  if (needsPartner && partnerId === null) return <Navigate to="/organization" replace />;
  return <Outlet />;
}
