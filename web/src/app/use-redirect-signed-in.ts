import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAuth } from "@/app/auth-provider";
import { signedInTarget } from "@/lib/new-user";
import { nextFromSearch } from "@/lib/safe-next";

/** On the sign-in pages, a user who already has a session goes where SIGNED_IN would send them: the page in
 * /login's `next` when it is one of ours, else the dashboard (or the wizard for a new account). */
export function useRedirectSignedIn(): void {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (loading || !user) return;
    const to = (pathname === "/login" ? nextFromSearch(search) : null) ?? signedInTarget(pathname, user.created_at);
    if (to) navigate(to, { replace: true });
  }, [user, loading, pathname, search, navigate]);
}
