/** The look every recharts chart shares: axes in the muted text colour, tooltips on the popover colours (so both
 * themes read), and a muted band under the pointer on bar charts. */
export const AXIS = { stroke: "var(--muted-foreground)", fontSize: 12, tickLine: false } as const;
export const TOOLTIP = {
  contentStyle: { background: "var(--popover)", color: "var(--popover-foreground)", border: "1px solid var(--border)", borderRadius: 8 },
  labelStyle: { color: "var(--popover-foreground)" },
} as const;
export const BAR_TOOLTIP = { ...TOOLTIP, cursor: { fill: "var(--muted)" } } as const;
