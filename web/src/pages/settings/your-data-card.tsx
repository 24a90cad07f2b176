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

const messageOf = (error: unknown) => (error instanceof Error ? error.message : "Something went wrong. Please try again.");

export function YourDataCard() {
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
      setDownloadStatus({ ok: true, text: `Downloaded ${file.filename}.` });
    } catch (error) {
      setDownloadStatus({ ok: false, text: messageOf(error) });
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
      setImportError(`${file.name} is not a JSON file. Choose the .json file that "Download JSON" saved.`);
      return;
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      setConfirming(false);
      setImportError(`${file.name} is not a FIRE Path export. Choose the .json file that "Download JSON" saved.`);
      return;
    }
    try {
      setResult(await importer.mutateAsync(body as Record<string, unknown>));
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
    } catch (error) {
      setImportError(error instanceof ApiError || error instanceof Error ? error.message : messageOf(error));
    } finally {
      setConfirming(false);
    }
  };

  const restoredCount = result ? Object.values(result.restored).reduce((sum, n) => sum + n, 0) : 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Your data</CardTitle>
        <CardDescription>
          Your data is yours. Download everything you saved: profile, household, income, expenses, savings, budget, accounts,
          properties, credit, goals, future plans, preferences, scenarios, net-worth history and coach conversations.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <section aria-labelledby="your-data-download" className="flex flex-col gap-3">
          <h3 id="your-data-download" className="font-medium">Download</h3>
          <p className="text-sm text-muted-foreground">
            JSON is one file you can import into another FIRE Path account. CSV gives one spreadsheet per section, in a zip.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => download("json")} disabled={downloading !== null}>
              {downloading === "json" ? "Preparing…" : "Download JSON"}
            </Button>
            <Button variant="outline" onClick={() => download("csv")} disabled={downloading !== null}>
              {downloading === "csv" ? "Preparing…" : "Download CSV (zip)"}
            </Button>
          </div>
          <p role="status" className={downloadStatus && !downloadStatus.ok ? "text-sm text-destructive" : "text-sm text-muted-foreground"}>
            {downloadStatus?.text ?? ""}
          </p>
        </section>

        <section aria-labelledby="your-data-import" className="flex flex-col gap-3">
          <h3 id="your-data-import" className="font-medium">Import from a file</h3>
          <p className="text-sm text-muted-foreground">
            Moving accounts? Import a JSON export into this account while it is still empty. Coach conversations, community
            posts and the activity history stay in the file for your records and are not restored.
          </p>
          <div className="flex flex-col gap-2">
            <Label htmlFor="your-data-file">Export file (.json)</Label>
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
              Import this file
            </Button>
          </div>
          <div role="status" className="text-sm">
            {result && (
              <p className="text-success">
                {result.message} {restoredCount > 0 && "Your pages now show the imported figures."}
              </p>
            )}
          </div>
          {importError && <p role="alert" className="text-sm text-destructive">{importError}</p>}
        </section>
      </CardContent>
      <Dialog open={confirming} onOpenChange={(open) => !importer.isPending && setConfirming(open)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Import {file?.name ?? "this file"}?</DialogTitle>
            <DialogDescription>
              Everything saved in the file is added to this account. This works only while the account has no saved data.
            </DialogDescription>
          </DialogHeader>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={importer.isPending}>Cancel</Button>
            <Button onClick={runImport} disabled={importer.isPending}>
              {importer.isPending ? "Importing…" : "Import"}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
