/** /careers: who we look for and where to write (the server's configured contact address). */
import { ContactEmail } from "@/pages/public/contact-email";
import { PublicPage, Section } from "@/pages/public/public-page";

export default function CareersPage() {
  return (
    <PublicPage title="Careers" lead="We are a small, remote team building the planner we wanted for our own path to financial independence.">
      <Section title="How we work">
        <ul>
          <li>Remote across Canadian time zones, with four-day weeks in July and August.</li>
          <li>Correctness first: every figure we show is tested against published sources (CRA, ESDC).</li>
          <li>No commissions and no product placement, ever; our users' trust is the product.</li>
        </ul>
      </Section>
      <Section title="Who we look for">
        <ul>
          <li>Engineers comfortable with Python, TypeScript and PostgreSQL who care about accessible interfaces.</li>
          <li>People with Canadian personal-finance knowledge: CFP or CPA candidates, or seasoned DIY investors.</li>
          <li>Writers who can explain the TFSA to a first-time saver in plain language, in English or French.</li>
        </ul>
      </Section>
      <Section title="Apply">
        <p>
          We do not have open positions listed right now, but we read every message. Send a short note about what you
          would like to work on, with links to your work, to <ContactEmail subject="Careers" /> with
          “Careers” in the subject.
        </p>
      </Section>
    </PublicPage>
  );
}
