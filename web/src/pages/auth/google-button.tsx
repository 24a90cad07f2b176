/** Google sign-in on the sign-in pages, shown only when the server's auth settings (GET /auth/v1/settings) say
 * Google is enabled: without a configured provider there is no button to fail on. */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useAuth } from "@/app/auth-provider";
import { Button } from "@/components/ui/button";
import { fetchAuthSettings } from "@/lib/auth-client";
import { GoogleIcon } from "@/pages/auth/auth-shell";
import { useT } from "@/lib/i18n";

/** Whether the server offers Google sign-in: false until it has said so (and if it cannot be asked). */
export function useGoogleEnabled(): boolean {
  const settings = useQuery({ queryKey: ["auth", "settings"], queryFn: fetchAuthSettings, staleTime: Infinity, retry: 1 });
  return settings.data?.external.google === true;
}

/** The "or" divider and the Google button, or nothing when Google is not enabled. */
export function GoogleSignIn({ onError, label }: { onError: (m: string) => void; label?: string }) {
  if (!useGoogleEnabled()) return null;
  return (
    <>
      <OrDivider />
      <GoogleButton onError={onError} label={label} />
    </>
  );
}

/** Starts Google sign-in through our /auth/v1/authorize; returns to /auth-callback. */
export function GoogleButton({ onError, label }: { onError: (m: string) => void; label?: string }) {
  const t = useT();
  const { signInWithGoogle } = useAuth();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        const { error } = await signInWithGoogle();
        if (error) {
          onError(error);
          setBusy(false);
        }
      }}
    >
      <GoogleIcon /> {label ?? t("auth.google.continue")}
    </Button>
  );
}

export function OrDivider() {
  const t = useT();
  return (
    <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
      <span className="h-px flex-1 bg-border" /> {t("auth.googleButton.or")} <span className="h-px flex-1 bg-border" />
    </div>
  );
}
