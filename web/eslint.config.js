// ESLint for the web client: only rules about how the code is laid out, plus React's rules of hooks.
//  - a page folder (src/pages/<feature>/) imports nothing from another page folder: what two features share lives in
//    src/components (widgets), src/lib (models and helpers), src/api (queries) or src/test (fixtures and harnesses);
//  - src/components, src/lib, src/api and src/test import nothing from src/pages;
//  - no import cycles.
// The route tables that load every page (src/app/routes.tsx, planning-pages.ts, settings-pages.tsx) live in src/app,
// the one place allowed to import pages. The zones are built from the folders under src/pages, so a new page folder
// is covered without editing this file. Plus one rule about words: no literal user-facing text in JSX (text, and the
// aria-label, title, placeholder, alt, label and description attributes) outside the folders listed in
// scripts/i18n-pending.mjs; it goes through the message catalogue (packages/shared/src/i18n). scripts/lint-rules.test.mjs
// proves the rules fire.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import formatjs from "eslint-plugin-formatjs";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { NOT_YET_TRANSLATED } from "./scripts/i18n-pending.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, "src");
const features = readdirSync(join(src, "pages"), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

const pageZones = features.map((feature) => ({
  target: `./src/pages/${feature}`,
  from: "./src/pages",
  except: [`./${feature}`],
  message: `src/pages/${feature} may not import another page folder: move what is shared to src/components, src/lib or src/test.`,
}));
const sharedZone = {
  target: ["./src/components", "./src/lib", "./src/api", "./src/test"],
  from: "./src/pages",
  message: "Shared code may not import from src/pages.",
};

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**"] },
  {
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { ecmaVersion: "latest", sourceType: "module", ecmaFeatures: { jsx: true } },
    },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: {
      // Which files the import rules parse to follow imports (the default is JavaScript only: no cycle through a
      // .ts file would be seen).
      "import-x/extensions": [".ts", ".tsx", ".js", ".jsx"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      // The `@/` alias (tsconfig.json paths, vite.config.ts): without this resolver the import rules see no file
      // behind "@/pages/..." and stay silent.
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: join(here, "tsconfig.json") })],
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": ["error", { basePath: here, zones: [...pageZones, sharedZone] }],
      "react-hooks/rules-of-hooks": "error",
      // The code already marks its deliberate exceptions with eslint-disable comments for this rule.
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["src/**/*.tsx"],
    ignores: ["src/**/*.test.tsx", "src/test/**", ...NOT_YET_TRANSLATED.map((p) => (p.endsWith(".tsx") ? p : `${p}/**`))],
    plugins: { formatjs },
    rules: {
      // Beyond the plugin's defaults (aria-label and its kin on every element, placeholder and title on HTML ones,
      // img alt): the props our components show as text.
      "formatjs/no-literal-string-in-jsx": [
        "error",
        { props: { include: [["*", "{alt,placeholder,title,label,description,submitLabel,message,emptyText,hint,what}"]] } },
      ],
    },
  },
);
