import { Link } from "react-router";
import { PublicPage, Section } from "@/pages/public/public-page";
import { Message, useT } from "@/lib/i18n";

export default function AboutPage() {
  const t = useT();
  return (
    <PublicPage
      title={t("public.about.aboutFirePath")}
      lead={t("public.about.lead")}
    >
      <Section title={t("public.about.whatItDoes")}>
        <p>
          {t("public.about.youRecordYourIncome")}
        </p>
        <ul>
          <li>{t("public.about.calculatorsForFireVariants")}</li>
          <li>{t("public.about.federalAndProvincialTax")}</li>
          <li>{t("public.about.anFiCoachThat")}</li>
          <li>{t("public.about.aCommunityToCompare")}</li>
        </ul>
      </Section>
      <Section title={t("public.about.whyCanadian")}>
        <p>
          {t("public.about.mostFireToolsAssume")}
        </p>
      </Section>
      <Section title={t("public.about.whatItIsNot")}>
        <p>
          <Message id="public.about.notAdvice" values={{ link: (c) => <Link to="/why-fire-matters">{c}</Link> }} />
        </p>
      </Section>
    </PublicPage>
  );
}
