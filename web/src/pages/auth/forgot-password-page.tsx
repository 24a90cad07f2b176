import { authSchemas } from "@firepath/shared/validation";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useAuth } from "@/app/auth-provider";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { AuthShell, FormError } from "@/pages/auth/auth-shell";
import { useT } from "@/lib/i18n";

export default function ForgotPasswordPage() {
  const t = useT();
  const { resetPassword } = useAuth();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = authSchemas(t).email.safeParse(email);
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
      title={t("auth.forgotPassword.resetYourPassword")}
      description={t("auth.forgotPassword.enterTheEmailYou")}
      footer={<Link className="text-primary underline underline-offset-4" to="/login">{t("auth.forgotPassword.backToSignIn")}</Link>}
    >
      {sent ? (
        <p role="status" className="text-sm" data-testid="reset-sent">
          {t("auth.forgotPassword.ifAnAccountExists", { email })}
        </p>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <FormError message={error} />
          <div className="flex flex-col gap-2">
            <Label htmlFor="email">{t("auth.forgotPassword.email")}</Label>
            <Input id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <Button type="submit" disabled={busy}>{busy ? t("auth.forgotPassword.sending") : t("auth.forgotPassword.sendResetLink")}</Button>
        </form>
      )}
    </AuthShell>
  );
}
