/** Ask for a password-reset e-mail. The answer is the same whether or not the account exists. */
import { emailSchema } from "@firepath/shared/validation";
import { useState } from "react";
import { Body, Button, Card, Heading, Screen, TextField } from "@/components/ui";
import { useAuth } from "./auth-provider";

export function ResetPasswordScreen() {
  const { resetPassword } = useAuth();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setError(null);
    const check = emailSchema.safeParse(email);
    if (!check.success) {
      setError(check.error.issues[0]?.message ?? "Enter a valid email address");
      return;
    }
    setBusy(true);
    try {
      await resetPassword(email);
      setSent(true);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Could not send the e-mail. Try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Screen>
      <Heading>Reset your password</Heading>
      {sent ? (
        <Card title="Check your e-mail">
          <Body>If an account uses {email.trim()}, a link to choose a new password is on its way.</Body>
        </Card>
      ) : (
        <>
          <TextField label="E-mail" value={email} onChangeText={setEmail} autoCapitalize="none" keyboardType="email-address" error={error} />
          <Button label="Send reset link" onPress={() => void submit()} busy={busy} />
        </>
      )}
    </Screen>
  );
}
