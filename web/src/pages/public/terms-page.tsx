import { Link } from "react-router";
import { SITE } from "@/config/site";
import { PublicPage, Section } from "@/pages/public/public-page";

export default function TermsPage() {
  return (
    <PublicPage title="Terms of Use" lead={`The agreement between you and FIRE Path when you use the website or the app. Last updated ${SITE.lastUpdated}.`}>
      <Section title="Your account">
        <p>
          You must be at least 18, or the age of majority in your province, to create an account. Keep your password
          to yourself; you are responsible for what happens under your account. You can delete it at any time from
          Settings.
        </p>
      </Section>
      <Section title="Information, not advice">
        <p>
          Projections, calculators and the FI Coach rely on the figures you enter and on assumptions such as
          investment returns, inflation and tax rules that change. Results are estimates for education and planning.
          They are not personalised financial, investment, tax or legal advice, and past returns do not guarantee
          future ones.
        </p>
      </Section>
      <Section title="Acceptable use">
        <ul>
          <li>Do not try to access other people's data or disrupt the service.</li>
          <li>In the community, be respectful; no harassment, spam, or promotion of financial products for pay.</li>
          <li>Moderators may hide posts and comments that break these rules.</li>
        </ul>
      </Section>
      <Section title="Liability">
        <p>
          The service is provided as is. To the extent the law allows, FIRE Path is not liable for losses from
          decisions made using its estimates. Nothing in these terms limits rights you have under consumer protection
          law in your province.
        </p>
      </Section>
      <Section title="Changes and contact">
        <p>
          We will announce material changes in the app before they take effect. See also the{" "}
          <Link to="/privacy">Privacy Policy</Link>. Questions: <a href={`mailto:${SITE.contactEmail}`}>{SITE.contactEmail}</a>.
        </p>
      </Section>
    </PublicPage>
  );
}
