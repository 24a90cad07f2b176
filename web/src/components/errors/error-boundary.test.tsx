import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "@/components/errors/error-boundary";

let shouldThrow = true;
function Flaky() {
  if (shouldThrow) throw new Error("boom");
  return <p>recovered</p>;
}

function Harness() {
  const [n] = useState(0);
  return <ErrorBoundary resetKey={String(n)}><Flaky /></ErrorBoundary>;
}

describe("error boundary (spec sections 2 and 4)", () => {
  it("shows the error screen, and Try Again renders the page again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(<Harness />);
    expect(screen.getByText("Something went wrong")).toBeInTheDocument();
    expect(screen.getByText("We encountered an unexpected error. Our team has been notified.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send Feedback" })).toBeInTheDocument();
    shouldThrow = false;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(screen.getByText("recovered")).toBeInTheDocument();
  });

  it("shows 'Sending...' while the report is sent", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    shouldThrow = true;
    render(<Harness />);
    await userEvent.type(screen.getByLabelText(/What were you doing/), "Clicked save");
    await userEvent.click(screen.getByRole("button", { name: "Send Feedback" }));
    expect(screen.getByRole("button", { name: "Sending..." })).toBeDisabled();
    // Nothing listens on the test origin, so the report fails after the one-second minimum.
    expect(await screen.findByText(/could not be sent/, {}, { timeout: 3000 })).toBeInTheDocument();
  });
});
