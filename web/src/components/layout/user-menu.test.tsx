import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UserMenu } from "@/components/layout/user-menu";
import { authState, fakeUser, WithAuth } from "@/test/auth";
import { stubApi } from "@/test/page-test-utils";

async function openMenu(profile: unknown) {
  stubApi({ "GET /api/v1/profile": profile ? { body: profile } : { body: null, status: 404 } });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WithAuth value={authState({ user: fakeUser({ email: "sam@example.com" }) })}>
        <MemoryRouter><UserMenu /></MemoryRouter>
      </WithAuth>
    </QueryClientProvider>,
  );
  await userEvent.setup().click(screen.getByRole("button", { name: "Open user menu" }));
  return screen.findByRole("menu");
}

afterEach(() => vi.restoreAllMocks());

describe("UserMenu", () => {
  it("shows the e-mail once when it is also the display name", async () => {
    const menu = await openMenu(null);
    expect(within(menu).getByTestId("display-name")).toHaveTextContent("sam@example.com");
    expect(within(menu).getAllByText("sam@example.com")).toHaveLength(1);
  });

  it("shows the name and, under it, the e-mail", async () => {
    const menu = await openMenu({ first_name: "Sam", last_name: "Lee" });
    expect(await within(menu).findByText("Sam Lee")).toBeInTheDocument();
    expect(within(menu).getByText("sam@example.com")).toBeInTheDocument();
  });
});
