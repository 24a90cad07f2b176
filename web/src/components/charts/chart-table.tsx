/** The data table paired with every chart: the charts are `aria-hidden`, and screen readers and keyboard users get
 * this table of the same figures instead. No recharts here, so screens can show a table without loading it. */
import type { ReactNode } from "react";
import { useT } from "@/lib/i18n";

/** A table of the chart's figures, folded away for sighted users and read by screen readers. */
export function ChartTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: ReactNode[][] }) {
  const t = useT();
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-muted-foreground hover:underline">{t("components.chartTable.showTheFiguresAs")}</summary>
      <div className="mt-2 max-h-72 overflow-auto" tabIndex={0} role="region" aria-label={caption}>
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>{columns.map((c) => <th key={c} scope="col" className="border-b px-2 py-1 font-medium">{c}</th>)}</tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i} className="border-b last:border-0">
                {r.map((cell, j) => (j === 0 ? <th key={j} scope="row" className="px-2 py-1 font-normal">{cell}</th> : <td key={j} className="px-2 py-1">{cell}</td>))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
