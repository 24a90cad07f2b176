/** /settings/about: the public About page inside the signed-in layout, with the way back to Settings. */
import { Link } from "react-router";
import AboutPage from "@/pages/public/about-page";

export default function SettingsAboutPage() {
  return (
    <div>
      <div className="mx-auto max-w-3xl px-4">
        <Link to="/settings" className="text-sm text-muted-foreground hover:underline">← Settings</Link>
      </div>
      <AboutPage />
    </div>
  );
}
