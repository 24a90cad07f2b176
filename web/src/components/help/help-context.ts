/** The Help Center's context and its hook, apart from the provider: the lazily loaded panel reads it, and the
 * provider loads the panel, so the two would otherwise import each other. */
import { createContext, useContext } from "react";

export interface HelpContextValue {
  isVisible: boolean;
  activeTopic: string | null;
  showHelp: (topicId?: string) => void;
  hideHelp: () => void;
  setActiveTopic: (topicId: string | null) => void;
}

export const HelpContext = createContext<HelpContextValue | null>(null);

export function useHelp(): HelpContextValue {
  const value = useContext(HelpContext);
  if (!value) throw new Error("useHelp must be used within HelpProvider");
  return value;
}
