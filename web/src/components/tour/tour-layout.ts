/** Where the tour looks for its target and where its card goes (spec section 9: card width 360, 16 px screen
 * margin, element search 30 attempts at 300 ms, tab click delay 1000 ms). DOM helpers with no React. */

export const CARD_WIDTH = 360;
export const SCREEN_MARGIN = 16;
export const SEARCH_ATTEMPTS = 30;
export const SEARCH_INTERVAL_MS = 300;
export const TAB_CLICK_DELAY_MS = 1000;
/** Space between the highlighted element and the card. */
export const GAP = 12;

export type Placement = "top" | "bottom" | "left" | "right" | "center";

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** "body" (or a step that does not wait) means a centred card with no highlight. */
export function isCentred(target: string, position: Placement): boolean {
  return target === "body" || position === "center";
}

/**
 * Look for `selector` now and then every `interval` ms, `attempts` times in all. Resolves with the element,
 * or null once the attempts run out (the caller then shows the centred fallback). `signal` cancels the search.
 */
export function findTarget(
  selector: string,
  { attempts = SEARCH_ATTEMPTS, interval = SEARCH_INTERVAL_MS, signal, root = document }:
  { attempts?: number; interval?: number; signal?: AbortSignal; root?: ParentNode } = {},
): Promise<Element | null> {
  return new Promise((resolve) => {
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      clearTimeout(timer);
      resolve(null);
    };
    signal?.addEventListener("abort", stop, { once: true });
    const attempt = () => {
      if (signal?.aborted) return;
      tries += 1;
      let found: Element | null = null;
      try {
        found = root.querySelector(selector);
      } catch {
        found = null; // an invalid selector never matches
      }
      if (found) {
        signal?.removeEventListener("abort", stop);
        resolve(found);
      } else if (tries >= attempts) {
        signal?.removeEventListener("abort", stop);
        resolve(null);
      } else {
        timer = setTimeout(attempt, interval);
      }
    };
    attempt();
  });
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));

/** The card's width on a screen `viewportWidth` wide: 360, narrower only when the margins demand it. */
export const cardWidth = (viewportWidth: number) => Math.min(CARD_WIDTH, viewportWidth - 2 * SCREEN_MARGIN);

/**
 * The card's top-left corner next to `target` on the side `position`, kept 16 px inside the screen.
 * With no target (fallback or a centred step) the card is centred.
 */
export function placeCard(
  target: Box | null,
  position: Placement,
  card: { width: number; height: number },
  viewport: { width: number; height: number },
): { top: number; left: number } {
  const maxLeft = viewport.width - SCREEN_MARGIN - card.width;
  const maxTop = viewport.height - SCREEN_MARGIN - card.height;
  if (!target || position === "center") {
    return {
      top: clamp((viewport.height - card.height) / 2, SCREEN_MARGIN, maxTop),
      left: clamp((viewport.width - card.width) / 2, SCREEN_MARGIN, maxLeft),
    };
  }
  const centreX = target.left + target.width / 2 - card.width / 2;
  const centreY = target.top + target.height / 2 - card.height / 2;
  let top: number;
  let left: number;
  switch (position) {
    case "top":
      top = target.top - GAP - card.height;
      left = centreX;
      // No room above: go below instead.
      if (top < SCREEN_MARGIN) top = target.top + target.height + GAP;
      break;
    case "bottom":
      top = target.top + target.height + GAP;
      left = centreX;
      if (top > maxTop) top = target.top - GAP - card.height;
      break;
    case "left":
      left = target.left - GAP - card.width;
      top = centreY;
      if (left < SCREEN_MARGIN) left = target.left + target.width + GAP;
      break;
    case "right":
      left = target.left + target.width + GAP;
      top = centreY;
      if (left > maxLeft) left = target.left - GAP - card.width;
      break;
  }
  return { top: clamp(top, SCREEN_MARGIN, maxTop), left: clamp(left, SCREEN_MARGIN, maxLeft) };
}

/**
 * The tab a sub-tab step selects: the target itself when it is a tab, else a tab marked data-tour-tab="<tab>",
 * else a Radix tab trigger whose value is `tab` (Radix ids end in "-trigger-<value>").
 */
export function findTab(target: Element | null, tab: string, root: ParentNode = document): HTMLElement | null {
  if (target instanceof HTMLElement && target.getAttribute("role") === "tab") return target;
  const escaped = CSS.escape(tab);
  return (
    root.querySelector<HTMLElement>(`[role="tab"][data-tour-tab="${escaped}"]`) ??
    root.querySelector<HTMLElement>(`[role="tab"][id$="-trigger-${escaped}"]`)
  );
}

/** Select a tab the way a person does: Radix tabs switch on mouse down, plain buttons on click. */
export function clickTab(tab: HTMLElement): void {
  if (tab.getAttribute("aria-selected") === "true") return;
  // Radix triggers have no click handler and plain buttons no mouse-down one, so both events are safe.
  tab.dispatchEvent(new MouseEvent("mousedown", { bubbles: true, cancelable: true, button: 0 }));
  tab.click();
}
