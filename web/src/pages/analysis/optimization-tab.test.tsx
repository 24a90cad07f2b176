import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AllocationList } from "@/pages/analysis/optimization-tab";

describe("AllocationList", () => {
  it("numbers each account by name with its amount", () => {
    render(<AllocationList allocations={[{ account: "rrsp", amount: 21240, reason: "deduction now" }, { account: "tfsa", amount: 7000, reason: "tax-free" }]} />);
    const items = within(screen.getByTestId("allocation-list")).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("1. RRSP");
    expect(items[0]).toHaveTextContent("$21,240");
    expect(items[1]).toHaveTextContent("2. TFSA");
  });

  it("says there is nothing to place when the plan leaves no savings (it was an empty card)", () => {
    render(<AllocationList allocations={[]} />);
    expect(screen.queryByTestId("allocation-list")).toBeNull();
    expect(screen.getByTestId("allocation-empty")).toHaveTextContent("nothing left over to save");
  });
});
