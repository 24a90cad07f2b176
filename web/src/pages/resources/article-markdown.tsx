/** Renders an article's Markdown as React elements only (no HTML is ever injected, so nothing in the text can
 * run): headings, paragraphs, "-" / "1." lists with wrapped lines, tables, block quotes, **bold**, *italic*,
 * `code` and links (http, https, mailto and in-app paths only; others stay plain text). The parsing is shared with
 * the Expo app (@firepath/shared/markdown); this file only renders. */
import { type Inline, parseInline, parseMarkdown } from "@firepath/shared/markdown";
import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "@/lib/i18n";

/** A safe link target, or null: external http(s)/mailto, or a same-site path (not "//host"). */
export function safeHref(url: string): string | null {
  if (/^(https?:|mailto:)/i.test(url)) return url;
  if (url.startsWith("/") && !url.startsWith("//")) return url;
  return null;
}

export function renderInline(text: string): ReactNode[] {
  return renderRuns(parseInline(text));
}

function renderRuns(runs: Inline[]): ReactNode[] {
  return runs.map((run, i) => {
    switch (run.kind) {
      case "strong":
        return <strong key={i}>{renderRuns(run.children)}</strong>;
      case "em":
        return <em key={i}>{run.text}</em>;
      case "code":
        return <code key={i} className="rounded bg-muted px-1 py-0.5 text-[0.9em]">{run.text}</code>;
      case "link": {
        const href = safeHref(run.url);
        if (!href) return <Fragment key={i}>{run.label}</Fragment>;
        if (href.startsWith("/")) return <Link key={i} to={href} className="text-primary underline">{run.label}</Link>;
        return <a key={i} href={href} className="text-primary underline" target="_blank" rel="noopener noreferrer">{run.label}</a>;
      }
      default:
        return <Fragment key={i}>{run.text}</Fragment>;
    }
  });
}

/** Headings start at h2, under the page's h1. */
export function ArticleMarkdown({ source }: { source: string }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-4 leading-relaxed" data-testid="article-body">
      {parseMarkdown(source).map((b, i) => {
        switch (b.kind) {
          case "heading": {
            const level = Math.min(6, Math.max(2, b.level));
            const Tag = `h${level}` as "h2";
            return <Tag key={i} className={level === 2 ? "mt-4 text-xl font-semibold" : "mt-2 text-lg font-semibold"}>{renderInline(b.text)}</Tag>;
          }
          case "ul":
            return <ul key={i} className="list-disc space-y-1 pl-6">{b.items.map((t, j) => <li key={j}>{renderInline(t)}</li>)}</ul>;
          case "ol":
            return <ol key={i} className="list-decimal space-y-1 pl-6">{b.items.map((t, j) => <li key={j}>{renderInline(t)}</li>)}</ol>;
          case "quote":
            return <blockquote key={i} className="border-l-4 pl-4 text-muted-foreground">{renderInline(b.text)}</blockquote>;
          case "table": {
            const [head, ...body] = b.rows;
            return (
              <div key={i} className="overflow-x-auto rounded-lg border" tabIndex={0} role="region" aria-label={head ? t("resources.articleMarkdown.table", { value: head.join(", ") }) : t("resources.articleMarkdown.table2")}>
                <table className="w-full text-sm">
                  {head && <thead className="bg-muted"><tr>{head.map((c, j) => <th key={j} scope="col" className="px-3 py-2 text-left font-medium">{renderInline(c)}</th>)}</tr></thead>}
                  <tbody>{body.map((r, j) => <tr key={j} className="border-t">{r.map((c, k) => <td key={k} className="px-3 py-1.5">{renderInline(c)}</td>)}</tr>)}</tbody>
                </table>
              </div>
            );
          }
          default:
            return <p key={i}>{renderInline(b.text)}</p>;
        }
      })}
    </div>
  );
}
