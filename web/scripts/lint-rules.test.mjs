// Proves the layout rules of eslint.config.js fire (run by `npm run lint` after ESLint itself): a rule removed, a zone
// missing for a page folder or the `@/` alias left unresolved (the rules then see no file and stay silent) fails here.
// Lints code strings as if they sat at the given paths, plus a two-file import cycle written to a temporary folder
// under src/lib and removed again. Usage: node scripts/lint-rules.test.mjs (from web/ or anywhere).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";

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

if (failures) {
  console.error(`lint rules: ${failures} check(s) failed`);
  process.exit(1);
}
console.log("lint rules: all checks passed");
