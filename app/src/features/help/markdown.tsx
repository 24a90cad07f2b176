/** The Markdown the articles and help topics use, rendered as native text (never as markup): headings, paragraphs,
 * "-" and "1." lists (wrapped items joined), tables, quotes, **bold**, *italic*, `code` and links. Web links open in
 * the browser; a link to another article opens it here; anything else (javascript:, //host) stays plain text. The
 * parsing is shared with the web (@firepath/shared/markdown); this file only renders. */
import { type Inline, parseInline, parseMarkdown } from "@firepath/shared/markdown";
import { router, type Href } from "expo-router";
import { Fragment, type ReactNode } from "react";
import { Linking, StyleSheet, Text, View } from "react-native";
import { useT } from "@/lib/i18n";
import { space, type as typeScale, useColours, type Colours } from "@/lib/theme";

/** What a link tells screen readers it does, in the language shown. */
interface Hints {
  web: string;
  article: string;
}

/** A link's target in the app: a web page (opened in the browser), another article (opened here), or nothing. */
export function linkTarget(url: string): { web: string } | { article: string } | null {
  if (/^(https?:|mailto:)/i.test(url)) return { web: url };
  const article = /^\/(?:resources|educational-resources)\/([\w-]+)\/?$/.exec(url);
  if (article?.[1]) return { article: article[1] };
  return null;
}

export const openArticle = (id: string) => router.push({ pathname: "/help/[slug]", params: { slug: id } } as Href);

function inline(text: string, c: Colours, h: Hints): ReactNode[] {
  return runs(parseInline(text), c, "i", h);
}

function runs(items: Inline[], c: Colours, key: string, h: Hints): ReactNode[] {
  return items.map((run, i) => {
    const k = `${key}-${i}`;
    switch (run.kind) {
      case "strong":
        return <Text key={k} style={styles.bold}>{runs(run.children, c, k, h)}</Text>;
      case "em":
        return <Text key={k} style={styles.italic}>{run.text}</Text>;
      case "code":
        return <Text key={k} style={[styles.code, { backgroundColor: c.border }]}>{run.text}</Text>;
      case "link": {
        const target = linkTarget(run.url);
        if (!target) return <Fragment key={k}>{run.label}</Fragment>;
        return (
          <Text
            key={k}
            accessibilityRole="link"
            accessibilityLabel={run.label}
            accessibilityHint={"web" in target ? h.web : h.article}
            onPress={() => ("web" in target ? void Linking.openURL(target.web) : openArticle(target.article))}
            style={[styles.link, { color: c.primary }]}
          >
            {run.label}
          </Text>
        );
      }
      default:
        return <Fragment key={k}>{run.text}</Fragment>;
    }
  });
}

export function Markdown({ source, testID }: { source: string; testID?: string }) {
  const c = useColours();
  const t = useT();
  const h: Hints = { web: t("app.help.opensInBrowser"), article: t("app.help.opensArticle") };
  const body = [styles.body, { color: c.text }];
  return (
    <View style={styles.column} testID={testID}>
      {parseMarkdown(source).map((b, i) => {
        switch (b.kind) {
          case "heading":
            return (
              <Text key={i} accessibilityRole="header" style={[b.level <= 2 ? styles.h2 : styles.h3, { color: c.text }]}>
                {inline(b.text, c, h)}
              </Text>
            );
          case "ul":
          case "ol":
            return (
              <View key={i} style={styles.list}>
                {b.items.map((t, j) => (
                  <View key={j} style={styles.item}>
                    <Text style={body} importantForAccessibility="no">{b.kind === "ul" ? "•" : `${j + 1}.`}</Text>
                    <Text style={[body, styles.itemText]}>{inline(t, c, h)}</Text>
                  </View>
                ))}
              </View>
            );
          case "quote":
            return (
              <Text key={i} style={[body, styles.quote, { borderColor: c.border, color: c.muted }]}>
                {inline(b.text, c, h)}
              </Text>
            );
          case "table": {
            const [head, ...rows] = b.rows;
            return (
              <View key={i} style={[styles.table, { borderColor: c.border }]} accessibilityLabel={head ? t("resources.articleMarkdown.table", { value: head.join(", ") }) : t("resources.articleMarkdown.table2")}>
                {head ? (
                  <View style={[styles.row, { backgroundColor: c.background }]}>
                    {head.map((cell, j) => <Text key={j} style={[styles.cell, styles.bold, { color: c.text }]}>{inline(cell, c, h)}</Text>)}
                  </View>
                ) : null}
                {rows.map((r, j) => (
                  <View key={j} style={[styles.row, { borderTopWidth: StyleSheet.hairlineWidth, borderColor: c.border }]}>
                    {r.map((cell, k) => <Text key={k} style={[styles.cell, { color: c.text }]}>{inline(cell, c, h)}</Text>)}
                  </View>
                ))}
              </View>
            );
          }
          default:
            return <Text key={i} style={body}>{inline(b.text, c, h)}</Text>;
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
