import { Link } from "react-router";
import { PublicPage, Section } from "@/pages/public/public-page";

export default function AboutPage() {
  return (
    <PublicPage
      title="About FIRE Path"
      lead="FIRE Path is a planner for Canadians who want to reach financial independence and retire early: it works in Canadian dollars and knows the TFSA, the RRSP, the FHSA, CPP and OAS."
    >
      <Section title="What it does">
        <p>
          You record your income, expenses, savings, accounts, properties, debts and goals once. FIRE Path turns them
          into a FIRE number (25 times your annual expenses, the 4% rule), a savings rate, and a month-by-month
          projection of the year you could stop depending on a paycheque.
        </p>
        <ul>
          <li>Calculators for FIRE variants (lean, regular, fat, coast, barista), mortgages and investment growth.</li>
          <li>Federal and provincial tax estimates, RRSP versus TFSA comparisons and contribution room.</li>
          <li>An FI Coach that answers from your own saved figures and shows its arithmetic.</li>
          <li>A community to compare notes with other Canadians on the same path.</li>
        </ul>
      </Section>
      <Section title="Why Canadian">
        <p>
          Most FIRE tools assume a 401(k) and US tax brackets. In Canada the order you fill a TFSA, an RRSP and an
          FHSA, when you start CPP, and the OAS recovery tax change the answer by years. FIRE Path models them.
        </p>
      </Section>
      <Section title="What it is not">
        <p>
          FIRE Path is an education and planning tool. It does not sell financial products, does not take commissions
          and does not give personalised investment, tax or legal advice. For decisions with large consequences, talk
          to a fee-only planner or an accountant. Read <Link to="/why-fire-matters">why FIRE matters</Link> for the
          ideas behind it.
        </p>
      </Section>
    </PublicPage>
  );
}
