import { ApiError } from "@firepath/shared/api";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { NumField } from "@firepath/shared/calc-fields";
import { CALC_LAYOUT, FieldGrid, Results, useCalcForm } from "./calc-form";

const FIELDS: NumField[] = [
  { name: "principal", label: "Loan amount", kind: "money", required: true },
  { name: "annual_rate", label: "Interest rate", kind: "percent", min: 0, max: 100, required: true, hint: "Compounded semi-annually" },
];

function Form() {
  const form = useCalcForm(FIELDS, { principal: "300000", annual_rate: "4" });
  return (
    <>
      <FieldGrid fields={FIELDS} form={form} prefix="t" />
      <output data-testid="values">{form.ok ? JSON.stringify(form.values) : "invalid"}</output>
    </>
  );
}

describe("calculator fields", () => {
  it("labels each input, ties its hint and error to it, and converts percents", async () => {
    render(<Form />);
    const rate = screen.getByRole("textbox", { name: /^Interest rate/ });
    expect(rate).toHaveAccessibleDescription("Compounded semi-annually");
    expect(screen.getByTestId("values")).toHaveTextContent('{"principal":300000,"annual_rate":0.04}');
    await userEvent.clear(rate);
    await userEvent.type(rate, "150");
    expect(rate).toHaveAttribute("aria-invalid", "true");
    expect(rate).toHaveAccessibleDescription("Compounded semi-annually Interest rate must be at least 0% and at most 100%");
    expect(screen.getByTestId("values")).toHaveTextContent("invalid");
    const loan = screen.getByRole("textbox", { name: /^Loan amount/ });
    await userEvent.clear(loan);
    expect(loan).toHaveAccessibleDescription("Loan amount is required");
  });
});

describe("Results", () => {
  const props = { label: "Mortgage results", invalid: false, error: null, loading: false, pending: false, summary: <p>Payment $1,426.56</p> };

  it("announces the summary politely and shows the details outside the live region", () => {
    render(<Results {...props}><table aria-label="schedule" /></Results>);
    const region = screen.getByRole("region", { name: "Mortgage results" });
    expect(region).toHaveAttribute("aria-busy", "false");
    expect(screen.getByText("Payment $1,426.56").closest("[aria-live]")).toHaveAttribute("aria-live", "polite");
    expect(screen.getByRole("table", { name: "schedule" }).closest("[aria-live]")).toBeNull();
  });

  it("says why there are no results: invalid fields, the API's message, or loading", () => {
    const { rerender } = render(<Results {...props} invalid />);
    expect(screen.getByRole("status")).toHaveTextContent("Fix the highlighted fields to see results.");
    rerender(<Results {...props} error={new ApiError(422, "invalid", "annual_rate: must be at most 1")} />);
    expect(screen.getByRole("status")).toHaveTextContent("annual_rate: must be at most 1");
    rerender(<Results {...props} loading pending />);
    expect(screen.getByLabelText("Loading results")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Mortgage results" })).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByText("Payment $1,426.56")).toBeNull();
  });
});

describe("CALC_LAYOUT", () => {
  it("gives the stacked layout a column that shrinks to the screen (an auto column took the schedule table's width)", () => {
    const classes = CALC_LAYOUT.split(" ");
    expect(classes).toContain("grid-cols-1");
    expect(classes.filter((c) => c.startsWith("lg:grid-cols-"))).toHaveLength(1);
  });
});
