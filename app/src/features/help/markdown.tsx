/** The Markdown the articles and help topics use, rendered as native text (never as markup): headings, paragraphs,
 * "-" and "1." lists (wrapped items joined), tables, quotes, **bold**, *italic*, `code` and links. Web links open in
 * the browser; a link to another article opens it here; anything else (javascript:, //host) stays plain text. */
import { router, type Href } from "expo-router";
import { Fragment, type ReactNode } from "react";
import { Linking, StyleSheet, Text, View } from "react-native";
import { space, type as typeScale, useColours, type Colours } from "@/lib/theme";

export type Block =
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

/** A link's target in the app: a web page (opened in the browser), another article (opened here), or nothing. */
export function linkTarget(url: string): { web: string } | { article: string } | null {
  if (/^(https?:|mailto:)/i.test(url)) return { web: url };
  const article = /^\/(?:resources|educational-resources)\/([\w-]+)\/?$/.exec(url);
  if (article?.[1]) return { article: article[1] };
  return null;
}

export const openArticle = (id: string) => router.push({ pathname: "/help/[slug]", params: { slug: id } } as Href);

const INLINE = /(\*\*[^*]+\*\*|\*[^*\s][^*]*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/;

function inline(text: string, c: Colours, key = "i"): ReactNode[] {
  return text.split(INLINE).map((part, i) => {
    const k = `${key}-${i}`;
    if (part.length > 4 && part.startsWith("**") && part.endsWith("**")) {
      return <Text key={k} style={styles.bold}>{inline(part.slice(2, -2), c, k)}</Text>;
    }
    if (part.length > 2 && part.startsWith("*") && part.endsWith("*") && !part.startsWith("**")) {
      return <Text key={k} style={styles.italic}>{part.slice(1, -1)}</Text>;
    }
    if (part.length > 2 && part.startsWith("`") && part.endsWith("`")) {
      return <Text key={k} style={[styles.code, { backgroundColor: c.border }]}>{part.slice(1, -1)}</Text>;
    }
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      const label = link[1]!;
      const target = linkTarget(link[2]!);
      if (!target) return <Fragment key={k}>{label}</Fragment>;
      return (
        <Text
          key={k}
          accessibilityRole="link"
          accessibilityLabel={label}
          accessibilityHint={"web" in target ? "Opens in your browser" : "Opens the article"}
          onPress={() => ("web" in target ? void Linking.openURL(target.web) : openArticle(target.article))}
          style={[styles.link, { color: c.primary }]}
        >
          {label}
        </Text>
      );
    }
    return <Fragment key={k}>{part}</Fragment>;
  });
}

export function Markdown({ source, testID }: { source: string; testID?: string }) {
  const c = useColours();
  const body = [styles.body, { color: c.text }];
  return (
    <View style={styles.column} testID={testID}>
      {parseMarkdown(source).map((b, i) => {
        switch (b.kind) {
          case "heading":
            return (
              <Text key={i} accessibilityRole="header" style={[b.level <= 2 ? styles.h2 : styles.h3, { color: c.text }]}>
                {inline(b.text, c)}
              </Text>
            );
          case "ul":
          case "ol":
            return (
              <View key={i} style={styles.list}>
                {b.items.map((t, j) => (
                  <View key={j} style={styles.item}>
                    <Text style={body} importantForAccessibility="no">{b.kind === "ul" ? "•" : `${j + 1}.`}</Text>
                    <Text style={[body, styles.itemText]}>{inline(t, c)}</Text>
                  </View>
                ))}
              </View>
            );
          case "quote":
            return (
              <Text key={i} style={[body, styles.quote, { borderColor: c.border, color: c.muted }]}>
                {inline(b.text, c)}
              </Text>
            );
          case "table": {
            const [head, ...rows] = b.rows;
            return (
              <View key={i} style={[styles.table, { borderColor: c.border }]} accessibilityLabel={head ? `Table: ${head.join(", ")}` : "Table"}>
                {head ? (
                  <View style={[styles.row, { backgroundColor: c.background }]}>
                    {head.map((cell, j) => <Text key={j} style={[styles.cell, styles.bold, { color: c.text }]}>{inline(cell, c)}</Text>)}
                  </View>
                ) : null}
                {rows.map((r, j) => (
                  <View key={j} style={[styles.row, { borderTopWidth: StyleSheet.hairlineWidth, borderColor: c.border }]}>
                    {r.map((cell, k) => <Text key={k} style={[styles.cell, { color: c.text }]}>{inline(cell, c)}</Text>)}
                  </View>
                ))}
              </View>
            );
          }
          default:
            return <Text key={i} style={body}>{inline(b.text, c)}</Text>;
        }
      })}
    </View>
  );
}

const styles = StyleSheet.create({
  column: { gap: space.md },
  body: { fontSize: typeScale.body, lineHeight: 24 },
  h2: { fontSize: typeScale.title, fontWeight: "700", marginTop: space.sm },
  h3: { fontSize: typeScale.body + 1, fontWeight: "700", marginTop: space.xs },
  bold: { fontWeight: "700" },
  italic: { fontStyle: "italic" },
  code: { fontFamily: "monospace" },
  link: { textDecorationLine: "underline" },
  list: { gap: space.xs },
  item: { flexDirection: "row", gap: space.sm, paddingLeft: space.xs },
  itemText: { flex: 1 },
  quote: { borderLeftWidth: 4, paddingLeft: space.md },
  table: { borderWidth: 1, borderRadius: 8, overflow: "hidden" },
  row: { flexDirection: "row" },
  cell: { flex: 1, padding: space.sm, fontSize: typeScale.small },
});
