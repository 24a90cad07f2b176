import { render, renderHook } from "@testing-library/react";
import { useLayoutEffect } from "react";
import { describe, expect, it } from "vitest";
import type { FieldDef } from "@firepath/shared/form-kit";
import { useFormState } from "@/components/forms/use-settings-form";

const FIELDS: FieldDef[] = [
  { name: "expense_change_type", label: "Direction of change", kind: "select", options: [] },
  { name: "expense_change_amount", label: "Change per month", kind: "money" },
];

describe("useFormState", () => {
  it("fills the saved record in the same render it arrives, never committing a frame of defaults first", () => {
    const committed: string[] = [];
    function Form({ record }: { record?: Record<string, unknown> | null }) {
      const form = useFormState(FIELDS, "plans", record);
      const shown = String(form.values.expense_change_type);
      useLayoutEffect(() => { committed.push(shown); });
      return <output>{shown}</output>;
    }
    const { rerender } = render(<Form record={undefined} />);
    expect(committed).toEqual([""]);
    rerender(<Form record={{ expense_change_type: "decrease", expense_change_amount: 1200 }} />);
    expect(committed).toEqual(["", "decrease"]);
  });

  it("keeps what the user typed while the record stays the same, and refills after a save refreshes it", () => {
    const record = { expense_change_type: "increase", expense_change_amount: 100 };
    const { rerender, result } = renderHook(({ r }) => useFormState(FIELDS, "plans", r), { initialProps: { r: record } });
    expect(result.current.values.expense_change_amount).toBe("100");
    result.current.onChange("expense_change_amount", "250");
    rerender({ r: record });
    expect(result.current.values.expense_change_amount).toBe("250");
    rerender({ r: { expense_change_type: "increase", expense_change_amount: 250 } });
    expect(result.current.values.expense_change_amount).toBe("250");
    rerender({ r: { expense_change_type: "decrease", expense_change_amount: 300 } });
    expect(result.current.values).toEqual({ expense_change_type: "decrease", expense_change_amount: "300" });
  });
});
