import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import AdminPage from "@/pages/admin/admin-page";
import { authState, fakeUser, WithAuth } from "@/test/auth";
import { stubApi } from "@/test/page-test-utils";

const SUMMARY = {
  days: 30, since: "2026-02-01", events_total: 1234,
  events_per_day: [{ day: "2026-03-01", events: 1000, users: 3, sessions: 5 }, { day: "2026-03-02", events: 234, users: 2, sessions: 2 }],
  top_features: [{ feature_name: "fire_calculator", users: 2, uses: 9 }],
  funnel: [
    { step: "signed_up", users: 8, share: 1 }, { step: "started_setup", users: 6, share: 0.75 },
    { step: "completed_profile", users: 4, share: 0.5 }, { step: "completed_setup", users: 2, share: 0.25 },
  ],
};
const ME = fakeUser();
const user = (id: string, email: string, role: string) => ({
  id, email, role, created_at: "2026-01-05T00:00:00Z", last_sign_in_at: null, last_activity_at: "2026-03-01T00:00:00Z", completion: 40,
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <WithAuth value={authState({ user: ME, role: "admin", isAdmin: true, isModerator: true })}>
        <MemoryRouter initialEntries={[path]}><AdminPage /></MemoryRouter>
        <Toaster />
      </WithAuth>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("AdminPage", () => {
  it("shows the analytics summary's figures, with each chart's table and the funnel in words", async () => {
    stubApi({ "GET /api/v1/admin/analytics/summary": { body: SUMMARY } });
    renderAt("/admin");
    expect(await screen.findByTestId("admin-events-total")).toHaveTextContent("1,234");
    expect(screen.getByTestId("admin-signups")).toHaveTextContent("8");
    expect(screen.getByTestId("admin-completed")).toHaveTextContent("4 (50%)");
    expect(screen.getByText(/Signed up 8, Started setup 6, Completed profile 4, Completed setup 2/)).toBeInTheDocument();
    const funnel = screen.getByRole("table", { name: "Sign-up to completed-profile funnel" });
    expect(within(funnel).getByRole("rowheader", { name: "Completed setup" }).closest("tr")).toHaveTextContent("25%");
    expect(screen.getByRole("table", { name: "Top features by uses" })).toHaveTextContent("fire_calculator");
  });

  it("lists users and changes a role; an admin cannot change their own", async () => {
    const api = stubApi({
      "GET /api/v1/admin/users": { body: { total: 2, items: [user(ME.id, "sam@example.com", "admin"), user("u2", "kim@example.com", "user")] } },
      "PUT /api/v1/admin/users/u2/role": (body) => ({ body: { ...user("u2", "kim@example.com", "user"), ...(body as object) } }),
    });
    renderAt("/admin?tab=users");
    const kim = await screen.findByRole("combobox", { name: "Role of kim@example.com" });
    expect(screen.getByRole("combobox", { name: "Role of sam@example.com" })).toBeDisabled();
    await userEvent.setup().selectOptions(kim, "moderator");
    await waitFor(() => expect(api.calls("PUT")).toHaveLength(1));
    expect(api.calls("PUT")[0].body).toEqual({ role: "moderator" });
    expect(await screen.findByText("kim@example.com is now moderator.")).toBeInTheDocument();
  });
});
