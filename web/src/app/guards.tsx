/** Route guards: a spinner while auth state loads, then redirect to / without a user (spec section 4);
 * /admin also needs the admin role (our decision: the client redirects, the API answers 403).
 * A session that ended without the person signing out goes to /login instead, with the page to come back to
 * in `next` and `sessionEnded` in the navigation state (the sign-in page says so). */
import { Navigate, Outlet, useLocation } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/app/auth-provider";
import { loginPathReturningTo } from "@/lib/safe-next";
import { useT } from "@/lib/i18n";

export interface LoginState {
  sessionEnded?: boolean;
}

function SignedOut() {
  const { sessionEnded } = useAuth();
  const { pathname, search } = useLocation();
  if (!sessionEnded) return <Navigate to="/" replace />;
  const state: LoginState = { sessionEnded: true };
  return <Navigate to={loginPathReturningTo(pathname, search)} state={state} replace />;
}

export function RequireAuth() {
  const t = useT();
  const { user, loading } = useAuth();
  if (loading) return <Spinner className="min-h-[50vh]" label={t("shell.guards.checkingYourSession")} />;
  if (!user) return <SignedOut />;
  return <Outlet />;
}

export function RequireAdmin() {
  const t = useT();
  const { user, loading, roleLoading, isAdmin } = useAuth();
  if (loading || roleLoading) return <Spinner className="min-h-[50vh]" label={t("shell.guards.checkingYourAccess")} />;
  if (!user) return <SignedOut />;
  if (!isAdmin) return <Navigate to="/fire-dashboard" replace />;
  return <Outlet />;
}
