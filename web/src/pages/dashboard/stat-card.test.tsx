import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ChartTable } from "@/components/charts/chart-table";
import { LoadError, PageSkeleton } from "@/components/page-states";
import { StatCard } from "@/pages/dashboard/stat-card";

describe("planning screen pieces", () => {
  it("a figure card names its status for screen readers", () => {
    render(<StatCard label="Savings rate" value="12%" status="warn" note="Target: 20% or more" testId="rate" />);
    expect(screen.getByRole("heading", { name: "Savings rate" })).toBeInTheDocument();
    expect(screen.getByTestId("rate-value")).toHaveTextContent("12%");
    expect(screen.getByText("Below target:", { exact: false })).toHaveClass("sr-only");
    expect(screen.getByText("Target: 20% or more")).toBeInTheDocument();
  });

  it("the loading state is a polite status with a label", () => {
    render(<PageSkeleton label="Loading your dashboard" />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading your dashboard");
  });

  it("the error state is an alert with a retry", async () => {
    const retry = vi.fn();
    render(<LoadError what="your dashboard" error={new Error("503 busy")} onRetry={retry} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Could not load your dashboard");
    expect(screen.getByRole("alert")).toHaveTextContent("503 busy");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("a chart's table alternative has a caption, column headers and row headers", () => {
    render(<ChartTable caption="Net worth by year" columns={["Year", "Net worth"]} rows={[[2026, "$1"], [2027, "$2"]]} />);
    const table = screen.getByRole("table", { name: "Net worth by year", hidden: true });
    expect(table.querySelectorAll("th[scope=col]")).toHaveLength(2);
    expect(table.querySelectorAll("th[scope=row]")).toHaveLength(2);
  });
});
