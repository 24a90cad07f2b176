/** /settings/legal: the public Legal page inside the signed-in layout, with the way back to Settings. */
import { Link } from "react-router";
import LegalPage from "@/pages/public/legal-page";

export default function SettingsLegalPage() {
  return (
    <div>
      <div className="mx-auto max-w-3xl px-4">
        <Link to="/settings" className="text-sm text-muted-foreground hover:underline">← Settings</Link>
      </div>
      <LegalPage />
    </div>
  );
}
