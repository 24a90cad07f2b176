/** /contact: how to reach us, at the address the server is configured with. */
import { Link } from "react-router";
import { ContactEmail } from "@/pages/public/contact-email";
import { PublicPage, Section } from "@/pages/public/public-page";

export default function ContactPage() {
  return (
    <PublicPage title="Contact us" lead="We answer every message, usually within two business days (Eastern Time).">
      <Section title="Support">
        <p>
          Questions about your account, a figure that looks wrong, or an idea for the product:{" "}
          <ContactEmail />. Include the page you were on; never send
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
          Privacy requests and vulnerability reports go to <ContactEmail /> too, with “Privacy” or “Security” in
          the subject (see <Link to="/privacy">Privacy</Link> and <Link to="/security">Security</Link>).
        </p>
      </Section>
      <Section title="Talk to other members">
        <p>For questions about strategy, the community is often the fastest place to get an answer once you have signed in.</p>
      </Section>
    </PublicPage>
  );
}
