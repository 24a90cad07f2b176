import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { UIMessage } from "ai";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { MessageParts } from "@/pages/coach/message-parts";

// Parts as the coach streams them (shapes taken from a real /api/v1/coach/chat run for the demo household).
const fireNumber: UIMessage = {
  id: "reply-u1",
  role: "assistant",
  parts: [
    { type: "data-coach", id: "coach", data: { offline: true, model: "offline" } },
    { type: "step-start" },
    {
      type: "tool-fire_number",
      toolCallId: "offline_2_0",
      state: "output-available",
      input: {},
      output: {
        provenance: { data: ["expenses", "profile"], assumptions: { withdrawal_rate: 0.04, inflation: 0.02 }, tax_year: null, notes: ["Lean and Fat default to 70% and 150% of expenses unless given."] },
        annual_spending: 94284.0,
        fire_number: 2357100.0,
        summary: "FIRE number $2,357,100.00 ($94,284.00 a year x 25).",
      },
    },
    { type: "text", text: "(Offline coach)\nFIRE number $2,357,100.00", state: "done" },
    { type: "data-provenance", id: "provenance-1", data: { tools: [], unverified: [] } },
  ] as UIMessage["parts"],
};

const preview = {
  tool: "save_budget",
  target: "budget",
  title: "Save your budget",
  before: { needs_percentage: 50, wants_percentage: 15 },
  after: { needs_percentage: 50, wants_percentage: 30 },
  changes: [{ field: "wants_percentage", label: "Wants", before: 15.0, after: 30.0 }],
};
const approval = (state: string, extra: Record<string, unknown> = {}): UIMessage => ({
  id: "reply-u2",
  role: "assistant",
  parts: [
    { type: "step-start" },
    { type: "tool-save_budget", toolCallId: "offline_6_0", state, input: { wants_percentage: 30 }, approval: { id: "approval-offline_6_0" }, ...extra },
    { type: "data-approval", id: "approval-offline_6_0", data: { type: "approval", tool_call_id: "offline_6_0", tool: "save_budget", input: {}, preview } },
  ] as UIMessage["parts"],
});

const renderParts = (message: UIMessage, onAnswer = vi.fn()) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <MemoryRouter>
        <MessageParts message={message} onAnswer={onAnswer} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe("coach message parts", () => {
  it("shows a tool result as a card of figures with a 'how we got this' receipt, and the text", async () => {
    renderParts(fireNumber);
    const card = screen.getByRole("region", { name: "FIRE number" });
    expect(within(card).getByTestId("figure-fire_number")).toHaveTextContent("FIRE number$2,357,100.00");
    expect(within(card).getByTestId("figure-annual_spending")).toHaveTextContent("$94,284.00");
    const receipt = within(card).getByTestId("receipt");
    expect(receipt).not.toHaveAttribute("open");
    await userEvent.click(within(card).getByText("How we got this"));
    expect(receipt).toHaveAttribute("open");
    expect(receipt).toHaveTextContent("Read from your saved data: expenses, profile.");
    expect(receipt).toHaveTextContent("Withdrawal rate4%");
    expect(screen.getByTestId("message-text")).toHaveTextContent("(Offline coach) FIRE number $2,357,100.00");
  });

  it("shows an approval request as a before/after diff; Approve and Reject answer it by approval id", async () => {
    const onAnswer = vi.fn();
    renderParts(approval("approval-requested"), onAnswer);
    const card = screen.getByRole("region", { name: "Save your budget" });
    expect(card).toHaveFocus();
    const row = within(card).getByRole("row", { name: /Wants/ });
    expect(within(row).getAllByRole("cell").map((c) => c.textContent)).toEqual(["15%", "30%"]);
    expect(within(card).getByText("Nothing is saved until you approve.")).toBeInTheDocument();
    await userEvent.click(within(card).getByRole("button", { name: "Approve" }));
    expect(onAnswer).toHaveBeenLastCalledWith("approval-offline_6_0", true);
    await userEvent.click(within(card).getByRole("button", { name: "Reject" }));
    expect(onAnswer).toHaveBeenLastCalledWith("approval-offline_6_0", false);
  });

  it("shows the outcome once answered: saved (with the tool's summary) or rejected", () => {
    const { unmount } = renderParts(
      approval("output-available", { approval: { id: "approval-offline_6_0", approved: true }, output: { summary: "Save your budget: Wants 15% → 30%" } }),
    );
    expect(screen.getByText("Approved")).toBeInTheDocument();
    expect(screen.getByText("Save your budget: Wants 15% → 30%.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    unmount();
    renderParts(approval("output-denied", { approval: { id: "approval-offline_6_0", approved: false } }));
    expect(screen.getByText("Rejected")).toBeInTheDocument();
    expect(screen.getByText("Not saved: you rejected this change.")).toBeInTheDocument();
  });

  it("undoes an approved change from its card, and says why when it cannot", async () => {
    const undone: string[] = [];
    let answer = { status: 200, body: { id: "c1", undone_at: "2026-11-23T17:00:00Z" } as unknown };
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      undone.push(`${request.method} ${new URL(request.url).pathname}`);
      return Response.json(answer.body, { status: answer.status });
    });
    const saved = approval("output-available", {
      approval: { id: "approval-offline_6_0", approved: true },
      output: { summary: "Save your budget: Wants 15% → 30%", change_id: "c1" },
    });
    const { unmount } = renderParts(saved);
    await userEvent.click(screen.getByRole("button", { name: "Undo this change" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Undone: the previous values are back.");
    expect(undone).toEqual(["POST /api/v1/coach/changes/c1/undo"]);
    expect(screen.queryByRole("button", { name: "Undo this change" })).toBeNull();
    unmount();
    answer = { status: 409, body: { code: "conflict", message: "The budget changed since; undo would overwrite it" } };
    renderParts(saved);
    await userEvent.click(screen.getByRole("button", { name: "Undo this change" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The budget changed since; undo would overwrite it");
    vi.restoreAllMocks();
  });

  it("renders a suggest_screen result as a router link", () => {
    renderParts({
      id: "reply-u3",
      role: "assistant",
      parts: [
        {
          type: "tool-suggest_screen",
          toolCallId: "c1",
          state: "output-available",
          input: { screen: "/settings/budgeting" },
          output: { provenance: { data: ["the app's screens"] }, path: "/settings/budgeting", label: "Budget Planning", why: "Plan your budget." },
        },
      ] as UIMessage["parts"],
    });
    expect(screen.getByRole("link", { name: "Budget Planning" })).toHaveAttribute("href", "/settings/budgeting");
    expect(screen.getByText("Plan your budget.")).toBeInTheDocument();
  });

  it("shows a running tool and a tool error", () => {
    renderParts({
      id: "reply-u4",
      role: "assistant",
      parts: [
        { type: "tool-tax_estimate", toolCallId: "c1", state: "input-available", input: {} },
        { type: "tool-mortgage_payment", toolCallId: "c2", state: "output-error", input: {}, errorText: "The price must be positive" },
      ] as UIMessage["parts"],
    });
    expect(screen.getByText("Tax estimate…")).toBeInTheDocument();
    expect(screen.getByText("Mortgage payment: The price must be positive")).toBeInTheDocument();
  });
});
