/** Route guards: a spinner while auth state loads, then redirect to / without a user (spec section 4);
 * /admin also needs the admin role (our decision: the client redirects, the API answers 403). */
import { Navigate, Outlet } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/app/auth-provider";

export function RequireAuth() {
  const { user, loading } = useAuth();
  if (loading) return <Spinner className="min-h-[50vh]" label="Checking your session" />;
  if (!user) return <Navigate to="/" replace />;
  return <Outlet />;
}

export function RequireAdmin() {
  const { user, loading, roleLoading, isAdmin } = useAuth();
  if (loading || roleLoading) return <Spinner className="min-h-[50vh]" label="Checking your access" />;
  if (!user) return <Navigate to="/" replace />;
  if (!isAdmin) return <Navigate to="/fire-dashboard" replace />;
  return <Outlet />;
}
