/** "Your data": download everything saved (JSON, or CSV files in a zip), and import a JSON export into this account
 * while it is empty (moving from another account). */
import { useRef, useState } from "react";
import { ApiError } from "@firepath/shared/api";
import { type ExportFormat, fetchExport, type ImportResult, saveFile, useImportData } from "@/api/export";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { Translate } from "@firepath/shared/i18n/messages";
import { useT } from "@/lib/i18n";

const messageOf = (error: unknown, t: Translate) => (error instanceof Error ? error.message : t("settings.yourData.failed"));

export function YourDataCard() {
  const t = useT();
  const [downloading, setDownloading] = useState<ExportFormat | null>(null);
  const [downloadStatus, setDownloadStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const importer = useImportData();

  const download = async (format: ExportFormat) => {
    setDownloading(format);
    setDownloadStatus(null);
    try {
      const file = await fetchExport(format);
      saveFile(file);
      setDownloadStatus({ ok: true, text: t("settings.yourDataCard.downloaded", { filename: file.filename }) });
    } catch (error) {
      setDownloadStatus({ ok: false, text: messageOf(error, t) });
    } finally {
      setDownloading(null);
    }
  };

  const runImport = async () => {
    if (!file) return;
    setImportError(null);
    setResult(null);
    let body: unknown;
    try {
      body = JSON.parse(await file.text());
    } catch {
      setConfirming(false);
      setImportError(t("settings.yourDataCard.isNotAJson", { name: file.name }));
      return;
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      setConfirming(false);
      setImportError(t("settings.yourDataCard.isNotAFire", { name: file.name }));
      return;
    }
    try {
      setResult(await importer.mutateAsync(body as Record<string, unknown>));
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
    } catch (error) {
      setImportError(error instanceof ApiError || error instanceof Error ? error.message : messageOf(error, t));
    } finally {
      setConfirming(false);
    }
  };

  const restoredCount = result ? Object.values(result.restored).reduce((sum, n) => sum + n, 0) : 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("settings.yourDataCard.yourData")}</CardTitle>
        <CardDescription>
          {t("settings.yourDataCard.yourDataIsYours")}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <section aria-labelledby="your-data-download" className="flex flex-col gap-3">
          <h3 id="your-data-download" className="font-medium">{t("settings.yourDataCard.download")}</h3>
          <p className="text-sm text-muted-foreground">
            {t("settings.yourDataCard.jsonIsOneFile")}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => download("json")} disabled={downloading !== null}>
              {downloading === "json" ? t("settings.yourDataCard.preparing") : t("settings.yourDataCard.downloadJson")}
            </Button>
            <Button variant="outline" onClick={() => download("csv")} disabled={downloading !== null}>
              {downloading === "csv" ? t("settings.yourDataCard.preparing") : t("settings.yourDataCard.downloadCsvZip")}
            </Button>
          </div>
          <p role="status" className={downloadStatus && !downloadStatus.ok ? "text-sm text-destructive" : "text-sm text-muted-foreground"}>
            {downloadStatus?.text ?? ""}
          </p>
        </section>

        <section aria-labelledby="your-data-import" className="flex flex-col gap-3">
          <h3 id="your-data-import" className="font-medium">{t("settings.yourDataCard.importFromAFile")}</h3>
          <p className="text-sm text-muted-foreground">
            {t("settings.yourDataCard.movingAccountsImportA")}
          </p>
          <div className="flex flex-col gap-2">
            <Label htmlFor="your-data-file">{t("settings.yourDataCard.exportFileJson")}</Label>
            <Input
              id="your-data-file"
              ref={fileInput}
              type="file"
              accept="application/json,.json"
              className="h-auto py-1.5"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setResult(null);
                setImportError(null);
              }}
            />
          </div>
          <div>
            <Button variant="outline" disabled={!file || importer.isPending} onClick={() => setConfirming(true)}>
              {t("settings.yourDataCard.importThisFile")}
            </Button>
          </div>
          <div role="status" className="text-sm">
            {result && (
              <p className="text-success">
                {result.message} {restoredCount > 0 && t("settings.yourDataCard.yourPagesNowShow")}
              </p>
            )}
          </div>
          {importError && <p role="alert" className="text-sm text-destructive">{importError}</p>}
        </section>
      </CardContent>
      <Dialog open={confirming} onOpenChange={(open) => !importer.isPending && setConfirming(open)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("settings.yourDataCard.importName", { name: file?.name ?? t("settings.yourDataCard.thisFile") })}</DialogTitle>
            <DialogDescription>
              {t("settings.yourDataCard.everythingSavedInThe")}
            </DialogDescription>
          </DialogHeader>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={importer.isPending}>{t("settings.yourDataCard.cancel")}</Button>
            <Button onClick={runImport} disabled={importer.isPending}>
              {importer.isPending ? t("settings.yourDataCard.importing") : t("settings.yourDataCard.import")}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
