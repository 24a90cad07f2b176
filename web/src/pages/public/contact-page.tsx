import { Link } from "react-router";
import { SITE } from "@/config/site";
import { PublicPage, Section } from "@/pages/public/public-page";

export default function ContactPage() {
  return (
    <PublicPage title="Contact us" lead="We answer every message, usually within two business days (Eastern Time).">
      <Section title="Support">
        <p>
          Questions about your account, a figure that looks wrong, or an idea for the product:{" "}
          <a href={`mailto:${SITE.contactEmail}`}>{SITE.contactEmail}</a>. Include the page you were on; never send
          your password.
        </p>
      </Section>
      <Section title="Something broke">
        <p>
          If you see the “Something went wrong” screen, use its Send Feedback button: it sends us the error and the
          page address together with your comment.
        </p>
      </Section>
      <Section title="Privacy and security">
        <p>
          Privacy requests: <a href={`mailto:${SITE.privacyEmail}`}>{SITE.privacyEmail}</a>. Vulnerability reports:{" "}
          <a href={`mailto:${SITE.securityEmail}`}>{SITE.securityEmail}</a> (see <Link to="/security">Security</Link>).
        </p>
      </Section>
      <Section title="Talk to other members">
        <p>For questions about strategy, the community is often the fastest place to get an answer once you have signed in.</p>
      </Section>
    </PublicPage>
  );
}
