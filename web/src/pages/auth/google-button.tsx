import { useState } from "react";
import { useAuth } from "@/app/auth-provider";
import { Button } from "@/components/ui/button";
import { GoogleIcon } from "@/pages/auth/auth-shell";

/** Starts Google sign-in through our /auth/v1/authorize; returns to /auth-callback. */
export function GoogleButton({ onError, label = "Continue with Google" }: { onError: (m: string) => void; label?: string }) {
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
      <GoogleIcon /> {label}
    </Button>
  );
}

export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
      <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
    </div>
  );
}
