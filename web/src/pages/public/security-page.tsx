import { SITE } from "@/config/site";
import { PublicPage, Section } from "@/pages/public/public-page";

export default function SecurityPage() {
  return (
    <PublicPage title="Security" lead="Your financial picture is sensitive. This is how FIRE Path protects it.">
      <Section title="Accounts and sessions">
        <ul>
          <li>Passwords are stored only as Argon2 hashes and must be at least 8 characters.</li>
          <li>Sessions use short-lived signed access tokens, refreshed automatically; a reused refresh token is refused.</li>
          <li>Repeated sign-in and reset attempts are rate-limited.</li>
          <li>Deleting your account ends every session immediately.</li>
        </ul>
      </Section>
      <Section title="Your data">
        <ul>
          <li>Every request is checked against your account, and the database itself enforces row-level security as a second wall.</li>
          <li>We never ask for your bank or brokerage passwords: you enter balances yourself.</li>
          <li>The FI Coach can only read and change your own data, and every change it proposes waits for your approval and can be undone.</li>
        </ul>
      </Section>
      <Section title="Reporting a vulnerability">
        <p>
          If you find a security problem, write to <a href={`mailto:${SITE.securityEmail}`}>{SITE.securityEmail}</a>{" "}
          with the steps to reproduce it. Please do not access other people's data or degrade the service while
          testing. We acknowledge reports within two business days and credit researchers who ask to be named.
        </p>
      </Section>
    </PublicPage>
  );
}
