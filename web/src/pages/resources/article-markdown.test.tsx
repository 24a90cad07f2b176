import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { parseMarkdown } from "@firepath/shared/markdown";
import { ArticleMarkdown, safeHref } from "./article-markdown";

describe("parseMarkdown", () => {
  it("reads headings, wrapped list items, tables without the rule row, and paragraphs", () => {
    const blocks = parseMarkdown("## Term\n\n- The **amortization** is\n  how long.\n- The term.\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\nOne\nparagraph.");
    expect(blocks).toEqual([
      { kind: "heading", level: 2, text: "Term" },
      { kind: "ul", items: ["The **amortization** is how long.", "The term."] },
      { kind: "table", rows: [["A", "B"], ["1", "2"]] },
      { kind: "p", text: "One paragraph." },
    ]);
  });
});

describe("ArticleMarkdown", () => {
  const show = (source: string) => render(<MemoryRouter><ArticleMarkdown source={source} /></MemoryRouter>);

  it("renders HTML in the text as text, never as markup", () => {
    const { container } = show('Hello <img src=x onerror="alert(1)"> <script>alert(2)</script> **bold**');
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("script")).toBeNull();
    expect(screen.getByText(/<img src=x/)).toBeInTheDocument();
    expect(screen.getByText("bold").tagName).toBe("STRONG");
  });

  it("links only safe targets", () => {
    show("[ok](https://canada.ca) [bad](javascript:alert(1)) [in-app](/tax) [proto](//evil.example)");
    expect(screen.getByRole("link", { name: "ok" })).toHaveAttribute("href", "https://canada.ca");
    expect(screen.getByRole("link", { name: "in-app" })).toHaveAttribute("href", "/tax");
    expect(screen.queryByRole("link", { name: "bad" })).toBeNull();
    expect(screen.queryByRole("link", { name: "proto" })).toBeNull();
    expect(safeHref("JavaScript:x")).toBeNull();
  });

  it("renders a table with column headers and headings from h2", () => {
    show("# Title\n\n| Year | Limit |\n|---|---|\n| 2026 | $7,000 |");
    expect(screen.getByRole("heading", { level: 2, name: "Title" })).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Limit" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "$7,000" })).toBeInTheDocument();
  });
});
