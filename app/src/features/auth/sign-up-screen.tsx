/** Create an account; when the server asks for e-mail confirmation, say so. */
import { authSchemas, MIN_PASSWORD_LENGTH } from "@firepath/shared/validation";
import { Redirect } from "expo-router";
import { useState } from "react";
import { Body, Button, Card, Heading, Screen, TextField } from "@/components/ui";
import { useT } from "@/lib/i18n";
import { useAuth } from "./auth-provider";

export function SignUpScreen() {
  const { session, signUp } = useAuth();
  const t = useT();
  const { email: emailSchema, password: passwordSchema } = authSchemas(t);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  if (session) return <Redirect href="/" />;

  const submit = async () => {
    setError(null);
    const emailCheck = emailSchema.safeParse(email);
    const passwordCheck = passwordSchema.safeParse(password);
    const problem = !emailCheck.success
      ? emailCheck.error.issues[0]?.message
      : !passwordCheck.success
        ? passwordCheck.error.issues[0]?.message
        : null;
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      const outcome = await signUp(email, password);
      if (outcome === "confirm-email") setSent(true);
    } catch (e) {
      setError(e instanceof Error ? e.message : t("app.auth.couldNotCreate"));
    } finally {
      setBusy(false);
    }
  };

  if (sent)
    return (
      <Screen>
        <Card title={t("app.auth.checkEmail")}>
          <Body>{t("app.auth.confirmationSent", { email: email.trim() })}</Body>
        </Card>
      </Screen>
    );

  return (
    <Screen>
      <Heading>{t("auth.signup.createYourAccount")}</Heading>
      <TextField label={t("app.auth.email")} value={email} onChangeText={setEmail} autoCapitalize="none" keyboardType="email-address" autoComplete="email" />
      <TextField
        label={t("auth.field.password")}
        value={password}
        onChangeText={setPassword}
        secureTextEntry
        autoComplete="new-password"
        hint={t("auth.field.passwordHint", { min: MIN_PASSWORD_LENGTH })}
        error={error}
      />
      <Button label={t("app.auth.createAccount")} onPress={() => void submit()} busy={busy} />
    </Screen>
  );
}
