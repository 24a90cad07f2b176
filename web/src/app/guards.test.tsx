import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import type { AuthContextValue } from "@/app/auth-provider";
import { type LoginState, RequireAdmin, RequireAuth } from "@/app/guards";
import { authState, fakeUser, WithAuth } from "@/test/auth";

function LoginProbe() {
  const { search, state } = useLocation();
  return <p>login {search} {(state as LoginState | null)?.sessionEnded ? "session ended" : "plain"}</p>;
}

function renderGuarded(value: AuthContextValue, path = "/settings") {
  return render(
    <WithAuth value={value}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<p>landing</p>} />
          <Route path="/fire-dashboard" element={<p>dashboard</p>} />
          <Route path="/login" element={<LoginProbe />} />
          <Route element={<RequireAuth />}>
            <Route path="/settings" element={<p>settings page</p>} />
            <Route path="/settings/income" element={<p>income page</p>} />
          </Route>
          <Route element={<RequireAdmin />}>
            <Route path="/admin" element={<p>admin page</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </WithAuth>,
  );
}

describe("auth guard (spec section 4)", () => {
  it("shows a spinner while the session loads", () => {
    renderGuarded(authState({ loading: true }));
    expect(screen.getByRole("status")).toHaveTextContent("Checking your session");
    expect(screen.queryByText("settings page")).toBeNull();
    expect(screen.queryByText("landing")).toBeNull();
  });
  it("redirects to / without a user", () => {
    renderGuarded(authState());
    expect(screen.getByText("landing")).toBeInTheDocument();
  });
  it("sends a person whose session ended to sign-in, with the page and its query to come back to", () => {
    renderGuarded(authState({ sessionEnded: true }), "/settings/income?x=1");
    expect(screen.getByText("login ?next=%2Fsettings%2Fincome%3Fx%3D1 session ended")).toBeInTheDocument();
    expect(screen.queryByText("landing")).toBeNull();
  });
  it("shows the page to a signed-in user", () => {
    renderGuarded(authState({ user: fakeUser() }));
    expect(screen.getByText("settings page")).toBeInTheDocument();
  });
});

describe("admin guard", () => {
  it("sends a non-admin to the dashboard and lets an admin in", () => {
    const { unmount } = renderGuarded(authState({ user: fakeUser(), role: "user" }), "/admin");
    expect(screen.getByText("dashboard")).toBeInTheDocument();
    unmount();
    renderGuarded(authState({ user: fakeUser(), role: "admin", isAdmin: true, isModerator: true }), "/admin");
    expect(screen.getByText("admin page")).toBeInTheDocument();
  });
  it("sends an ended session on /admin to sign-in too", () => {
    renderGuarded(authState({ sessionEnded: true }), "/admin");
    expect(screen.getByText("login ?next=%2Fadmin session ended")).toBeInTheDocument();
  });
  it("waits for the role before deciding", () => {
    renderGuarded(authState({ user: fakeUser(), roleLoading: true }), "/admin");
    expect(screen.getByRole("status")).toBeInTheDocument();
  });
});
