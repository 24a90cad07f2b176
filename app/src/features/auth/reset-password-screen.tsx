/** Ask for a password-reset e-mail. The answer is the same whether or not the account exists. */
import { authSchemas } from "@firepath/shared/validation";
import { useState } from "react";
import { Body, Button, Card, Heading, Screen, TextField } from "@/components/ui";
import { useT } from "@/lib/i18n";
import { useAuth } from "./auth-provider";

export function ResetPasswordScreen() {
  const { resetPassword } = useAuth();
  const t = useT();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setError(null);
    const check = authSchemas(t).email.safeParse(email);
    if (!check.success) {
      setError(check.error.issues[0]?.message ?? t("validation.email"));
      return;
    }
    setBusy(true);
    try {
      await resetPassword(email);
      setSent(true);
    } catch (e) {
      setError(e instanceof Error ? e.message : t("app.auth.couldNotSend"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Screen>
      <Heading>{t("auth.forgotPassword.resetYourPassword")}</Heading>
      {sent ? (
        <Card title={t("app.auth.checkEmail")}>
          <Body>{t("app.auth.resetSent", { email: email.trim() })}</Body>
        </Card>
      ) : (
        <>
          <TextField label={t("app.auth.email")} value={email} onChangeText={setEmail} autoCapitalize="none" keyboardType="email-address" error={error} />
          <Button label={t("app.auth.sendResetLink")} onPress={() => void submit()} busy={busy} />
        </>
      )}
    </Screen>
  );
}
