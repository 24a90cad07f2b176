import { authSchemas, fieldErrors } from "@firepath/shared/validation";
import { type FormEvent, useState } from "react";
import { Link, useLocation } from "react-router";
import { useAuth } from "@/app/auth-provider";
import type { LoginState } from "@/app/guards";
import { useRedirectSignedIn } from "@/app/use-redirect-signed-in";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { AuthShell, FormError } from "@/pages/auth/auth-shell";
import { GoogleSignIn } from "@/pages/auth/google-button";
import { useT } from "@/lib/i18n";

export default function LoginPage() {
  const t = useT();
  useRedirectSignedIn();
  const { signIn } = useAuth();
  const sessionEnded = (useLocation().state as LoginState | null)?.sessionEnded === true;
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = authSchemas(t).signIn.safeParse({ email, password });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    const result = await signIn(parsed.data.email, password);
    setBusy(false);
    if (result.error) setError(result.error);
  };

  return (
    <AuthShell
      title={t("auth.login.signIn")}
      description={t("auth.login.welcomeBackSignIn")}
      footer={<>{t("auth.login.newToFirePath")} <Link className="font-medium text-primary underline underline-offset-4" to="/signup">{t("auth.login.createAnAccount")}</Link></>}
    >
      {sessionEnded && (
        <p role="status" data-testid="session-ended"
          className="rounded-md border border-primary/40 bg-primary/10 px-3 py-2 text-sm text-foreground">
          {t("auth.login.sessionEnded")}
        </p>
      )}
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <FormError message={error} />
        <div className="flex flex-col gap-2">
          <Label htmlFor="email">{t("auth.login.email")}</Label>
          <Input id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)}
            aria-invalid={Boolean(errors.email)} aria-describedby={errors.email ? "email-error" : undefined} />
          {errors.email && <p id="email-error" className="text-sm text-destructive">{errors.email}</p>}
        </div>
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between">
            <Label htmlFor="password">{t("auth.login.password")}</Label>
            <Link to="/forgot-password" className="text-sm text-primary underline underline-offset-4">{t("auth.login.forgotPassword")}</Link>
          </div>
          <Input id="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)}
            aria-invalid={Boolean(errors.password)} aria-describedby={errors.password ? "password-error" : undefined} />
          {errors.password && <p id="password-error" className="text-sm text-destructive">{errors.password}</p>}
        </div>
        <Button type="submit" disabled={busy}>{busy ? t("auth.login.signingIn") : t("auth.login.signIn2")}</Button>
      </form>
      <GoogleSignIn onError={setError} />
    </AuthShell>
  );
}
