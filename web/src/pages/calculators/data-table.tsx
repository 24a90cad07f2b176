/** A plain, captioned table for schedules (the charts' text alternative), scrollable on narrow screens. */
import type { ReactNode } from "react";

export function DataTable({ caption, columns, rows, testId }: {
  caption: string;
  columns: { key: string; label: string; numeric?: boolean }[];
  rows: Record<string, ReactNode>[];
  testId?: string;
}) {
  return (
    // The scroll box is focusable so keyboard users can scroll it (axe: scrollable-region-focusable).
    <div className="max-h-96 overflow-auto rounded-lg border" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-muted">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.numeric ? "px-3 py-2 text-right font-medium" : "px-3 py-2 text-left font-medium"}>{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-t">
              {columns.map((c, j) =>
                j === 0 ? (
                  <th key={c.key} scope="row" className="px-3 py-1.5 text-left font-normal">{r[c.key]}</th>
                ) : (
                  <td key={c.key} className={c.numeric ? "px-3 py-1.5 text-right tabular-nums" : "px-3 py-1.5"}>{r[c.key]}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
