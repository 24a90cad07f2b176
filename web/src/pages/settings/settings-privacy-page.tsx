/** /settings/privacy: the public Privacy page inside the signed-in layout, with the way back to Settings. */
import { Link } from "react-router";
import PrivacyPage from "@/pages/public/privacy-page";

export default function SettingsPrivacyPage() {
  return (
    <div>
      <div className="mx-auto max-w-3xl px-4">
        <Link to="/settings" className="text-sm text-muted-foreground hover:underline">← Settings</Link>
      </div>
      <PrivacyPage />
    </div>
  );
}
