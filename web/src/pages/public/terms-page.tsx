import { Link } from "react-router";
import { SITE } from "@/config/site";
import { PublicPage, Section } from "@/pages/public/public-page";
import { Message, useFormat, useT } from "@/lib/i18n";

export default function TermsPage() {
  const t = useT();
  const fmt = useFormat();
  return (
    <PublicPage title={t("public.terms.termsOfUse")} lead={t("public.terms.lead", { date: fmt.month(SITE.lastUpdated) })}>
      <Section title={t("public.terms.yourAccount")}>
        <p>
          {t("public.terms.youMustBeAt")}
        </p>
      </Section>
      <Section title={t("public.terms.informationNotAdvice")}>
        <p>
          {t("public.terms.projectionsCalculatorsAndThe")}
        </p>
      </Section>
      <Section title={t("public.terms.acceptableUse")}>
        <ul>
          <li>{t("public.terms.doNotTryTo")}</li>
          <li>{t("public.terms.inTheCommunityBe")}</li>
          <li>{t("public.terms.moderatorsMayHidePosts")}</li>
        </ul>
      </Section>
      <Section title={t("public.terms.liability")}>
        <p>
          {t("public.terms.theServiceIsProvided")}
        </p>
      </Section>
      <Section title={t("public.terms.changesAndContact")}>
        <p>
          <Message
            id="public.terms.changes"
            values={{ link: (c) => <Link to="/privacy">{c}</Link>, email: <a href={`mailto:${SITE.contactEmail}`}>{SITE.contactEmail}</a> }}
          />
        </p>
      </Section>
    </PublicPage>
  );
}
