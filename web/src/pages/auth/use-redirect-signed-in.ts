import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAuth } from "@/app/auth-provider";
import { signedInTarget } from "@/lib/new-user";

/** On the sign-in pages, a user who already has a session goes where SIGNED_IN would send them. */
export function useRedirectSignedIn(): void {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (loading || !user) return;
    const to = signedInTarget(pathname, user.created_at);
    if (to) navigate(to, { replace: true });
  }, [user, loading, pathname, navigate]);
}
