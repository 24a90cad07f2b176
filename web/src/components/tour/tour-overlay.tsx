/** The tour's card and highlight. The target is searched every 300 ms up to 30 times, then the card falls back
 * to the centre; a sub-tab step clicks its tab after 1 s. The card is a modal dialog: focus stays inside it,
 * Escape skips the tour, and each step is announced. */
import { X } from "lucide-react";
import { Dialog as Primitive } from "radix-ui";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { TourStep } from "@/api/tour";
import { announce } from "@/app/accessibility-provider";
import { controlsFor } from "@/components/tour/tour-machine";
import {
  type Box,
  cardWidth,
  clickTab,
  findTab,
  findTarget,
  isCentred,
  placeCard,
  type Placement,
  SEARCH_ATTEMPTS,
  TAB_CLICK_DELAY_MS,
} from "@/components/tour/tour-layout";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";

export interface TourOverlayProps {
  step: TourStep;
  index: number;
  total: number;
  onNext: () => void;
  onPrevious: () => void;
  onStop: () => void;
}

type Search = { status: "centred" } | { status: "searching" } | { status: "found"; element: Element } | { status: "fallback" };

function boxOf(element: Element): Box {
  const r = element.getBoundingClientRect();
  return { top: r.top, left: r.left, width: r.width, height: r.height };
}

export default function TourOverlay({ step, index, total, onNext, onPrevious, onStop }: TourOverlayProps) {
  const t = useT();
  const { pathname } = useLocation();
  const [search, setSearch] = useState<Search>({ status: "searching" });
  const [box, setBox] = useState<Box | null>(null);
  const [viewport, setViewport] = useState({ width: window.innerWidth, height: window.innerHeight });
  const [cardHeight, setCardHeight] = useState(220);
  const cardRef = useRef<HTMLDivElement>(null);
  const position = step.position as Placement;
  const { nextLabel, previousDisabled } = controlsFor(index, total);

  // Find the step's target (again after each navigation: the page may have just arrived).
  useEffect(() => {
    if (isCentred(step.target, position)) {
      setSearch({ status: "centred" });
      return;
    }
    setSearch({ status: "searching" });
    const controller = new AbortController();
    void findTarget(step.target, { attempts: step.waitForElement ? SEARCH_ATTEMPTS : 1, signal: controller.signal }).then(
      (element) => {
        if (controller.signal.aborted) return;
        if (element) {
          // jsdom and some embedded browsers lack scrollIntoView.
          if (typeof element.scrollIntoView === "function") element.scrollIntoView({ block: "center", inline: "nearest" });
          setSearch({ status: "found", element });
        } else {
          setSearch({ status: "fallback" });
        }
      },
    );
    return () => controller.abort();
  }, [step.target, step.waitForElement, position, pathname]);

  // Sub-tab steps select their tab after a second, once the page has settled.
  useEffect(() => {
    if (!step.tab) return;
    const tab = step.tab;
    const timer = window.setTimeout(() => {
      let target: Element | null = null;
      try {
        target = document.querySelector(step.target);
      } catch {
        target = null;
      }
      const trigger = findTab(target, tab);
      if (trigger) clickTab(trigger);
    }, TAB_CLICK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [step.id, step.tab, step.target, pathname]);

  // Keep the highlight on the target while the page scrolls or resizes.
  useEffect(() => {
    const measure = () => {
      setViewport({ width: window.innerWidth, height: window.innerHeight });
      setBox(search.status === "found" && search.element.isConnected ? boxOf(search.element) : null);
    };
    measure();
    window.addEventListener("resize", measure);
    window.addEventListener("scroll", measure, true);
    return () => {
      window.removeEventListener("resize", measure);
      window.removeEventListener("scroll", measure, true);
    };
  }, [search]);

  // Measured after every render on purpose (the card's text changes with each step); setting the same height again
  // renders nothing more.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    if (cardRef.current) setCardHeight(cardRef.current.offsetHeight);
  });

  useEffect(() => {
    announce(t("components.tour.announce", { step: index + 1, total, title: step.title }));
  }, [index, total, step.title, t]);

  const width = cardWidth(viewport.width);
  const spot = placeCard(box, position, { width, height: cardHeight }, viewport);
  const fallback = search.status === "fallback";

  return (
    <Primitive.Root open onOpenChange={(open) => !open && onStop()}>
      <Primitive.Portal>
        {box ? (
          <div
            aria-hidden="true"
            data-testid="tour-highlight"
            className="pointer-events-none fixed z-[60] rounded-md ring-2 ring-primary transition-all motion-reduce:transition-none"
            style={{
              top: box.top - 4,
              left: box.left - 4,
              width: box.width + 8,
              height: box.height + 8,
              boxShadow: "0 0 0 9999px rgb(0 0 0 / 0.45)",
            }}
          />
        ) : (
          <Primitive.Overlay className="fixed inset-0 z-[60] bg-black/45" />
        )}
        <Primitive.Content
          ref={cardRef}
          data-testid="tour-card"
          data-step={step.id}
          data-fallback={fallback ? "true" : "false"}
          data-search={search.status}
          className="fixed z-[61] flex flex-col gap-3 rounded-xl border bg-background p-5 shadow-xl outline-none"
          style={{ top: spot.top, left: spot.left, width }}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <div className="flex items-start gap-2">
            <Primitive.Title className="flex-1 text-base font-semibold">{step.title}</Primitive.Title>
            <Primitive.Close className="rounded-sm opacity-70 hover:opacity-100" aria-label={t("components.tourOverlay.closeTour")}>
              <X className="size-4" aria-hidden="true" />
            </Primitive.Close>
          </div>
          <Primitive.Description className="text-sm text-muted-foreground">{step.content}</Primitive.Description>
          <p className="text-xs text-muted-foreground" data-testid="tour-progress">
            {t("components.tourOverlay.progress", { step: index + 1, total })}
          </p>
          <div className="flex items-center gap-2">
            {step.skipable && nextLabel !== "Finish" && (
              <Button variant="ghost" size="sm" onClick={onStop}>
                {t("components.tourOverlay.skipTour")}
              </Button>
            )}
            <Button className="ml-auto" variant="outline" size="sm" onClick={onPrevious} disabled={previousDisabled}>
              {t("components.tourOverlay.previous")}
            </Button>
            <Button size="sm" onClick={onNext}>
              {nextLabel === "Finish" ? t("components.tour.finish") : t("components.tour.next")}
            </Button>
          </div>
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}
