/** Renders an article's Markdown as React elements only (no HTML is ever injected, so nothing in the text can
 * run): headings, paragraphs, "-" / "1." lists with wrapped lines, tables, block quotes, **bold**, *italic*,
 * `code` and links (http, https, mailto and in-app paths only; others stay plain text). */
import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";

const INLINE = /(\*\*[^*]+\*\*|\*[^*\s][^*]*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/;

/** A safe link target, or null: external http(s)/mailto, or a same-site path (not "//host"). */
export function safeHref(url: string): string | null {
  if (/^(https?:|mailto:)/i.test(url)) return url;
  if (url.startsWith("/") && !url.startsWith("//")) return url;
  return null;
}

export function renderInline(text: string): ReactNode[] {
  return text.split(INLINE).map((part, i) => {
    if (part.length > 4 && part.startsWith("**") && part.endsWith("**")) return <strong key={i}>{renderInline(part.slice(2, -2))}</strong>;
    if (part.length > 2 && part.startsWith("*") && part.endsWith("*") && !part.startsWith("**")) return <em key={i}>{part.slice(1, -1)}</em>;
    if (part.length > 2 && part.startsWith("`") && part.endsWith("`")) return <code key={i} className="rounded bg-muted px-1 py-0.5 text-[0.9em]">{part.slice(1, -1)}</code>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      const href = safeHref(link[2]!);
      if (!href) return <Fragment key={i}>{link[1]}</Fragment>;
      if (href.startsWith("/")) return <Link key={i} to={href} className="text-primary underline">{link[1]}</Link>;
      return <a key={i} href={href} className="text-primary underline" target="_blank" rel="noopener noreferrer">{link[1]}</a>;
    }
    return <Fragment key={i}>{part}</Fragment>;
  });
}

type Block =
  | { kind: "heading"; level: number; text: string }
  | { kind: "p"; text: string }
  | { kind: "ul" | "ol"; items: string[] }
  | { kind: "table"; rows: string[][] }
  | { kind: "quote"; text: string };

const ITEM = { ul: /^\s*[-*+] +/, ol: /^\s*\d+[.)] +/ } as const;
const isBlockStart = (l: string) => /^#{1,6} /.test(l) || l.startsWith("|") || ITEM.ul.test(l) || ITEM.ol.test(l) || l.startsWith(">");

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) { i++; continue; }
    const heading = /^(#{1,6}) +(.*)$/.exec(line);
    if (heading) { blocks.push({ kind: "heading", level: heading[1]!.length, text: heading[2]!.trim() }); i++; continue; }
    if (line.trimStart().startsWith("|")) {
      const rows: string[][] = [];
      while (i < lines.length && lines[i]!.trimStart().startsWith("|")) {
        const cells = lines[i]!.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
        if (!cells.every((c) => /^:?-{2,}:?$/.test(c))) rows.push(cells);
        i++;
      }
      blocks.push({ kind: "table", rows });
      continue;
    }
    const listKind = ITEM.ul.test(line) ? "ul" : ITEM.ol.test(line) ? "ol" : null;
    if (listKind) {
      const items: string[] = [];
      while (i < lines.length && lines[i]!.trim()) {
        const l = lines[i]!;
        if (ITEM[listKind].test(l)) items.push(l.replace(ITEM[listKind], ""));
        else if (isBlockStart(l)) break;
        else items[items.length - 1] += ` ${l.trim()}`;
        i++;
      }
      blocks.push({ kind: listKind, items });
      continue;
    }
    if (line.startsWith(">")) {
      const text: string[] = [];
      while (i < lines.length && lines[i]!.startsWith(">")) text.push(lines[i++]!.replace(/^> ?/, ""));
      blocks.push({ kind: "quote", text: text.join(" ") });
      continue;
    }
    const text: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !(text.length > 0 && isBlockStart(lines[i]!))) text.push(lines[i++]!.trim());
    blocks.push({ kind: "p", text: text.join(" ") });
  }
  return blocks;
}

/** Headings start at h2, under the page's h1. */
export function ArticleMarkdown({ source }: { source: string }) {
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
              <div key={i} className="overflow-x-auto rounded-lg border" tabIndex={0} role="region" aria-label={head ? `Table: ${head.join(", ")}` : "Table"}>
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
