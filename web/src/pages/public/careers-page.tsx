/** /careers: who we look for and where to write (the server's configured contact address). */
import { ContactEmail } from "@/pages/public/contact-email";
import { PublicPage, Section } from "@/pages/public/public-page";
import { Message, useT } from "@/lib/i18n";

export default function CareersPage() {
  const t = useT();
  return (
    <PublicPage title={t("public.careers.careers")} lead={t("public.careers.lead")}>
      <Section title={t("public.careers.howWeWork")}>
        <ul>
          <li>{t("public.careers.remoteAcrossCanadianTime")}</li>
          <li>{t("public.careers.correctnessFirstEveryFigure")}</li>
          <li>{t("public.careers.noCommissionsAndNo")}</li>
        </ul>
      </Section>
      <Section title={t("public.careers.whoWeLookFor")}>
        <ul>
          <li>{t("public.careers.engineersComfortableWithPython")}</li>
          <li>{t("public.careers.peopleWithCanadianPersonal")}</li>
          <li>{t("public.careers.writersWhoCanExplain")}</li>
        </ul>
      </Section>
      <Section title={t("public.careers.apply")}>
        <p>
          <Message id="public.careers.applyText" values={{ email: <ContactEmail subject={t("public.careers.subject")} /> }} />
        </p>
      </Section>
    </PublicPage>
  );
}
