/** Keeps the coach's message box above a phone's on-screen keyboard.
 *
 * Where the browser honours `interactive-widget=resizes-content` (index.html), the keyboard shrinks the layout
 * viewport and the sticky composer stays above the bottom navigation by CSS alone. Where it does not (iOS Safari),
 * the keyboard only shrinks the visual viewport and covers the bottom of the page: the hook measures that cover
 * with the VisualViewport API and publishes it as `--coach-keyboard` on the composer, which the composer's sticky
 * offset takes into account. Either way, when the viewport shrinks while the box has focus, the page scrolls so the
 * end of the chat area, and so the box, sits just above the navigation or the keyboard. */
import { type RefObject, useEffect } from "react";

type Viewport = Pick<VisualViewport, "height" | "offsetTop">;

/** Pixels of the layout viewport hidden below the visual viewport (the keyboard), 0 when nothing is hidden. */
export function keyboardInset(layoutHeight: number, viewport: Viewport | null | undefined): number {
  if (!viewport) return 0;
  const hidden = layoutHeight - viewport.height - viewport.offsetTop;
  return hidden > 1 ? Math.round(hidden) : 0;
}

export function useKeyboardInset(composer: RefObject<HTMLElement | null>, input: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const viewport = window.visualViewport;
    let frame = 0;
    let lastHeight = viewport?.height ?? window.innerHeight;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const inset = keyboardInset(window.innerHeight, viewport);
        composer.current?.style.setProperty("--coach-keyboard", `${inset}px`);
        const height = viewport?.height ?? window.innerHeight;
        const shrank = height < lastHeight;
        lastHeight = height;
        const form = composer.current;
        const area = form?.parentElement;
        if (shrank && form && area && input.current && document.activeElement === input.current) {
          // Sticky only holds the box within its chat area: bring the area's end just above what covers the page.
          const offset = Number.parseFloat(getComputedStyle(form).bottom) || 0;
          const below = area.getBoundingClientRect().bottom - (window.innerHeight - offset);
          if (below > 0) window.scrollBy({ top: below, behavior: "instant" });
        }
      });
    };
    update();
    viewport?.addEventListener("resize", update);
    viewport?.addEventListener("scroll", update);
    window.addEventListener("resize", update);
    return () => {
      cancelAnimationFrame(frame);
      viewport?.removeEventListener("resize", update);
      viewport?.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [composer, input]);
}
