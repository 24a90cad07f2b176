import { Link } from "react-router";
import { PublicPage, Section } from "@/pages/public/public-page";

export default function WhyFireMattersPage() {
  return (
    <PublicPage
      title="Why FIRE matters"
      lead="Financial Independence, Retire Early (FIRE) is not about never working again. It is about reaching the point where work becomes a choice."
    >
      <Section title="The idea in one line">
        <p>
          When your investments can cover your annual spending indefinitely, you are financially independent. A common
          rule of thumb is the 4% rule: with 25 times your annual expenses invested, withdrawing 4% a year has
          historically lasted 30 years or more.
        </p>
      </Section>
      <Section title="Why the savings rate matters most">
        <p>
          Your savings rate drives your timeline more than your returns do. Saving 10% of take-home pay means working
          about 50 years; saving 50% brings financial independence in about 17, because every dollar you do not spend
          both grows and lowers the amount you need. FIRE Path aims for a savings rate of 20% or higher as a first
          milestone and keeps an emergency fund of 3 to 6 months of expenses before investing.
        </p>
      </Section>
      <Section title="The Canadian toolkit">
        <ul>
          <li>TFSA: growth and withdrawals are tax-free, and withdrawn room comes back the next year.</li>
          <li>RRSP: contributions lower your taxes today; withdrawals are taxed later, ideally at a lower rate.</li>
          <li>FHSA: up to $8,000 a year and $40,000 in total, deductible going in and tax-free out for a first home.</li>
          <li>CPP and OAS: public pensions that reduce how much your own portfolio must provide after 60 or 65.</li>
        </ul>
      </Section>
      <Section title="Freedom, not austerity">
        <p>
          People pursue FIRE to change careers without fear, to care for family, to take a sabbatical, or to work
          part-time on something they love (Barista FIRE). The numbers are a means to that choice.
          <Link to="/signup"> Start your plan</Link> to see your own timeline.
        </p>
      </Section>
    </PublicPage>
  );
}
