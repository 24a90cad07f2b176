import { Link } from "react-router";
import { PublicPage, Section } from "@/pages/public/public-page";
import { Message, useT } from "@/lib/i18n";

export default function WhyFireMattersPage() {
  const t = useT();
  return (
    <PublicPage
      title={t("public.whyFireMatters.whyFireMatters")}
      lead={t("public.whyFireMatters.lead")}
    >
      <Section title={t("public.whyFireMatters.theIdeaInOne")}>
        <p>
          {t("public.whyFireMatters.whenYourInvestmentsCan")}
        </p>
      </Section>
      <Section title={t("public.whyFireMatters.whyTheSavingsRate")}>
        <p>
          {t("public.whyFireMatters.yourSavingsRateDrives")}
        </p>
      </Section>
      <Section title={t("public.whyFireMatters.theCanadianToolkit")}>
        <ul>
          <li>{t("public.whyFireMatters.tfsaGrowthAndWithdrawals")}</li>
          <li>{t("public.whyFireMatters.rrspContributionsLowerYour")}</li>
          <li>{t("public.whyFireMatters.fhsaUpTo8")}</li>
          <li>{t("public.whyFireMatters.cppAndOasPublic")}</li>
        </ul>
      </Section>
      <Section title={t("public.whyFireMatters.freedomNotAusterity")}>
        <p>
          <Message id="public.whyFireMatters.freedom" values={{ link: (c) => <Link to="/signup">{c}</Link> }} />
        </p>
      </Section>
    </PublicPage>
  );
}
