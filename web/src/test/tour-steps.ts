/** The real tour (knowledge/content/tour.yaml, which the API serves) read for tests: the fields the client uses. */
import type { TourStep } from "@/api/tour";
import source from "../../../knowledge/content/tour.yaml?raw";

function scalar(raw: string): string | boolean | null {
  const v = raw.trim();
  if (v === "null") return null;
  if (v === "true" || v === "false") return v === "true";
  if ((v.startsWith("'") && v.endsWith("'")) || (v.startsWith('"') && v.endsWith('"'))) return v.slice(1, -1).replace(/''/g, "'");
  return v;
}

/** A reader for this file's shape only: "- id:" starts a step, two-space keys follow, long values wrap. */
export function readTourYaml(text: string = source): TourStep[] {
  const steps: Record<string, unknown>[] = [];
  let current: Record<string, unknown> | null = null;
  let lastKey = "";
  for (const line of text.split("\n")) {
    if (line.startsWith("#") || !line.trim()) continue;
    const start = /^- (\w+): (.*)$/.exec(line);
    const field = /^ {2}(\w+): ?(.*)$/.exec(line);
    if (start) {
      current = { [start[1]]: scalar(start[2]) };
      steps.push(current);
      lastKey = start[1];
    } else if (field && current) {
      current[field[1]] = scalar(field[2]);
      lastKey = field[1];
    } else if (current && /^ {4}/.test(line)) {
      current[lastKey] = `${String(current[lastKey])} ${line.trim()}`;
    }
  }
  return steps as unknown as TourStep[];
}

export const TOUR_STEPS: TourStep[] = readTourYaml();
