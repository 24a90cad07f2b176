import { authSchemas, fieldErrors, MIN_PASSWORD_LENGTH } from "@firepath/shared/validation";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useAuth } from "@/app/auth-provider";
import { useRedirectSignedIn } from "@/app/use-redirect-signed-in";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { AuthShell, FormError } from "@/pages/auth/auth-shell";
import { GoogleSignIn } from "@/pages/auth/google-button";
import { Message, useT } from "@/lib/i18n";

export default function SignupPage() {
  const t = useT();
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
    const parsed = authSchemas(t).signUp.safeParse(form);
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
      <AuthShell title={t("auth.signup.checkYourEmail")} description={t("auth.signup.weSentAConfirmation", { email: form.email })}
        footer={<Link className="text-primary underline underline-offset-4" to="/login">{t("auth.signup.backToSignIn")}</Link>}>
        <p className="text-sm">{t("auth.signup.openTheLinkTo")}</p>
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
      title={t("auth.signup.createYourAccount")}
      description={t("auth.signup.freePlanYourPath")}
      footer={<>{t("auth.signup.alreadyHaveAnAccount")} <Link className="font-medium text-primary underline underline-offset-4" to="/login">{t("auth.signup.signIn")}</Link></>}
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <FormError message={error} />
        {field("email", t("auth.field.email"), "email", "email")}
        {field("password", t("auth.field.password"), "password", "new-password", t("auth.field.passwordHint", { min: MIN_PASSWORD_LENGTH }))}
        {field("confirmPassword", t("auth.field.confirmPassword"), "password", "new-password")}
        <Button type="submit" disabled={busy}>{busy ? t("auth.signup.creatingAccount") : t("auth.signup.createAccount")}</Button>
      </form>
      <GoogleSignIn onError={setError} label={t("auth.signup.signUpWithGoogle")} />
      <p className="text-xs text-muted-foreground">
        <Message
          id="auth.signup.agree"
          values={{
            terms: (chunks) => <Link className="underline" to="/terms">{chunks}</Link>,
            privacy: (chunks) => <Link className="underline" to="/privacy">{chunks}</Link>,
          }}
        />
      </p>
    </AuthShell>
  );
}
