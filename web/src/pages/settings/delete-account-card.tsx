/** Account deletion: an optional reason, then a confirmation step (spec sections 2, 4, 8). */
import { useState } from "react";
import { toast } from "sonner";
import { useAuth } from "@/app/auth-provider";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useT } from "@/lib/i18n";

const CONFIRM_WORD = "DELETE";

export function DeleteAccountCard() {
  const t = useT();
  const { deleteAccount } = useAuth();
  const [reason, setReason] = useState("");
  const [open, setOpen] = useState(false);
  const [confirmText, setConfirmText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    const result = await deleteAccount(reason);
    setBusy(false);
    if (result.error) {
      setError(result.error);
      toast.error(result.error);
      return;
    }
    setOpen(false);
    toast.success(t("settings.deleteAccountCard.yourAccountAndData"));
  };

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle className="text-lg">{t("settings.deleteAccountCard.deleteAccount")}</CardTitle>
        <CardDescription>
          {t("settings.deleteAccountCard.permanentlyDeleteYourAccount")}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor="delete-reason">{t("settings.deleteAccountCard.whyAreYouLeaving")}</Label>
          <Textarea id="delete-reason" value={reason} maxLength={2000} onChange={(e) => setReason(e.target.value)} />
        </div>
        <div>
          <Button variant="destructive" onClick={() => { setConfirmText(""); setError(null); setOpen(true); }}>
            {t("settings.deleteAccountCard.deleteMyAccount")}
          </Button>
        </div>
      </CardContent>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("settings.deleteAccountCard.deleteYourAccount")}</DialogTitle>
            <DialogDescription>
              {t("settings.deleteAccountCard.typeToConfirmYour", { CONFIRM_WORD })}
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor="delete-confirm">{t("settings.deleteAccountCard.confirmation")}</Label>
            <Input id="delete-confirm" value={confirmText} onChange={(e) => setConfirmText(e.target.value)} autoComplete="off" />
          </div>
          {error && <p role="alert" className="text-sm text-destructive">{error}</p>}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>{t("settings.deleteAccountCard.cancel")}</Button>
            <Button variant="destructive" disabled={confirmText !== CONFIRM_WORD || busy} onClick={confirm}>
              {busy ? t("settings.deleteAccountCard.deleting") : t("settings.deleteAccountCard.deletePermanently")}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
