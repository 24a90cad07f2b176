import { emailSchema } from "@firepath/shared/validation";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useAuth } from "@/app/auth-provider";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { AuthShell, FormError } from "@/pages/auth/auth-shell";

export default function ForgotPasswordPage() {
  const { resetPassword } = useAuth();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError(null);
    setBusy(true);
    const result = await resetPassword(parsed.data);
    setBusy(false);
    if (result.error) setError(result.error);
    else setSent(true);
  };

  return (
    <AuthShell
      title="Reset your password"
      description="Enter the email you signed up with and we will send you a link to choose a new password."
      footer={<Link className="text-primary underline underline-offset-4" to="/login">Back to sign in</Link>}
    >
      {sent ? (
        <p role="status" className="text-sm" data-testid="reset-sent">
          If an account exists for {email}, a reset link is on its way. The link works once and expires soon.
        </p>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <FormError message={error} />
          <div className="flex flex-col gap-2">
            <Label htmlFor="email">Email</Label>
            <Input id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <Button type="submit" disabled={busy}>{busy ? "Sending..." : "Send Reset Link"}</Button>
        </form>
      )}
    </AuthShell>
  );
}
