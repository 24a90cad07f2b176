/** /onboarding/wizard: the essentials step by step (profile, income, expenses, savings, a goal, preferences). Each
 * step is saved through the API when the user continues, so leaving half-way keeps what was entered; the last
 * step ends on the dashboard. Two flows (A/B test onboarding-flow): "standard" shows a progress bar, "guided" a
 * list of the steps and a note on why each is asked. */
import { LoaderCircle } from "lucide-react";
import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { expensesQuery, saveExpenses } from "@/api/expenses";
import { addGoal, type Goal, updateGoal } from "@/api/goals";
import { incomeQuery, saveIncome } from "@/api/income";
import { preferencesQuery, savePreferences } from "@/api/preferences";
import { profileQuery } from "@/api/profile";
import { saveProfile } from "@/api/profile-save";
import { saveSavingsSummary, savingsSummaryQuery } from "@/api/savings";
import type { Locale } from "@firepath/shared/i18n/locales";
import { useAuth } from "@/app/auth-provider";
import { FormFields } from "@/components/forms/form-fields";
import { useFormState } from "@/components/forms/use-settings-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { getVariant } from "@/lib/ab-tests";
import { trackFormSubmit } from "@/lib/analytics";
import { cn } from "@/lib/utils";
import { SignedOutCard } from "@/pages/onboarding/signed-out-card";
import {
  expensesBody, goalBody, incomeBody, preferencesBody, profileBody, type SavedRecords, savingsBody, stepRecord, wizardSteps, type StepKey,
} from "@/pages/onboarding/wizard-steps";
import { Message, useI18n, useT } from "@/lib/i18n";

/** A finished step's mark (a sign, the same in every language). */
const DONE_MARK = "✓";

/** Saves one step; the goals step returns the goal it added or changed. */
async function saveStep(key: StepKey, values: Record<string, unknown>, saved: SavedRecords, goal: Goal | null, locale: Locale): Promise<Goal | void> {
  switch (key) {
    case "profile":
      await saveProfile(profileBody(values, saved));
      return;
    case "income":
      await saveIncome(incomeBody(values, saved));
      return;
    case "expenses":
      await saveExpenses(expensesBody(values, saved, locale));
      return;
    case "savings":
      await saveSavingsSummary(savingsBody(values, saved));
      return;
    case "goals": {
      const body = goalBody(values);
      if (!body) return;
      // Back to this step and on again: change the goal added earlier in the wizard, do not add a second one.
      return goal ? updateGoal({ id: goal.id, body }) : addGoal(body);
    }
    case "preferences":
      await savePreferences(preferencesBody(values));
  }
}

const INVALIDATE: Record<StepKey, string[][]> = {
  profile: [["profile"]], income: [["income"]], expenses: [["expenses"]], savings: [["savings"]], goals: [["goals"]],
  preferences: [["preferences"]],
};

function Wizard({ flow }: { flow: string }) {
  const t = useT();
  const STEPS = useMemo(() => wizardSteps(t), [t]);
  const results = useQueries({
    queries: [profileQuery(), incomeQuery(), expensesQuery(), savingsSummaryQuery(), preferencesQuery()],
  });
  const [profile, income, expenses, savings, preferences] = results;
  const loading = results.some((r) => r.isPending);
  const failed = results.find((r) => r.isError);
  const saved: SavedRecords = useMemo(() => ({
    profile: profile.data ?? null, income: income.data ?? null, expenses: expenses.data ?? null,
    savings: savings.data ?? null, preferences: preferences.data ?? null,
  }), [profile.data, income.data, expenses.data, savings.data, preferences.data]);

  // The step lives in the URL (?step=income) so a reload or remount keeps it.
  const [params, setParams] = useSearchParams();
  const index = Math.max(0, STEPS.findIndex((s) => s.key === params.get("step")));
  const setIndex = useCallback((i: number) => setParams(i === 0 ? {} : { step: STEPS[i].key }), [setParams, STEPS]);
  const step = STEPS[index];
  // The goal this wizard added, so a return to the goals step shows it and saving again updates it.
  const [goal, setGoal] = useState<Goal | null>(null);
  if (failed) {
    return (
      <Card role="alert">
        <CardHeader>
          <CardTitle className="text-lg">{t("onboarding.wizard.weCouldNotLoad")}</CardTitle>
          <CardDescription>{failed.error?.message ?? t("onboarding.wizard.pleaseTryAgain")}</CardDescription>
        </CardHeader>
        <CardFooter><Button onClick={() => results.forEach((r) => void r.refetch())}>{t("onboarding.wizard.tryAgain")}</Button></CardFooter>
      </Card>
    );
  }
  if (loading) {
    return (
      <Card aria-busy="true" aria-label={t("onboarding.wizard.loadingYourInformation")}>
        <CardHeader><Skeleton className="h-6 w-40" /></CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-16" />)}
        </CardContent>
      </Card>
    );
  }
  return <StepForm key={step.key} index={index} setIndex={setIndex} saved={saved} flow={flow} goal={goal} setGoal={setGoal} />;
}

function StepForm({ index, setIndex, saved, flow, goal, setGoal }: {
  index: number; setIndex: (i: number) => void; saved: SavedRecords; flow: string; goal: Goal | null; setGoal: (g: Goal) => void;
}) {
  const t = useT();
  const { locale } = useI18n();
  const STEPS = useMemo(() => wizardSteps(t), [t]);
  const step = STEPS[index];
  const last = index === STEPS.length - 1;
  // The saved values when the step opens; later refetches must not overwrite what the user is typing.
  const [record] = useState(() => (step.key === "goals" && goal ? (goal as unknown as Record<string, unknown>) : stepRecord(step.key, saved)));
  const form = useFormState(step.fields, `wizard-${step.key}`, record);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const qc = useQueryClient();

  // Move focus to the new step's heading so keyboard and screen-reader users hear where they are.
  useEffect(() => {
    if (index > 0) heading.current?.focus();
  }, [index]);

  const next = () => {
    if (last) {
      toast.success(t("onboarding.wizard.yourPlanIsReady"));
      navigate("/fire-dashboard");
    } else setIndex(index + 1);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const values = form.check();
    if (!values) return;
    setBusy(true);
    try {
      const savedGoal = await saveStep(step.key, values, saved, goal, locale);
      if (savedGoal) setGoal(savedGoal);
      void trackFormSubmit(`onboarding_${step.key}`, { success: true, flow });
      await Promise.all([...INVALIDATE[step.key], ["completion"], ["snapshot"], ["plan"]].map((queryKey) => qc.invalidateQueries({ queryKey })));
      next();
    } catch (error) {
      void trackFormSubmit(`onboarding_${step.key}`, { success: false, flow });
      toast.error(t("onboarding.wizard.couldNotSavePlease", { value: step.title.toLowerCase() }));
      form.showServerErrors(error);
    } finally {
      setBusy(false);
    }
  };

  const percent = Math.round((index / STEPS.length) * 100);
  return (
    <div className={cn("grid gap-6", flow === "guided" && "md:grid-cols-[13rem_1fr]")}>
      {flow === "guided" ? (
        <nav aria-label={t("onboarding.wizard.setupSteps")}>
          <ol className="flex flex-wrap gap-2 md:flex-col">
            {STEPS.map((s, i) => (
              <li key={s.key}>
                <span
                  aria-current={i === index ? "step" : undefined}
                  className={cn(
                    "flex items-center gap-2 rounded-md px-3 py-1.5 text-sm",
                    i === index ? "bg-primary text-primary-foreground" : i < index ? "text-foreground" : "text-muted-foreground",
                  )}
                >
                  <span aria-hidden="true" className="font-semibold">{i < index ? DONE_MARK : i + 1}</span>
                  {s.title}
                  {i < index && <span className="sr-only">&#32;{t("onboarding.wizard.done")}</span>}
                </span>
              </li>
            ))}
          </ol>
        </nav>
      ) : (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-muted-foreground" data-testid="wizard-step-count">{t("onboarding.wizard.stepOf", { step: index + 1, total: STEPS.length })}</p>
          <Progress value={percent} aria-label={t("onboarding.wizard.setupProgressStepOf", { value: index + 1, length: STEPS.length })} />
        </div>
      )}
      <form onSubmit={submit} noValidate aria-labelledby="wizard-step-title">
        <Card data-testid={`wizard-step-${step.key}`}>
          <CardHeader>
            <CardTitle id="wizard-step-title" ref={heading} tabIndex={-1} className="text-lg outline-none">{step.title}</CardTitle>
            <CardDescription>{step.description}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {flow === "guided" && (
              <p className="rounded-md border border-primary/30 bg-primary/5 p-3 text-sm" data-testid="wizard-why">
                <span className="font-medium">{t("onboarding.wizard.whyWeAsk")}&#32;</span>{step.why}
              </p>
            )}
            <FormFields fields={step.fields} values={form.values} errors={form.errors} prefix={`wizard-${step.key}`} onChange={form.onChange} />
          </CardContent>
          <CardFooter className="flex flex-wrap justify-between gap-3">
            <Button type="button" variant="ghost" disabled={index === 0 || busy} onClick={() => setIndex(index - 1)}>{t("onboarding.wizard.back")}</Button>
            <div className="flex flex-wrap gap-3">
              <Button type="button" variant="outline" disabled={busy} onClick={next}>{last ? t("onboarding.wizard.skipToDashboard") : t("onboarding.wizard.skipThisStep")}</Button>
              <Button type="submit" disabled={busy}>
                {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
                {last ? t("onboarding.wizard.finish") : t("onboarding.wizard.saveAndContinue")}
              </Button>
            </div>
          </CardFooter>
        </Card>
      </form>
    </div>
  );
}

export default function WizardPage() {
  const t = useT();
  const { user, loading } = useAuth();
  const flow = useMemo(() => getVariant("onboarding-flow") ?? "standard", []);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10" data-testid="onboarding-wizard" data-flow={flow}>
      <h1 className="mb-2 text-2xl font-bold">{t("onboarding.wizard.welcomeToFirePath")}</h1>
      <p className="mb-6 text-muted-foreground">
        {flow === "guided" ? t("onboarding.wizard.weWillWalkYou") : t("onboarding.wizard.sixShortStepsSaved")}&#32;
        <Message id="onboarding.wizard.voice" values={{ link: (c) => <Link className="underline" to="/onboarding/voice">{c}</Link> }} />
      </p>
      {loading ? <Spinner /> : user ? <Wizard flow={flow} /> : <SignedOutCard />}
    </div>
  );
}
