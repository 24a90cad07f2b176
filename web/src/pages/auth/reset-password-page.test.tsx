import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { AuthContextValue } from "@/app/auth-provider";
import ResetPasswordPage from "@/pages/auth/reset-password-page";
import { authState, fakeUser, WithAuth } from "@/test/auth";

function renderReset(updatePassword: AuthContextValue["updatePassword"]) {
  const router = createMemoryRouter(
    [{ path: "/reset-password", element: <ResetPasswordPage /> }, { path: "/fire-dashboard", element: <p>dashboard</p> }],
    { initialEntries: ["/reset-password"] },
  );
  render(
    <WithAuth value={authState({ user: fakeUser(), updatePassword })}>
      <RouterProvider router={router} />
    </WithAuth>,
  );
  return router;
}

describe("choosing a new password", () => {
  it("asks for the current password when the server wants reauthentication, then sends it", async () => {
    const updatePassword = vi.fn<AuthContextValue["updatePassword"]>()
      .mockResolvedValueOnce({ error: "Password update requires reauthentication: enter your current password, or sign in again.", reauthenticate: true })
      .mockResolvedValueOnce({ error: null });
    const router = renderReset(updatePassword);
    const user = userEvent.setup();
    expect(screen.queryByLabelText("Current password")).toBeNull(); // a recovery link is enough: no extra field
    await user.type(screen.getByLabelText("New password"), "my-new-pass-77");
    await user.type(screen.getByLabelText("Confirm new password"), "my-new-pass-77");
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    expect(await screen.findByText(/requires reauthentication/)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Current password"), "first-pass-123");
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/fire-dashboard"));
    expect(updatePassword).toHaveBeenNthCalledWith(1, "my-new-pass-77", undefined);
    expect(updatePassword).toHaveBeenNthCalledWith(2, "my-new-pass-77", "first-pass-123");
  });
});
