/** A/B tests of spec section 9, assigned by a hash of a random visitor id kept in browser storage.
 * Assignments are saved and only logged to the console (no experiment service). */
import { local, randomId } from "@/lib/storage";

export interface AbTest {
  name: string;
  enabled: boolean;
  variants: { name: string; weight: number }[];
}

export const AB_TESTS: AbTest[] = [
  { name: "dashboard-layout", enabled: true, variants: [{ name: "original", weight: 50 }, { name: "enhanced", weight: 50 }] },
  { name: "onboarding-flow", enabled: true, variants: [{ name: "standard", weight: 60 }, { name: "guided", weight: 40 }] },
  { name: "calculator-interface", enabled: false, variants: [{ name: "minimal", weight: 50 }, { name: "detailed", weight: 50 }] },
];

export const VISITOR_ID_KEY = "fire-path-visitor-id";
const ASSIGNMENT_PREFIX = "fire-path-ab-";

export function visitorId(): string {
  let id = local.get(VISITOR_ID_KEY);
  if (!id) {
    id = randomId();
    local.set(VISITOR_ID_KEY, id);
  }
  return id;
}

/** FNV-1a 32-bit: stable across browsers, good enough to spread visitors over buckets. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The variant for `visitor` in `test`: its hash bucket (0-99) against the cumulative weights. */
export function pickVariant(test: AbTest, visitor: string): string {
  if (!test.enabled) return test.variants[0].name;
  const bucket = hashString(`${test.name}:${visitor}`) % 100;
  let edge = 0;
  for (const v of test.variants) {
    edge += v.weight;
    if (bucket < edge) return v.name;
  }
  return test.variants[test.variants.length - 1].name;
}

export function getVariant(testName: string): string | null {
  const test = AB_TESTS.find((t) => t.name === testName);
  if (!test) return null;
  const key = ASSIGNMENT_PREFIX + testName;
  const saved = local.get(key);
  if (saved && test.enabled && test.variants.some((v) => v.name === saved)) return saved;
  const variant = pickVariant(test, visitorId());
  if (test.enabled) {
    local.set(key, variant);
    console.info(`[ab-test] ${testName}: ${variant}`);
  }
  return variant;
}
