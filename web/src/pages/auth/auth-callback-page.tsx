/** Return point of web Google sign-in: auth-js has read the tokens from the URL; an error in the URL goes back to
 * /login with its description (or 'Authentication failed'). */
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useAuth } from "@/app/auth-provider";
import { Spinner } from "@/components/ui/spinner";
import { signedInTarget } from "@/lib/new-user";
import { useT } from "@/lib/i18n";

function readUrlError(): string | null {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const query = new URLSearchParams(window.location.search);
  if (!hash.get("error") && !query.get("error")) return null;
  return hash.get("error_description") ?? query.get("error_description") ?? "Authentication failed";
}

export default function AuthCallbackPage() {
  const t = useT();
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const [urlError] = useState(readUrlError);
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    if (urlError) {
      done.current = true;
      toast.error(urlError);
      navigate("/login", { replace: true });
      return;
    }
    if (loading) return;
    done.current = true;
    if (user) navigate(signedInTarget("/auth-callback", user.created_at) ?? "/fire-dashboard", { replace: true });
    else {
      toast.error(t("auth.callback.failed"));
      navigate("/login", { replace: true });
    }
  }, [urlError, loading, user, navigate, t]);

  return <Spinner className="min-h-dvh" label={t("auth.authCallback.completingSignIn")} />;
}
