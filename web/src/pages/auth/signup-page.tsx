import { fieldErrors, MIN_PASSWORD_LENGTH, signUpSchema } from "@firepath/shared/validation";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useAuth } from "@/app/auth-provider";
import { useRedirectSignedIn } from "@/app/use-redirect-signed-in";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { AuthShell, FormError } from "@/pages/auth/auth-shell";
import { GoogleSignIn } from "@/pages/auth/google-button";

export default function SignupPage() {
  useRedirectSignedIn();
  const { signUp } = useAuth();
  const [form, setForm] = useState({ email: "", password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = signUpSchema.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    const result = await signUp(parsed.data.email, parsed.data.password);
    setBusy(false);
    if (result.error) setError(result.error);
    else if (result.needsConfirmation) setSent(true);
  };

  if (sent) {
    return (
      <AuthShell title="Check your email" description={`We sent a confirmation link to ${form.email}.`}
        footer={<Link className="text-primary underline underline-offset-4" to="/login">Back to sign in</Link>}>
        <p className="text-sm">Open the link to confirm your address; it brings you straight to the setup wizard.</p>
      </AuthShell>
    );
  }

  const field = (k: keyof typeof form, label: string, type: string, autoComplete: string, hint?: string) => (
    <div className="flex flex-col gap-2">
      <Label htmlFor={k}>{label}</Label>
      <Input id={k} type={type} autoComplete={autoComplete} value={form[k]} onChange={set(k)}
        aria-invalid={Boolean(errors[k])} aria-describedby={errors[k] ? `${k}-error` : hint ? `${k}-hint` : undefined} />
      {errors[k] ? <p id={`${k}-error`} className="text-sm text-destructive">{errors[k]}</p>
        : hint && <p id={`${k}-hint`} className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );

  return (
    <AuthShell
      title="Create your account"
      description="Free. Plan your path to financial independence with Canadian accounts and taxes built in."
      footer={<>Already have an account? <Link className="font-medium text-primary underline underline-offset-4" to="/login">Sign in</Link></>}
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <FormError message={error} />
        {field("email", "Email", "email", "email")}
        {field("password", "Password", "password", "new-password", `At least ${MIN_PASSWORD_LENGTH} characters.`)}
        {field("confirmPassword", "Confirm password", "password", "new-password")}
        <Button type="submit" disabled={busy}>{busy ? "Creating account..." : "Create Account"}</Button>
      </form>
      <GoogleSignIn onError={setError} label="Sign up with Google" />
      <p className="text-xs text-muted-foreground">
        By creating an account you agree to the <Link className="underline" to="/terms">Terms</Link> and the{" "}
        <Link className="underline" to="/privacy">Privacy Policy</Link>.
      </p>
    </AuthShell>
  );
}
