/** The keyboard shortcut list ("?", or More → Keyboard shortcuts): every "g" sequence, and the switch that turns
 * them all off (and on again; the list stays reachable from the More menu while they are off). */
import { setShortcutsEnabled, useShortcutsEnabled } from "@/app/use-keyboard-shortcuts";
import { SHORTCUT_SCREENS } from "@/components/layout/nav-links";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { useT } from "@/lib/i18n";

const KBD = "rounded border bg-muted px-1.5 py-0.5 font-mono text-xs";

function Keys({ keys }: { keys: string[] }) {
  const t = useT();
  return (
    <span className="flex items-center gap-1 whitespace-nowrap">
      {keys.map((k, i) => (
        <span key={k + i} className="flex items-center gap-1">
          {i > 0 && <span className="text-xs text-muted-foreground">{t("shell.shortcutsDialog.then")}</span>}
          <kbd className={KBD}>{k}</kbd>
        </span>
      ))}
    </span>
  );
}

export default function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const t = useT();
  const enabled = useShortcutsEnabled();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="shortcuts-dialog">
        <DialogHeader>
          <DialogTitle>{t("shell.shortcutsDialog.keyboardShortcuts")}</DialogTitle>
          <DialogDescription>
            {t("shell.shortcutsDialog.pressGThenA")}
          </DialogDescription>
        </DialogHeader>
        <div className="flex items-center justify-between gap-4 rounded-md border p-3">
          <div className="flex flex-col gap-1">
            <Label htmlFor="shortcuts-switch">{t("shell.shortcutsDialog.keyboardShortcuts")}</Label>
            <p id="shortcuts-switch-hint" className="text-xs text-muted-foreground">
              {t("shell.shortcutsDialog.turnThemOffIf")}
            </p>
          </div>
          <Switch
            id="shortcuts-switch"
            checked={enabled}
            onCheckedChange={setShortcutsEnabled}
            aria-describedby="shortcuts-switch-hint"
            data-testid="shortcuts-switch"
          />
        </div>
        <table className={enabled ? "w-full text-sm" : "w-full text-sm opacity-60"} data-testid="shortcuts-table">
          <caption className="sr-only">{t("shell.shortcutsDialog.shortcuts")}{enabled ? "" : t("shell.shortcutsDialog.turnedOff")}</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">{t("shell.shortcutsDialog.keys")}</th>
              <th scope="col">{t("shell.shortcutsDialog.goesTo")}</th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUT_SCREENS.map((s) => (
              <tr key={s.key} className="border-b last:border-0">
                <td className="py-1.5 pr-4"><Keys keys={["g", s.key]} /></td>
                <td className="py-1.5">{t(s.label)}</td>
              </tr>
            ))}
            <tr>
              <td className="py-1.5 pr-4"><Keys keys={["?"]} /></td>
              <td className="py-1.5">{t("shell.shortcutsDialog.thisList")}</td>
            </tr>
          </tbody>
        </table>
      </DialogContent>
    </Dialog>
  );
}
