import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { UIMessage } from "ai";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { CoachChat, offlineFromMessages } from "@/pages/coach/coach-chat";

const renderChat = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <CoachChat threadId="6f1c2a4e-8a3b-4b8e-9c55-0d7e2f1a9b10" isNew onActivity={vi.fn()} onOffline={vi.fn()} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe("coach chat", () => {
  it("focuses the message box; Shift+Enter adds a line, Enter sends", async () => {
    renderChat();
    const box = screen.getByLabelText("Message the coach");
    expect(box).toHaveFocus();
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    await userEvent.type(box, "first{Shift>}{Enter}{/Shift}second");
    expect(box).toHaveValue("first\nsecond");
    await userEvent.type(box, "{Enter}");
    // Sent: the box clears and the message shows in the conversation log.
    expect(box).toHaveValue("");
    expect(await screen.findByTestId("message-user")).toHaveTextContent("first second");
    // The test's origin has no server: the error shows, and Retry offers to ask again.
    expect(await screen.findByTestId("coach-error")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("focuses the message box without scrolling the page to it, and keeps its placeholder short enough for a phone", () => {
    const focus = vi.spyOn(HTMLTextAreaElement.prototype, "focus");
    renderChat();
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    focus.mockRestore();
    const box = screen.getByLabelText("Message the coach");
    expect(box.getAttribute("placeholder")!.length).toBeLessThanOrEqual(45);
    expect(box).toHaveAccessibleDescription("Press Enter to send and Shift+Enter for a new line.");
  });

  it("the conversation log is a polite live region", () => {
    renderChat();
    const log = screen.getByRole("log", { name: "Conversation with the coach" });
    expect(log).toHaveAttribute("aria-live", "polite");
    expect(screen.getByRole("group", { name: "Suggested questions" })).toBeInTheDocument();
  });

  it("reads whether the offline coach answered from the stream's data-coach part", () => {
    const msg = (offline: boolean): UIMessage => ({ id: `m${offline}`, role: "assistant", parts: [{ type: "data-coach", id: "coach", data: { offline, model: "x" } }] as UIMessage["parts"] });
    expect(offlineFromMessages([])).toBeNull();
    expect(offlineFromMessages([msg(true)])).toBe(true);
    expect(offlineFromMessages([msg(true), msg(false)])).toBe(false);
  });
});
