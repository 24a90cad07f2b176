/** The Markdown the articles and help topics use, parsed (not rendered) into a small tree that the web and the Expo
 * app each render with their own elements (never as injected markup): headings, paragraphs, "-" / "1." lists with
 * wrapped lines joined, tables, block quotes, and inline **bold**, *italic*, `code` and [links](url). Which link
 * targets are safe to follow is each renderer's call. */

export type Block =
  | { kind: "heading"; level: number; text: string }
  | { kind: "p"; text: string }
  | { kind: "ul" | "ol"; items: string[] }
  | { kind: "table"; rows: string[][] }
  | { kind: "quote"; text: string };

export type Inline =
  | { kind: "text"; text: string }
  | { kind: "strong"; children: Inline[] }
  | { kind: "em"; text: string }
  | { kind: "code"; text: string }
  | { kind: "link"; label: string; url: string };

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

const INLINE = /(\*\*[^*]+\*\*|\*[^*\s][^*]*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/;

/** One line of text as runs of plain text, bold (which may hold italic, code and links), italic, code and links. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  for (const part of text.split(INLINE)) {
    if (part === "") continue;
    if (part.length > 4 && part.startsWith("**") && part.endsWith("**")) { out.push({ kind: "strong", children: parseInline(part.slice(2, -2)) }); continue; }
    if (part.length > 2 && part.startsWith("*") && part.endsWith("*") && !part.startsWith("**")) { out.push({ kind: "em", text: part.slice(1, -1) }); continue; }
    if (part.length > 2 && part.startsWith("`") && part.endsWith("`")) { out.push({ kind: "code", text: part.slice(1, -1) }); continue; }
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) { out.push({ kind: "link", label: link[1]!, url: link[2]! }); continue; }
    out.push({ kind: "text", text: part });
  }
  return out;
}
