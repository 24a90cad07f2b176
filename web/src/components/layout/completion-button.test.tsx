import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CompletionButton, completionVariant } from "@/components/layout/completion-button";

describe("profile-completion button styles (spec section 2)", () => {
  it("is ghost with a check icon at 100", () => {
    render(<CompletionButton percent={100} onClick={() => {}} />);
    const button = screen.getByTestId("completion-button");
    expect(button).toHaveAttribute("data-variant", "ghost");
    expect(screen.getByTestId("completion-check")).toBeInTheDocument();
    expect(button).toHaveTextContent("100%");
  });
  it("is secondary from 50 to 99 and outline below 50, without the check", () => {
    const { rerender } = render(<CompletionButton percent={50} onClick={() => {}} />);
    expect(screen.getByTestId("completion-button")).toHaveAttribute("data-variant", "secondary");
    expect(screen.queryByTestId("completion-check")).toBeNull();
    rerender(<CompletionButton percent={49} onClick={() => {}} />);
    expect(screen.getByTestId("completion-button")).toHaveAttribute("data-variant", "outline");
    expect(completionVariant(99)).toBe("secondary");
    expect(completionVariant(0)).toBe("outline");
  });
  it("opens the setup dialog on click", async () => {
    const onClick = vi.fn();
    render(<CompletionButton percent={20} onClick={onClick} />);
    await userEvent.click(screen.getByRole("button", { name: /Profile 20% complete/ }));
    expect(onClick).toHaveBeenCalledOnce();
  });
});
