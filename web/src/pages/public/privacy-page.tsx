import { SITE } from "@/config/site";
import { PublicPage, Section } from "@/pages/public/public-page";

export default function PrivacyPage() {
  return (
    <PublicPage title="Privacy Policy" lead={`How FIRE Path collects, uses and protects your personal information. Last updated ${SITE.lastUpdated}.`}>
      <Section title="What we collect">
        <ul>
          <li>Account data: your e-mail address and a password hash (never the password itself), or your Google identity if you sign in with Google.</li>
          <li>The financial figures you choose to enter: profile, income, expenses, savings, budget, accounts, properties, credit, goals and plans.</li>
          <li>Conversations with the FI Coach, so you can return to them.</li>
          <li>Product events (pages viewed, buttons and forms used) tied to a random session id, to improve the product.</li>
          <li>Error reports you send from the error screen, with the page address and your optional comment.</li>
        </ul>
      </Section>
      <Section title="How we use it">
        <p>
          Only to run the service for you: calculate your plan, show your progress, answer your questions and fix
          problems. We do not sell your information, do not show advertising and do not share your figures with
          banks, brokers or marketers.
        </p>
      </Section>
      <Section title="Where it is kept and who can see it">
        <p>
          Your data is stored in our database, where every row is tied to your account and row-level security stops
          one account from reading another's. Staff access is limited to administrators handling support requests and
          error reports. Nothing you enter is visible to other members unless you post it in the community.
        </p>
      </Section>
      <Section title="Your rights">
        <p>
          Under Canada's Personal Information Protection and Electronic Documents Act (PIPEDA) you may access and
          correct your information at any time in Settings. You may delete your account from Settings: every session
          ends at once and all your data is deleted. For any other request, write to{" "}
          <a href={`mailto:${SITE.privacyEmail}`}>{SITE.privacyEmail}</a>; we answer within 30 days.
        </p>
      </Section>
      <Section title="Cookies and browser storage">
        <p>
          We keep your session, your theme choice, your accessibility choices, the guided tour's progress and a random
          visitor id in your browser's storage. We use no third-party advertising or tracking cookies.
        </p>
      </Section>
    </PublicPage>
  );
}
