/** GET /api/v1/me/export (everything the user saved, as one JSON file or CSV files in a zip) and POST
 * /api/v1/me/import (that JSON file into an empty account: an account move). */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type ImportResult = Schemas["ImportRead"];
export type ExportFormat = "json" | "csv";

export interface ExportDownload {
  blob: Blob;
  filename: string;
}

/** The export as a file, named as the server names it (firepath-export-YYYY-MM-DD.json or .zip). */
export const fetchExport = async (format: ExportFormat): Promise<ExportDownload> => {
  const result = await api.GET("/api/v1/me/export", { params: { query: { format } }, parseAs: "blob" });
  const blob = unwrap(result) as unknown as Blob;
  const disposition = result.response.headers.get("content-disposition") ?? "";
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `firepath-export.${format === "csv" ? "zip" : "json"}`;
  return { blob, filename };
};

/** Hand a file to the browser's download (an object URL on a temporary link). */
export const saveFile = ({ blob, filename }: ExportDownload): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

export const importData = async (body: Record<string, unknown>): Promise<ImportResult> =>
  unwrap(await api.POST("/api/v1/me/import", { body }));

/** Import, then refetch everything: an import fills every page at once. */
export const useImportData = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importData, onSuccess: () => queryClient.invalidateQueries() });
};
