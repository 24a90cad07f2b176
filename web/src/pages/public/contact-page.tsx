/** /contact: how to reach us, at the address the server is configured with. */
import { Link } from "react-router";
import { ContactEmail } from "@/pages/public/contact-email";
import { PublicPage, Section } from "@/pages/public/public-page";
import { Message, useT } from "@/lib/i18n";

export default function ContactPage() {
  const t = useT();
  return (
    <PublicPage title={t("public.contact.contactUs")} lead="We answer every message, usually within two business days (Eastern Time).">
      <Section title={t("public.contact.support")}>
        <p>
          <Message id="public.contact.supportText" values={{ email: <ContactEmail /> }} />
        </p>
      </Section>
      <Section title={t("public.contact.somethingBroke")}>
        <p>
          {t("public.contact.ifYouSeeThe")}
        </p>
      </Section>
      <Section title={t("public.contact.privacyAndSecurity")}>
        <p>
          <Message
            id="public.contact.privacyText"
            values={{ email: <ContactEmail />, privacy: (c) => <Link to="/privacy">{c}</Link>, security: (c) => <Link to="/security">{c}</Link> }}
          />
        </p>
      </Section>
      <Section title={t("public.contact.talkToOtherMembers")}>
        <p>{t("public.contact.forQuestionsAboutStrategy")}</p>
      </Section>
    </PublicPage>
  );
}
