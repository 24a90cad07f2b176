/** "Report" opens a dialog asking the reason; the report goes to the moderators' queue. */
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { toast } from "sonner";
import { report } from "@/api/community";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

export function ReportButton({ target, what }: { target: { postId?: string; commentId?: string }; what: "post" | "comment" }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const id = useId();
  const send = useMutation({
    mutationFn: () => report(target, reason.trim()),
    onSuccess: () => {
      toast.success("Thanks: a moderator will look at it.");
      setOpen(false);
      setReason("");
    },
    onError: (e) => toast.error(e instanceof Error ? e.message : "Could not send the report."),
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">Report<span className="sr-only"> this {what}</span></Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report this {what}</DialogTitle>
          <DialogDescription>Tell the moderators what is wrong with it. They see your report, not other users.</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-3" onSubmit={(e) => { e.preventDefault(); if (reason.trim()) send.mutate(); }}>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <Textarea id={`${id}-reason`} value={reason} rows={3} maxLength={1000} required onChange={(e) => setReason(e.target.value)} />
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" disabled={!reason.trim() || send.isPending}>Send report</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
