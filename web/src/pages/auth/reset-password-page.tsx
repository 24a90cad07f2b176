/** Return target of the reset e-mail: auth-js reads the recovery session from the URL, then the user picks a
 * new password (errors shown as the server returns them). A session that signed in a while ago (not through the
 * link) must also give the current password: the server asks, and the field appears. */
import { authSchemas, fieldErrors } from "@firepath/shared/validation";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { useAuth } from "@/app/auth-provider";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { AuthShell, FormError } from "@/pages/auth/auth-shell";
import { useT } from "@/lib/i18n";

function urlError(): string | null {
  const params = new URLSearchParams(window.location.hash.slice(1) || window.location.search);
  return params.get("error_description") ?? params.get("error");
}

export default function ResetPasswordPage() {
  const t = useT();
  const { user, loading, updatePassword } = useAuth();
  const navigate = useNavigate();
  const [linkError] = useState(urlError);
  const [form, setForm] = useState({ password: "", confirmPassword: "" });
  const [current, setCurrent] = useState<string | null>(null); // shown once the server asks for it
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = authSchemas(t).resetPassword.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    const result = await updatePassword(parsed.data.password, current ?? undefined);
    setBusy(false);
    if (result.reauthenticate) setCurrent((c) => c ?? "");
    if (result.error) return setError(result.error);
    toast.success(t("auth.reset.updated"));
    navigate("/fire-dashboard", { replace: true });
  };

  if (loading) return <Spinner className="min-h-dvh" label={t("auth.resetPassword.checkingYourResetLink")} />;
  if (!user) {
    return (
      <AuthShell title={t("auth.resetPassword.resetLinkNotValid")} description={linkError ?? t("auth.resetPassword.thisPasswordResetLink")}
        footer={<Link className="text-primary underline underline-offset-4" to="/login">{t("auth.resetPassword.backToSignIn")}</Link>}>
        <Button asChild><Link to="/forgot-password">{t("auth.resetPassword.requestANewLink")}</Link></Button>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t("auth.resetPassword.chooseANewPassword")} description={user.email ? t("auth.resetPassword.for", { email: user.email }) : t("auth.resetPassword.forAccount")}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <FormError message={error} />
        {current !== null && (
          <div className="flex flex-col gap-2">
            <Label htmlFor="currentPassword">{t("auth.resetPassword.currentPassword")}</Label>
            <Input id="currentPassword" type="password" autoComplete="current-password" value={current}
              onChange={(e) => setCurrent(e.target.value)} aria-describedby="currentPassword-hint" />
            <p id="currentPassword-hint" className="text-sm text-muted-foreground">
              {t("auth.resetPassword.youSignedInA")}
            </p>
          </div>
        )}
        {(["password", "confirmPassword"] as const).map((k) => (
          <div key={k} className="flex flex-col gap-2">
            <Label htmlFor={k}>{k === "password" ? t("auth.resetPassword.newPassword") : t("auth.resetPassword.confirmNewPassword")}</Label>
            <Input id={k} type="password" autoComplete="new-password" value={form[k]}
              onChange={(e) => setForm((f) => ({ ...f, [k]: e.target.value }))}
              aria-invalid={Boolean(errors[k])} aria-describedby={errors[k] ? `${k}-error` : undefined} />
            {errors[k] && <p id={`${k}-error`} className="text-sm text-destructive">{errors[k]}</p>}
          </div>
        ))}
        <Button type="submit" disabled={busy}>{busy ? t("auth.resetPassword.updating") : t("auth.resetPassword.updatePassword")}</Button>
      </form>
    </AuthShell>
  );
}
