/** The configured contact address as a mailto link: the server's FIREPATH_CONTACT_EMAIL (or the address it derives
 * from its public URL), never a placeholder baked into the build. */
import { useSite } from "@/api/site";

export function ContactEmail({ subject }: { subject?: string }) {
  const site = useSite();
  if (site.isPending) return <span className="text-muted-foreground">(loading the address)</span>;
  if (site.isError) {
    return <span>our support address (it could not be loaded: reload the page to try again)</span>;
  }
  const address = site.data.contact_email;
  const href = `mailto:${address}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`;
  return <a href={href} data-testid="contact-email">{address}</a>;
}
