import { describe, expect, it } from "vitest";
import { PLANNING_PAGES } from "@/app/planning-pages";
import { HEADER_LINKS, MOBILE_LINKS, NAV_GROUPS, SHORTCUT_SCREENS } from "@/components/layout/nav-links";

/** Second addresses of a screen in the menus (spec section 2 keeps both), and the article pages under Resources. */
const ALIASES: Record<string, string> = {
  "/ai-chatbot": "/fi-coach",
  "/ai-chat": "/fi-coach",
  "/educational-resources": "/resources",
  "/financial-strategies": "/strategies",
  "/tax-advice": "/tax",
  "/resources/:articleId": "/resources",
  "/educational-resources/:articleId": "/resources",
};

const inMenus = NAV_GROUPS.flatMap((g) => g.screens.map((s) => s.to));

describe("navigation covers every screen", () => {
  it("puts every planning page in the More menu's groups, or names the screen it is another address of", () => {
    for (const { path } of PLANNING_PAGES) {
      expect(inMenus, path).toContain(ALIASES[path] ?? path);
    }
    expect(new Set(inMenus).size).toBe(inMenus.length);
  });

  it("keeps the phone bar to four screens (and More), all of them in the groups", () => {
    expect(MOBILE_LINKS).toHaveLength(4);
    for (const { to } of [...MOBILE_LINKS, ...HEADER_LINKS]) expect(inMenus).toContain(to);
  });

  it("gives every screen in the menus its own shortcut letter", () => {
    const keys = SHORTCUT_SCREENS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const to of inMenus) expect(SHORTCUT_SCREENS.map((s) => s.to)).toContain(to);
  });
});
