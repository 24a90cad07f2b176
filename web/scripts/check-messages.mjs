// The message catalogue check (run by `npm run lint`): every message id the code uses is in the English and the French
// catalogue, every catalogue key is used by some code, both languages hold the same keys namespace by namespace, each
// message parses as ICU, and a translation keeps its original's arguments and tags ({count}, <link>). Ids are read
// from the source with TypeScript's parser: the first argument of t(...), x.t(...), msg(...) and formatMessage({ id }),
// and the id of <Message id="..."> (every string literal in it, so `t(you ? "a" : "b")` counts both). A template
// literal id cannot be checked, so it is refused. Usage: node scripts/check-messages.mjs (from web/ or anywhere).
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parse, TYPE } from "@formatjs/icu-messageformat-parser";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
// The workspace root's TypeScript 5 (the one ESLint uses): web/'s own TypeScript 7 has no JavaScript parser API.
const ts = createRequire(join(root, "package.json"))("typescript");
export const CATALOGUES = join(root, "packages/shared/src/i18n");
export const LANGUAGES = ["en-CA", "fr-CA"];
// The Expo app reads the same catalogues (and its own app.json), so its ids count too.
const SOURCE_ROOTS = [join(root, "web/src"), join(root, "app/src"), join(root, "packages/shared/src")];
const SKIP = (path) => /\.test\.tsx?$/.test(path) || path.includes("packages/shared/src/api/") || path.endsWith(".d.ts");

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** { "en-CA": { nav: {...}, ... }, "fr-CA": {...} } from the JSON files on disk. */
export function readCatalogues(dir = CATALOGUES) {
  const out = {};
  for (const lang of LANGUAGES) {
    out[lang] = {};
    for (const f of readdirSync(join(dir, lang)).filter((f) => f.endsWith(".json"))) {
      out[lang][f.slice(0, -5)] = JSON.parse(readFileSync(join(dir, lang, f), "utf8"));
    }
  }
  return out;
}

export function readSources() {
  return SOURCE_ROOTS.flatMap(walk).filter((p) => !SKIP(p)).map((p) => ({ path: relative(root, p), text: readFileSync(p, "utf8") }));
}

const ID_CALLEES = new Set(["t", "msg"]);

/** The message ids a source file uses, and the places where an id is built at run time. */
export function idsIn({ path, text }) {
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const ids = new Set();
  const dynamic = [];
  const where = (node) => `${path}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
  const literals = (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ids.add(node.text);
    else if (ts.isTemplateExpression(node)) dynamic.push(where(node));
    // A choice: its branches are ids, its condition is not.
    else if (ts.isConditionalExpression(node)) [node.whenTrue, node.whenFalse].forEach(literals);
    else if (ts.isParenthesizedExpression(node)) literals(node.expression);
    else if (ts.isJsxExpression(node) && node.expression) literals(node.expression);
  };
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.arguments.length) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "";
      const arg = node.arguments[0];
      if (ID_CALLEES.has(name)) {
        // Only literal ids (or choices between them) are counted; a variable holds an id marked with msg() elsewhere.
        if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg) || ts.isConditionalExpression(arg) || ts.isTemplateExpression(arg)) literals(arg);
      } else if (name === "formatMessage" && ts.isObjectLiteralExpression(arg)) {
        for (const p of arg.properties) if (ts.isPropertyAssignment(p) && p.name.getText(sf) === "id") literals(p.initializer);
      }
    }
    if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && /^(Message|FormattedMessage)$/.test(node.tagName.getText(sf))) {
      for (const a of node.attributes.properties) if (ts.isJsxAttribute(a) && a.name.getText(sf) === "id" && a.initializer) literals(a.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { ids, dynamic };
}

/** The argument and tag names of an ICU message, or an error. */
function argumentsOf(message) {
  const names = new Set();
  const walkAst = (elements) => {
    for (const el of elements) {
      if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) names.add(`{${el.value}}`);
      if (el.type === TYPE.plural || el.type === TYPE.select) {
        names.add(`{${el.value}}`);
        for (const opt of Object.values(el.options)) walkAst(opt.value);
      }
      if (el.type === TYPE.tag) {
        names.add(`<${el.value}>`);
        walkAst(el.children);
      }
    }
  };
  walkAst(parse(message));
  return [...names].sort().join(" ");
}

/** Every problem, as lines of text: empty means the catalogues and the code agree. */
export function checkMessages({ catalogues, sources }) {
  const problems = [];
  const [base, ...others] = LANGUAGES;
  const flat = {};
  for (const lang of LANGUAGES) {
    flat[lang] = {};
    for (const [ns, messages] of Object.entries(catalogues[lang] ?? {})) {
      for (const [id, text] of Object.entries(messages)) {
        if (id in flat[lang]) problems.push(`${lang}: ${id} is in two namespace files`);
        flat[lang][id] = text;
        if (typeof text !== "string" || text.trim() === "") problems.push(`${lang}/${ns}.json: ${id} is empty`);
      }
    }
  }
  for (const lang of others) {
    for (const [ns, messages] of Object.entries(catalogues[base])) {
      const theirs = catalogues[lang]?.[ns] ?? {};
      for (const id of Object.keys(messages)) if (!(id in theirs)) problems.push(`${lang}/${ns}.json: ${id} is missing (it is in ${base})`);
      for (const id of Object.keys(theirs)) if (!(id in messages)) problems.push(`${lang}/${ns}.json: ${id} is not in ${base}/${ns}.json`);
    }
    for (const ns of Object.keys(catalogues[lang] ?? {})) if (!(ns in catalogues[base])) problems.push(`${lang}/${ns}.json has no ${base} counterpart`);
  }
  for (const lang of LANGUAGES) {
    for (const [id, text] of Object.entries(flat[lang])) {
      try {
        const args = argumentsOf(text);
        if (lang !== base && id in flat[base]) {
          const want = argumentsOf(flat[base][id]);
          if (args !== want) problems.push(`${lang}: ${id} has arguments "${args}" where ${base} has "${want}"`);
        }
      } catch (e) {
        problems.push(`${lang}: ${id} is not a valid ICU message (${e.message})`);
      }
    }
  }
  const used = new Set();
  for (const source of sources) {
    const { ids, dynamic } = idsIn(source);
    for (const place of dynamic) problems.push(`${place}: a message id built at run time cannot be checked; use literal ids (msg("...") in data)`);
    for (const id of ids) {
      used.add(id);
      for (const lang of LANGUAGES) if (!(id in flat[lang])) problems.push(`${source.path}: ${id} is not in the ${lang} catalogue`);
    }
  }
  for (const id of Object.keys(flat[base])) if (!used.has(id)) problems.push(`${base}: ${id} is used by no code`);
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const catalogues = readCatalogues();
  const problems = checkMessages({ catalogues, sources: readSources() });
  const count = Object.values(catalogues[LANGUAGES[0]]).reduce((n, m) => n + Object.keys(m).length, 0);
  if (problems.length) {
    for (const p of problems) console.error(p);
    console.error(`messages: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log(`messages: ${count} ids, in ${LANGUAGES.join(" and ")}, all used`);
}
