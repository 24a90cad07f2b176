/** The Help Center's state (spec section 4 "Help panel"): visible or hidden, with an optional active topic.
 * showHelp opens it and may set the topic; hideHelp closes it and clears the topic. The panel itself loads
 * only when first opened. */
import { lazy, type ReactNode, Suspense, useMemo, useState } from "react";
import { HelpContext, type HelpContextValue } from "@/components/help/help-context";

const HelpPanel = lazy(() => import("@/components/help/help-panel"));

export function HelpProvider({ children }: { children: ReactNode }) {
  const [isVisible, setVisible] = useState(false);
  const [activeTopic, setActiveTopic] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);

  const value = useMemo<HelpContextValue>(
    () => ({
      isVisible,
      activeTopic,
      showHelp: (topicId?: string) => {
        setLoaded(true);
        setVisible(true);
        if (topicId !== undefined) setActiveTopic(topicId);
      },
      hideHelp: () => {
        setVisible(false);
        setActiveTopic(null);
      },
      setActiveTopic,
    }),
    [isVisible, activeTopic],
  );

  return (
    <HelpContext.Provider value={value}>
      {children}
      {loaded && (
        <Suspense fallback={null}>
          <HelpPanel />
        </Suspense>
      )}
    </HelpContext.Provider>
  );
}
