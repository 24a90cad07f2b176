/** The configured contact address as a mailto link: the server's FIREPATH_CONTACT_EMAIL (or the address it derives
 * from its public URL), never a placeholder baked into the build. */
import { useSite } from "@/api/site";
import { useT } from "@/lib/i18n";

export function ContactEmail({ subject }: { subject?: string }) {
  const t = useT();
  const site = useSite();
  if (site.isPending) return <span className="text-muted-foreground">{t("public.contactEmail.loadingTheAddress")}</span>;
  if (site.isError) {
    return <span>{t("public.contactEmail.ourSupportAddressIt")}</span>;
  }
  const address = site.data.contact_email;
  const href = `mailto:${address}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`;
  return <a href={href} data-testid="contact-email">{address}</a>;
}
