import { SITE } from "@/config/site";
import { PublicPage, Section } from "@/pages/public/public-page";
import { Message, useFormat, useT } from "@/lib/i18n";

export default function PrivacyPage() {
  const t = useT();
  const fmt = useFormat();
  return (
    <PublicPage title={t("public.privacy.privacyPolicy")} lead={t("public.privacy.lead", { date: fmt.month(SITE.lastUpdated) })}>
      <Section title={t("public.privacy.whatWeCollect")}>
        <ul>
          <li>{t("public.privacy.accountDataYourE")}</li>
          <li>{t("public.privacy.theFinancialFiguresYou")}</li>
          <li>{t("public.privacy.conversationsWithTheFi")}</li>
          <li>{t("public.privacy.productEventsPagesViewed")}</li>
          <li>{t("public.privacy.errorReportsYouSend")}</li>
        </ul>
      </Section>
      <Section title={t("public.privacy.howWeUseIt")}>
        <p>
          {t("public.privacy.onlyToRunThe")}
        </p>
      </Section>
      <Section title={t("public.privacy.whereItIsKept")}>
        <p>
          {t("public.privacy.yourDataIsStored")}
        </p>
      </Section>
      <Section title={t("public.privacy.yourRights")}>
        <p>
          <Message id="public.privacy.rights" values={{ email: <a href={`mailto:${SITE.privacyEmail}`}>{SITE.privacyEmail}</a> }} />
        </p>
      </Section>
      <Section title={t("public.privacy.cookiesAndBrowserStorage")}>
        <p>
          {t("public.privacy.weKeepYourSession")}
        </p>
      </Section>
    </PublicPage>
  );
}
