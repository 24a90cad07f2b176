/** The app's words go through the message catalogue, as the web's lint rule and check-messages.mjs require of the
 * web: no literal text in JSX (text, and the props a screen shows or reads out: label, title, placeholder, hint,
 * message, accessibilityLabel...), every id the app names is in English and in French, the app's own catalogue
 * (app.json) holds the same ids in both languages and none is left unused, and the phone's permission prompts
 * (app/locales/*.json, read by `expo.locales` in app.json) exist in both languages. */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { EN_CA, EN_CA_APP } from "@firepath/shared/i18n/en-CA";
import { FR_CA, FR_CA_APP } from "@firepath/shared/i18n/fr-CA";

const APP = join(__dirname, "..", "..");
const SRC = join(APP, "src");

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

const SOURCES = walk(SRC)
  .filter((p) => !/\.test\.tsx?$/.test(p) && !p.includes(`${join("src", "test")}`) && !p.endsWith(".d.ts"))
  .map((path) => ({ path: relative(APP, path), text: readFileSync(path, "utf8") }));

/** Props whose string is shown or read out. */
const TEXT_PROPS = new Set([
  "label", "title", "placeholder", "accessibilityLabel", "accessibilityHint", "hint", "message", "detail", "intro",
  "description", "emptyText", "submitLabel", "headerTitle", "tabBarLabel", "tabBarAccessibilityLabel",
]);
/** Two letters in a row: "•", "→", "—", "/" and "%" are marks, not words. */
const WORDS = /\p{L}{2,}/u;

function parse({ path, text }: { path: string; text: string }) {
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** Each literal word in JSX, as "file:line: text". */
function literalText(source: { path: string; text: string }): string[] {
  const sf = parse(source);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push(`${source.path}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}: ${text.trim().slice(0, 80)}`);
  // A string the expression can evaluate to: literals, templates, and both sides of a choice or a default.
  const strings = (node: ts.Expression | undefined): void => {
    if (!node) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (WORDS.test(node.text)) report(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" ");
      if (WORDS.test(parts)) report(node, parts);
    } else if (ts.isConditionalExpression(node)) {
      strings(node.whenTrue);
      strings(node.whenFalse);
    } else if (ts.isParenthesizedExpression(node)) strings(node.expression);
    else if (ts.isBinaryExpression(node) && [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.PlusToken].includes(node.operatorToken.kind)) {
      strings(node.left);
      strings(node.right);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && WORDS.test(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) strings(node.expression);
    if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText(sf)) && node.initializer) {
      strings(ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The message ids a file names: the first argument of t(...) and msg(...), and <FormattedMessage id="...">, as the
 * web's check-messages.mjs reads them. */
function idsIn(source: { path: string; text: string }): Set<string> {
  const sf = parse(source);
  const ids = new Set<string>();
  const literals = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ids.add(node.text);
    else if (ts.isConditionalExpression(node)) [node.whenTrue, node.whenFalse].forEach(literals);
    else if (ts.isParenthesizedExpression(node)) literals(node.expression);
    else if (ts.isJsxExpression(node) && node.expression) literals(node.expression);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.arguments[0]) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "";
      if (name === "t" || name === "msg") literals(node.arguments[0]);
    }
    if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && node.tagName.getText(sf) === "FormattedMessage") {
      for (const a of node.attributes.properties) if (ts.isJsxAttribute(a) && a.name.getText(sf) === "id" && a.initializer) literals(a.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return ids;
}

test("the checks see what they are meant to see", () => {
  const sample = {
    path: "x.tsx",
    text: `const a = <View accessibilityLabel="Loading"><Text>Hello there</Text>{busy ? "Saving…" : t("app.opening")}<Text>• {n} → —</Text></View>;`,
  };
  expect(literalText(sample)).toEqual(["x.tsx:1: Loading", "x.tsx:1: Hello there", "x.tsx:1: Saving…"]);
  expect([...idsIn(sample)]).toEqual(["app.opening"]);
});

test("no literal words in the app's JSX: every label, text and hint comes from the catalogue", () => {
  expect(SOURCES.length).toBeGreaterThan(50);
  expect(SOURCES.flatMap(literalText)).toEqual([]);
});

test("every id the app names is in the English and the French catalogue", () => {
  const english: Record<string, string> = { ...EN_CA, ...EN_CA_APP };
  const french: Record<string, string> = { ...FR_CA, ...FR_CA_APP };
  const missing = SOURCES.flatMap((s) =>
    [...idsIn(s)].flatMap((id) => [
      ...(id in english ? [] : [`${s.path}: ${id} is not in en-CA`]),
      ...(id in french ? [] : [`${s.path}: ${id} is not in fr-CA`]),
    ]),
  );
  expect(missing).toEqual([]);
});

test("the app's own catalogue holds the same ids in both languages, each used by the app and none empty", () => {
  expect(Object.keys(FR_CA_APP).sort()).toEqual(Object.keys(EN_CA_APP).sort());
  for (const [id, text] of [...Object.entries(EN_CA_APP), ...Object.entries(FR_CA_APP)]) expect([id, text.trim().length > 0]).toEqual([id, true]);
  const used = new Set(SOURCES.flatMap((s) => [...idsIn(s)]));
  expect(Object.keys(EN_CA_APP).filter((id) => !used.has(id))).toEqual([]);
});

test("the permission prompts and the app's name are given in English and French, the English as app.json's plugins say", () => {
  const config = JSON.parse(readFileSync(join(APP, "app.json"), "utf8")).expo as {
    locales: Record<string, string>;
    plugins: (string | [string, Record<string, string>])[];
  };
  expect(Object.keys(config.locales).sort()).toEqual(["en", "fr"]);
  const [en, fr] = ["en", "fr"].map((lang) => JSON.parse(readFileSync(join(APP, config.locales[lang]!), "utf8")).ios as Record<string, string>);
  expect(Object.keys(fr!).sort()).toEqual(Object.keys(en!).sort());
  expect(Object.keys(en!)).toEqual(expect.arrayContaining(["NSMicrophoneUsageDescription", "NSFaceIDUsageDescription"]));
  for (const key of Object.keys(en!)) expect(fr![key]!.trim()).not.toBe("");
  const option = (plugin: string, name: string) => (config.plugins.find((p) => Array.isArray(p) && p[0] === plugin) as [string, Record<string, string>])[1][name];
  expect(en!.NSMicrophoneUsageDescription).toBe(option("expo-audio", "microphonePermission"));
  expect(en!.NSFaceIDUsageDescription).toBe(option("expo-local-authentication", "faceIDPermission"));
  expect(fr!.NSMicrophoneUsageDescription).not.toBe(en!.NSMicrophoneUsageDescription);
});
