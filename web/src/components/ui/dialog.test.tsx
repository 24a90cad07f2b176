import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./dialog";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "./sheet";

/** Opened from state, as the header's profile-completion button and the Help Center button do: no Trigger. */
function FromState({ kind }: { kind: "dialog" | "sheet" }) {
  const [open, setOpen] = useState(false);
  const body = kind === "dialog"
    ? <Dialog open={open} onOpenChange={setOpen}><DialogContent><DialogTitle>Profile Setup</DialogTitle><DialogDescription>d</DialogDescription><button type="button">Row</button></DialogContent></Dialog>
    : <Sheet open={open} onOpenChange={setOpen}><SheetContent><SheetTitle>Help Center</SheetTitle><SheetDescription>d</SheetDescription><input aria-label="Search" /></SheetContent></Sheet>;
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>Open</button>
      {body}
    </>
  );
}

describe.each(["dialog", "sheet"] as const)("%s opened without a Trigger", (kind) => {
  it("gives focus back to the button that opened it on Escape and on Close", async () => {
    const user = userEvent.setup();
    render(<FromState kind={kind} />);
    const opener = screen.getByRole("button", { name: "Open" });
    await user.click(opener);
    expect(await screen.findByRole("dialog")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
    await user.click(opener);
    await user.click(await screen.findByRole("button", { name: "Close" }));
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
