/** firepath://auth-callback#access_token=...: the end of a Google sign-in or an e-mail link opened on the phone. */
import * as Linking from "expo-linking";
import { Redirect } from "expo-router";
import { useEffect, useState } from "react";
import { ErrorState, Loading } from "@/components/ui";
import { authClient, tokensFromCallback } from "@/lib/auth";
import { useT } from "@/lib/i18n";

export function AuthCallbackScreen() {
  const url = Linking.useLinkingURL();
  const t = useT();
  const [state, setState] = useState<"working" | "done" | "failed">("working");

  useEffect(() => {
    if (!url) return;
    const tokens = tokensFromCallback(url);
    if (!tokens) {
      setState("failed");
      return;
    }
    void authClient()
      .setSession(tokens)
      .then(({ error }) => setState(error ? "failed" : "done"));
  }, [url]);

  if (state === "done") return <Redirect href="/" />;
  if (state === "failed")
    return <ErrorState message={t("app.auth.linkFailed")} />;
  return <Loading label={t("app.auth.signingYouIn")} />;
}
