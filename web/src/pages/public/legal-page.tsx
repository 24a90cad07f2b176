import { Link } from "react-router";
import { SITE } from "@/config/site";
import { PublicPage, Section } from "@/pages/public/public-page";
import { Message, useT } from "@/lib/i18n";

export default function LegalPage() {
  const t = useT();
  return (
    <PublicPage title={t("public.legal.legal")} lead={t("public.legal.lead")}>
      <Section title={t("public.legal.notARegisteredAdviser")}>
        <p>
          {t("public.legal.firePathIsNot")}
        </p>
      </Section>
      <Section title={t("public.legal.taxFigures")}>
        <p>
          {t("public.legal.taxEstimatesUsePublished")}
        </p>
      </Section>
      <Section title={t("public.legal.governmentBenefits")}>
        <p>
          {t("public.legal.cppAndOasEstimates")}
        </p>
      </Section>
      <Section title={t("public.legal.documents")}>
        <ul>
          <li><Link to="/terms">{t("public.legal.termsOfUse")}</Link></li>
          <li><Link to="/privacy">{t("public.legal.privacyPolicy")}</Link></li>
          <li><Link to="/security">{t("public.legal.security")}</Link></li>
        </ul>
        <p><Message id="public.legal.notices" values={{ email: <a href={`mailto:${SITE.contactEmail}`}>{SITE.contactEmail}</a> }} /></p>
      </Section>
    </PublicPage>
  );
}
