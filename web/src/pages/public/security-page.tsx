import { SITE } from "@/config/site";
import { PublicPage, Section } from "@/pages/public/public-page";
import { Message, useT } from "@/lib/i18n";

export default function SecurityPage() {
  const t = useT();
  return (
    <PublicPage title={t("public.security.security")} lead={t("public.security.lead")}>
      <Section title={t("public.security.accountsAndSessions")}>
        <ul>
          <li>{t("public.security.passwordsAreStoredOnly")}</li>
          <li>{t("public.security.sessionsUseShortLived")}</li>
          <li>{t("public.security.repeatedSignInAnd")}</li>
          <li>{t("public.security.deletingYourAccountEnds")}</li>
        </ul>
      </Section>
      <Section title={t("public.security.yourData")}>
        <ul>
          <li>{t("public.security.everyRequestIsChecked")}</li>
          <li>{t("public.security.weNeverAskFor")}</li>
          <li>{t("public.security.theFiCoachCan")}</li>
        </ul>
      </Section>
      <Section title={t("public.security.reportingAVulnerability")}>
        <p>
          <Message id="public.security.report" values={{ email: <a href={`mailto:${SITE.securityEmail}`}>{SITE.securityEmail}</a> }} />
        </p>
      </Section>
    </PublicPage>
  );
}
