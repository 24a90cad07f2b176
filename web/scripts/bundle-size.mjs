#!/usr/bin/env node
// Print the gzipped size of the JavaScript the first page load fetches (the entry script and its
// modulepreloads in dist/index.html) and fail the build when it reaches the budget.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 250;
const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const html = readFileSync(join(dist, "index.html"), "utf8");
const files = new Set();
for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(m[1]);
let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file.replace(/^\//, "")))).length;
  total += size;
  console.log(`  ${file}  ${(size / 1024).toFixed(1)} KB gzipped`);
}
const kb = total / 1024;
console.log(`first-load JS: ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (kb >= BUDGET_KB) {
  console.error(`first-load JavaScript is over the ${BUDGET_KB} KB budget: split more routes`);
  process.exit(1);
}
