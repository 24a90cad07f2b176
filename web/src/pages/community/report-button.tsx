/** "Report" opens a dialog asking the reason; the report goes to the moderators' queue. */
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { toast } from "sonner";
import { report } from "@/api/community";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useT } from "@/lib/i18n";

export function ReportButton({ target, kind }: { target: { postId?: string; commentId?: string }; kind: "post" | "comment" }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const id = useId();
  const send = useMutation({
    mutationFn: () => report(target, reason.trim()),
    onSuccess: () => {
      toast.success(t("community.reportButton.thanksAModeratorWill"));
      setOpen(false);
      setReason("");
    },
    onError: (e) => toast.error(e instanceof Error ? e.message : t("community.reportButton.couldNotSendThe")),
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">{t("community.reportButton.report")}<span className="sr-only">&#32;{t("community.reportButton.this", { kind })}</span></Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("community.reportButton.reportThis", { kind })}</DialogTitle>
          <DialogDescription>{t("community.reportButton.tellTheModeratorsWhat")}</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-3" onSubmit={(e) => { e.preventDefault(); if (reason.trim()) send.mutate(); }}>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-reason`}>{t("community.reportButton.reason")}</Label>
            <Textarea id={`${id}-reason`} value={reason} rows={3} maxLength={1000} required onChange={(e) => setReason(e.target.value)} />
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>{t("community.reportButton.cancel")}</Button>
            <Button type="submit" disabled={!reason.trim() || send.isPending}>{t("community.reportButton.sendReport")}</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
