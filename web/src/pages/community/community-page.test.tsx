import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import CommunityPage from "@/pages/community/community-page";
import { authState, fakeUser, WithAuth } from "@/test/auth";
import { stubApi } from "@/test/page-test-utils";

const reactions = (counts: Partial<Record<string, number>> = {}, mine: string[] = []) => ({
  counts: { like: 0, helpful: 0, insightful: 0, celebrate: 0, ...counts },
  mine,
});
const post = (id: string, title: string, mine: boolean) => ({
  id, created_at: "2026-03-01T12:00:00Z", updated_at: "2026-03-01T12:00:00Z", author_id: mine ? "me" : "other",
  author_name: mine ? "Ada Lovelace" : "Grace Hopper", mine, title,
  body: `${title} body`, category: "budgeting", is_hidden: false, comment_count: 0, reactions: reactions(),
});
const POSTS = [post("11111111-1111-1111-1111-111111111111", "Mine", true), post("22222222-2222-2222-2222-222222222222", "Theirs", false)];

function renderAs(role: "user" | "moderator") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <WithAuth value={authState({ user: fakeUser(), role, isModerator: role === "moderator" })}>
        <MemoryRouter><CommunityPage /></MemoryRouter>
        <Toaster />
      </WithAuth>
    </QueryClientProvider>,
  );
}

const card = (title: string) => screen.getByRole("heading", { name: title }).closest("[data-testid=post]") as HTMLElement;

afterEach(() => vi.restoreAllMocks());

describe("CommunityPage", () => {
  it("lists posts; authors get edit and delete on their own, everyone else a report button; no moderator controls", async () => {
    stubApi({ "GET /api/v1/community/posts": { body: POSTS } });
    renderAs("user");
    await screen.findByRole("heading", { name: "Mine" });
    expect(within(card("Mine")).getByRole("button", { name: /^Edit\s*“Mine”$/ })).toBeInTheDocument();
    expect(within(card("Mine")).queryByRole("button", { name: /Report/ })).toBeNull();
    expect(within(card("Theirs")).getByRole("button", { name: /^Report\s*this post$/ })).toBeInTheDocument();
    expect(within(card("Theirs")).queryByRole("button", { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Hide/ })).toBeNull();
    expect(screen.queryByTestId("moderation-queue")).toBeNull();
  });

  it("shows each post's author and its text as typed: markup stays literal, line breaks stay", async () => {
    const raw = { ...post("44444444-4444-4444-4444-444444444444", "Markup", false), body: "<b>bold</b> & <img src=x onerror=alert(1)>\nsecond line" };
    stubApi({ "GET /api/v1/community/posts": { body: [raw, ...POSTS] } });
    renderAs("user");
    await screen.findByRole("heading", { name: "Markup" });
    expect(within(card("Mine")).getByTestId("post-author")).toHaveTextContent("Ada Lovelace");
    expect(within(card("Theirs")).getByTestId("post-author")).toHaveTextContent("Grace Hopper");
    const body = within(card("Markup")).getByTestId("post-body");
    expect(body.textContent).toBe("<b>bold</b> & <img src=x onerror=alert(1)>\nsecond line");
    expect(body.querySelector("b, img")).toBeNull();
    expect(body).toHaveClass("whitespace-pre-wrap");
  });

  it("publishes a post with its category and shows the empty state of a filter", async () => {
    const api = stubApi({
      "GET /api/v1/community/posts": { body: [] },
      "POST /api/v1/community/posts": (body) => ({ status: 201, body: { ...post("33333333-3333-3333-3333-333333333333", "x", true), ...(body as object) } }),
    });
    renderAs("user");
    await screen.findByTestId("posts-empty");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Title"), "  First steps  ");
    await user.selectOptions(screen.getByLabelText("Post category"), "tax");
    await user.type(screen.getByLabelText("Message"), "Hello");
    await user.click(screen.getByRole("button", { name: "Post" }));
    await waitFor(() => expect(api.calls("POST", "/api/v1/community/posts")).toHaveLength(1));
    expect(api.calls("POST", "/api/v1/community/posts")[0].body).toEqual({ title: "First steps", body: "Hello", category: "tax" });
    await user.selectOptions(screen.getByLabelText("Category"), "debt");
    expect(await screen.findByText("No posts in Debt yet.")).toBeInTheDocument();
    expect(api.calls("GET", "/api/v1/community/posts").length).toBeGreaterThan(1);
  });

  it("toggles a reaction with the API's counts and sends a report with its reason", async () => {
    const api = stubApi({
      "GET /api/v1/community/posts": { body: POSTS },
      "PUT /api/v1/community/posts/22222222-2222-2222-2222-222222222222/reactions/helpful": { body: reactions({ helpful: 3 }, ["helpful"]) },
      "POST /api/v1/community/posts/22222222-2222-2222-2222-222222222222/reports": (body) => ({
        status: 201,
        body: { id: "r1", created_at: "2026-03-02T00:00:00Z", post_id: POSTS[1].id, comment_id: null, status: "open", resolved_at: null, ...(body as object) },
      }),
    });
    renderAs("user");
    await screen.findByRole("heading", { name: "Theirs" });
    const user = userEvent.setup();
    await user.click(within(card("Theirs")).getByRole("button", { name: "Helpful: 0" }));
    const pressed = await within(card("Theirs")).findByRole("button", { name: "Helpful: 3" });
    expect(pressed).toHaveAttribute("aria-pressed", "true");
    await user.click(within(card("Theirs")).getByRole("button", { name: /^Report\s*this post$/ }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Reason"), "Spam");
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    await waitFor(() => expect(api.calls("POST", "/api/v1/community/posts/22222222-2222-2222-2222-222222222222/reports")).toHaveLength(1));
    expect(api.calls("POST")[0].body).toEqual({ reason: "Spam" });
  });

  it("gives moderators hide controls and the queue of open reports", async () => {
    const api = stubApi({
      "GET /api/v1/community/posts": { body: POSTS },
      "GET /api/v1/community/moderation/reports": {
        body: [{
          id: "44444444-4444-4444-4444-444444444444", created_at: "2026-03-02T00:00:00Z", post_id: POSTS[1].id, comment_id: null,
          reason: "Off topic", status: "open", resolved_at: null, reporter_id: "x", resolved_by: null,
          target: { kind: "post", id: POSTS[1].id, post_id: POSTS[1].id, author_id: "other", title: "Theirs", body: "Theirs body", is_hidden: false, hidden_at: null },
        }],
      },
      "PUT /api/v1/community/moderation/posts/22222222-2222-2222-2222-222222222222/visibility": (body) => ({
        body: { kind: "post", id: POSTS[1].id, post_id: POSTS[1].id, author_id: "other", title: "Theirs", body: "", is_hidden: (body as { hidden: boolean }).hidden, hidden_at: null },
      }),
    });
    renderAs("moderator");
    const queue = await screen.findByTestId("moderation-queue");
    expect(await within(queue).findByText("Off topic")).toBeInTheDocument();
    await screen.findByRole("heading", { name: "Theirs" });
    await userEvent.setup().click(within(card("Theirs")).getByRole("button", { name: /^Hide\s*“Theirs”$/ }));
    await waitFor(() => expect(api.calls("PUT")).toHaveLength(1));
    expect(api.calls("PUT")[0].body).toEqual({ hidden: true });
  });
});
