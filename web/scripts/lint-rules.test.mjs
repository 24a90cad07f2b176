// Proves the layout rules of eslint.config.js fire (run by `npm run lint` after ESLint itself): a rule removed, a zone
// missing for a page folder or the `@/` alias left unresolved (the rules then see no file and stay silent) fails here.
// Lints code strings as if they sat at the given paths, plus a two-file import cycle written to a temporary folder
// under src/lib and removed again. Then the words: the rule against literal text in JSX fires outside the folders of
// scripts/i18n-pending.mjs and not inside them, every listed folder still holds literal text (or it must leave the
// list), and the catalogue check (scripts/check-messages.mjs) reports each kind of problem on fixture catalogues.
// Usage: node scripts/lint-rules.test.mjs (from web/ or anywhere).
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import formatjs from "eslint-plugin-formatjs";
import { checkMessages } from "./check-messages.mjs";
import { NOT_YET_TRANSLATED } from "./i18n-pending.mjs";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const eslint = new ESLint({ cwd: web, overrideConfigFile: join(web, "eslint.config.js") });
let failures = 0;

async function rulesAt(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath: join(web, filePath) });
  if (!result) throw new Error(`${filePath} is not linted (outside the config's files?)`);
  return result.messages.map((m) => m.ruleId ?? m.message);
}

async function expectRules(name, filePath, code, rule, want) {
  const rules = await rulesAt(filePath, code);
  const ok = rules.includes(rule) === want;
  if (!ok) failures++;
  console.log(`${ok ? "ok  " : "FAIL"} ${name}: ${want ? "reports" : "does not report"} ${rule} (got: ${rules.join(", ") || "nothing"})`);
}

const RESTRICTED = "import-x/no-restricted-paths";
const CYCLE = "import-x/no-cycle";
const use = (spec) => `import { LoadError } from "${spec}";\nexport const x = LoadError;\n`;

// One page folder importing another, through the alias and relatively; the same folder and src/app may.
await expectRules("analysis imports dashboard (alias)", "src/pages/analysis/x.tsx", use("@/pages/dashboard/stat-card"), RESTRICTED, true);
await expectRules("analysis imports dashboard (relative)", "src/pages/analysis/x.tsx", use("../dashboard/stat-card"), RESTRICTED, true);
await expectRules("dashboard imports its own folder", "src/pages/dashboard/x.tsx", use("@/pages/dashboard/stat-card"), RESTRICTED, false);
await expectRules("a page imports a shared widget", "src/pages/analysis/x.tsx", use("@/components/page-states"), RESTRICTED, false);
await expectRules("the route table imports pages", "src/app/x.tsx", use("@/pages/dashboard/stat-card"), RESTRICTED, false);

// Shared code importing a page.
for (const dir of ["components", "lib", "api", "test"]) {
  await expectRules(`src/${dir} imports a page`, `src/${dir}/x.ts`, use("@/pages/dashboard/stat-card"), RESTRICTED, true);
}

// Every page folder is a zone: each one importing a module of another folder is reported.
const pages = join(web, "src/pages");
const features = readdirSync(pages, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
for (const [i, feature] of features.entries()) {
  const other = features[(i + 1) % features.length];
  const file = readdirSync(join(pages, other)).find((f) => /\.tsx?$/.test(f) && !f.includes(".test."));
  const spec = `@/pages/${other}/${file.replace(/\.tsx?$/, "")}`;
  await expectRules(`${feature} imports ${other}`, `src/pages/${feature}/x.ts`, `import * as m from "${spec}";\nexport const x = m;\n`, RESTRICTED, true);
}

// A cycle: a.ts imports b.ts, which imports a.ts.
const tmp = join(web, "src/lib", `.lint-cycle-${process.pid}`);
try {
  mkdirSync(tmp, { recursive: true });
  const rel = `src/lib/.lint-cycle-${process.pid}`;
  writeFileSync(join(tmp, "a.ts"), `import { b } from "@/lib/.lint-cycle-${process.pid}/b";\nexport const a = () => b;\n`);
  writeFileSync(join(tmp, "b.ts"), `import { a } from "./a";\nexport const b = () => a;\n`);
  writeFileSync(join(tmp, "c.ts"), `export const c = 1;\n`);
  await expectRules("a imports b, b imports a", `${rel}/a.ts`, `import { b } from "./b";\nexport const a = () => b;\n`, CYCLE, true);
  await expectRules("a imports c only", `${rel}/d.ts`, `import { c } from "./c";\nexport const d = c;\n`, CYCLE, false);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

// Literal text in JSX: refused in converted code (text, aria-label, placeholder, a component's title), allowed when it
// goes through the catalogue, and not looked at in a folder still listed as pending.
const LITERAL = "formatjs/no-literal-string-in-jsx";
const jsx = (body) => `export function X({ t }: { t: (id: string) => string }) {\n  return ${body};\n}\n`;
await expectRules("text in a converted folder", "src/components/x.tsx", jsx("<p>Save changes</p>"), LITERAL, true);
await expectRules("aria-label in a converted folder", "src/components/x.tsx", jsx('<button aria-label="Close" />'), LITERAL, true);
await expectRules("placeholder of a component", "src/app/x.tsx", jsx('<Input placeholder="Search" />'), LITERAL, true);
await expectRules("title of a component", "src/components/x.tsx", jsx('<Card title={"Budget"} />'), LITERAL, true);
await expectRules("a message from the catalogue", "src/components/x.tsx", jsx('<p aria-label={t("a.b")}>{t("a.c")}</p>'), LITERAL, false);
await expectRules("symbols only", "src/components/x.tsx", jsx("<p> </p>"), LITERAL, false);
await expectRules("a new page folder is checked", "src/pages/brand-new/x.tsx", jsx("<p>Hello</p>"), LITERAL, true);
// (Only while a folder is pending: with none left, every folder is checked, as the case above shows.)
if (NOT_YET_TRANSLATED.length) {
  await expectRules(`text in a pending folder (${NOT_YET_TRANSLATED[0]})`, `${NOT_YET_TRANSLATED[0]}/x.tsx`, jsx("<p>Hello</p>"), LITERAL, false);
}

// The pending list only shrinks: each entry exists and still has literal text (with the rule switched on for it).
const strict = new ESLint({
  cwd: web,
  overrideConfigFile: join(web, "eslint.config.js"),
  overrideConfig: { files: ["src/**/*.tsx"], plugins: { formatjs }, rules: { [LITERAL]: "error" } },
});
for (const path of NOT_YET_TRANSLATED) {
  const full = join(web, path);
  let literals = 0;
  if (existsSync(full)) {
    const results = await strict.lintFiles([path.endsWith(".tsx") ? full : join(full, "**/*.tsx")]);
    literals = results.reduce((n, r) => n + r.messages.filter((m) => m.ruleId === LITERAL).length, 0);
  }
  const ok = literals > 0;
  if (!ok) failures++;
  console.log(`${ok ? "ok  " : "FAIL"} ${path} is still pending (${literals} literal strings)${ok ? "" : ": take it off scripts/i18n-pending.mjs"}`);
}

// The catalogue check, on fixtures: each problem is reported, and a consistent set passes.
const fixture = (en, fr, code) =>
  checkMessages({ catalogues: { "en-CA": { demo: en }, "fr-CA": { demo: fr } }, sources: [{ path: "web/src/x.tsx", text: code }] });
function expectCheck(name, problems, pattern) {
  const ok = pattern ? problems.some((p) => pattern.test(p)) : problems.length === 0;
  if (!ok) failures++;
  console.log(`${ok ? "ok  " : "FAIL"} catalogue check: ${name} (got: ${problems.join("; ") || "nothing"})`);
}
const EN = { "demo.save": "Save", "demo.years": "{count, plural, one {# year} other {# years}}" };
const FR = { "demo.save": "Enregistrer", "demo.years": "{count, plural, one {# an} other {# ans}}" };
const USES = 't("demo.save"); t(ok ? "demo.years" : "demo.save");';
expectCheck("agreeing catalogues and code pass", fixture(EN, FR, USES), null);
expectCheck("an id missing in French", fixture(EN, { "demo.save": "Enregistrer" }, USES), /fr-CA\/demo\.json: demo\.years is missing/);
expectCheck("a French key English lacks", fixture(EN, { ...FR, "demo.extra": "De trop" }, USES), /demo\.extra is not in en-CA/);
expectCheck("a key no code uses", fixture(EN, FR, 't("demo.save");'), /demo\.years is used by no code/);
expectCheck("an id used but in no catalogue", fixture(EN, FR, `${USES} <Message id="demo.gone" />`), /demo\.gone is not in the en-CA catalogue/);
expectCheck("a translation losing an argument", fixture(EN, { ...FR, "demo.years": "Des années" }, USES), /demo\.years has arguments/);
expectCheck("a broken ICU message", fixture({ ...EN, "demo.save": "Save {" }, FR, USES), /not a valid ICU message/);
expectCheck("an id built at run time", fixture(EN, FR, `${USES} t(\`demo.\${kind}\`);`), /built at run time/);

if (failures) {
  console.error(`lint rules: ${failures} check(s) failed`);
  process.exit(1);
}
console.log("lint rules: all checks passed");
