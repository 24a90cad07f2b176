/** /settings/terms: the public Terms page inside the signed-in layout, with the way back to Settings. */
import { Link } from "react-router";
import TermsPage from "@/pages/public/terms-page";

export default function SettingsTermsPage() {
  return (
    <div>
      <div className="mx-auto max-w-3xl px-4">
        <Link to="/settings" className="text-sm text-muted-foreground hover:underline">← Settings</Link>
      </div>
      <TermsPage />
    </div>
  );
}
