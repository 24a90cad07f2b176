import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { AuthContextValue } from "@/app/auth-provider";
import LoginPage from "@/pages/auth/login-page";
import { authState, fakeUser, WithAuth } from "@/test/auth";

function renderLogin(entry: { pathname: string; search?: string; state?: unknown }, auth: AuthContextValue = authState()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/login", element: <LoginPage /> },
      { path: "/settings/income", element: <p>income page</p> },
      { path: "/fire-dashboard", element: <p>dashboard</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <WithAuth value={auth}>
        <RouterProvider router={router} />
      </WithAuth>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

describe("sign-in page after a session ended", () => {
  it("says the session ended when the guard sent the person here", () => {
    renderLogin({ pathname: "/login", search: "?next=%2Fsettings%2Fincome", state: { sessionEnded: true } });
    expect(screen.getByRole("status")).toHaveTextContent("Your session ended. Please sign in again.");
  });

  it("says nothing of the kind on a plain visit", () => {
    renderLogin({ pathname: "/login" });
    expect(screen.getByRole("heading", { name: "Sign in", level: 1 })).toBeInTheDocument();
    expect(screen.queryByText("Your session ended. Please sign in again.")).toBeNull();
  });

  it("sends someone already signed in to a safe next, with its query", async () => {
    const { router } = renderLogin({ pathname: "/login", search: "?next=%2Fsettings%2Fincome%3Fx%3D1" }, authState({ user: fakeUser() }));
    await waitFor(() => expect(screen.getByText("income page")).toBeInTheDocument());
    expect(router.state.location.search).toBe("?x=1");
  });

  it("ignores a next that leads off the site", async () => {
    const { router } = renderLogin({ pathname: "/login", search: "?next=%2F%2Fevil.example" }, authState({ user: fakeUser() }));
    await waitFor(() => expect(screen.getByText("dashboard")).toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/fire-dashboard");
  });
});

describe("Google on the sign-in page", () => {
  it("is not offered while the server has not said Google is enabled (here it cannot be reached)", async () => {
    const { queryClient } = renderLogin({ pathname: "/login" });
    // One retry (a second later), then the answer stands: no Google.
    await waitFor(() => expect(queryClient.getQueryState(["auth", "settings"])?.status).toBe("error"), { timeout: 5000 });
    expect(screen.queryByRole("button", { name: /Google/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Sign In" })).toBeInTheDocument();
  });
});
