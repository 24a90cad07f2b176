import { Link } from "react-router";
import { SITE } from "@/config/site";
import { PublicPage, Section } from "@/pages/public/public-page";

export default function LegalPage() {
  return (
    <PublicPage title="Legal" lead="Notices about the information FIRE Path provides and the rules it follows.">
      <Section title="Not a registered adviser">
        <p>
          FIRE Path is not registered as an investment dealer, portfolio manager or adviser with any Canadian
          securities regulator, and does not recommend specific securities. Its calculators and coach explain general
          principles and apply them to the figures you enter.
        </p>
      </Section>
      <Section title="Tax figures">
        <p>
          Tax estimates use published federal and provincial brackets, credits and contribution limits for the years
          shown. They simplify: they do not cover every credit, deduction or special situation. Check your return with
          the Canada Revenue Agency or a tax professional.
        </p>
      </Section>
      <Section title="Government benefits">
        <p>
          CPP and OAS estimates follow the published formulas, including the OAS recovery tax. Your Service Canada
          statement of contributions is the authority for your own entitlement.
        </p>
      </Section>
      <Section title="Documents">
        <ul>
          <li><Link to="/terms">Terms of Use</Link></li>
          <li><Link to="/privacy">Privacy Policy</Link></li>
          <li><Link to="/security">Security</Link></li>
        </ul>
        <p>Legal notices may be sent to <a href={`mailto:${SITE.contactEmail}`}>{SITE.contactEmail}</a>.</p>
      </Section>
    </PublicPage>
  );
}
