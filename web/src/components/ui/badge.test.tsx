import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Badge } from "./badge";

describe("Badge", () => {
  it("keeps its label on one line and its width in a tight row (\"Not Started\" wrapped at 390px)", () => {
    render(<Badge variant="outline">Not Started</Badge>);
    expect(screen.getByText("Not Started")).toHaveClass("whitespace-nowrap", "shrink-0");
  });
});
