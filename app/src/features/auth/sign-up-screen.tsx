/** Create an account; when the server asks for e-mail confirmation, say so. */
import { emailSchema, passwordSchema } from "@firepath/shared/validation";
import { Redirect } from "expo-router";
import { useState } from "react";
import { Body, Button, Card, Heading, Screen, TextField } from "@/components/ui";
import { useAuth } from "./auth-provider";

export function SignUpScreen() {
  const { session, signUp } = useAuth();
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
      setError(e instanceof Error ? e.message : "Could not create the account. Try again.");
    } finally {
      setBusy(false);
    }
  };

  if (sent)
    return (
      <Screen>
        <Card title="Check your e-mail">
          <Body>We sent a confirmation link to {email.trim()}. Open it on this phone to finish.</Body>
        </Card>
      </Screen>
    );

  return (
    <Screen>
      <Heading>Create your account</Heading>
      <TextField label="E-mail" value={email} onChangeText={setEmail} autoCapitalize="none" keyboardType="email-address" autoComplete="email" />
      <TextField
        label="Password"
        value={password}
        onChangeText={setPassword}
        secureTextEntry
        autoComplete="new-password"
        hint="At least 8 characters."
        error={error}
      />
      <Button label="Create account" onPress={() => void submit()} busy={busy} />
    </Screen>
  );
}
