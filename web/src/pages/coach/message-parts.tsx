/** How a coach message's parts look: text, tool results as cards with a "how we got this" receipt, the approval
 * request as a before/after diff with Approve and Reject, and screen suggestions as router links. */
import type { Translate } from "@firepath/shared/i18n/messages";
import { getToolOrDynamicToolName, isToolOrDynamicToolUIPart, type UIMessage } from "ai";
import { ArrowRight, Check, CircleAlert, LoaderCircle, ShieldCheck, Undo2, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useUndoCoachChange } from "@/api/coach";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import {
  type ApprovalData,
  diffRows,
  headlineFigures,
  provenanceOf,
  receiptLines,
  screenLinkOf,
  toolLabel,
  WRITE_TOOLS,
} from "@firepath/shared/coach-format";
import { useT } from "@/lib/i18n";

type Part = UIMessage["parts"][number];
type ToolPart = Extract<Part, { toolCallId: string }> & {
  state: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
  approval?: { id: string; approved?: boolean; reason?: string };
};

export type ApprovalAnswer = (approvalId: string, approved: boolean) => void;

/** The receipt under a tool card: what was read, the assumptions and notes behind the numbers. */
export function Receipt({ output }: { output: unknown }) {
  const t = useT();
  const provenance = provenanceOf(output);
  if (!provenance) return null;
  const { stated, read, assumptions, taxYear, notes } = receiptLines(provenance);
  if (!stated.length && !read.length && !assumptions.length && !taxYear && !notes.length) return null;
  return (
    <details className="mt-2 text-xs text-muted-foreground" data-testid="receipt">
      <summary className="cursor-pointer select-none font-medium text-foreground">{t("coach.messageParts.howWeGotThis")}</summary>
      <div className="mt-2 flex flex-col gap-2">
        {stated.length > 0 && (
          <div data-testid="receipt-stated">
            <p className="font-medium text-foreground">{t("coach.messageParts.fromYourQuestionFor")}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
              {stated.map((s) => (
                <div key={s.key} className="contents">
                  <dt>{s.label}</dt>
                  <dd className="tabular-nums text-foreground">{s.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        )}
        {read.length > 0 && <p>{t(stated.length ? "coach.read.rest" : "coach.read.all", { fields: read.join(", ") })}</p>}
        {assumptions.length > 0 && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
            {assumptions.map((a) => (
              <div key={a.key} className="contents">
                <dt>{a.label}</dt>
                <dd className="tabular-nums text-foreground">{a.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {taxYear ? <p>{t("coach.messageParts.taxRulesAndLimits", { taxYear })}</p> : null}
        {notes.length > 0 && (
          <ul className="list-disc pl-4">
            {notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}

function ToolCard({ name, part }: { name: string; part: ToolPart }) {
  const t = useT();
  const output = part.output;
  const link = name === "suggest_screen" ? screenLinkOf(output) : null;
  if (link) {
    return (
      <div className="rounded-lg border bg-card p-3 text-sm" data-testid="screen-link">
        <Link to={link.path} className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
          {link.label}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
        {link.why && <p className="mt-1 text-muted-foreground">{link.why}</p>}
      </div>
    );
  }
  const figures = headlineFigures(output);
  const summary = output && typeof output === "object" ? (output as { summary?: unknown }).summary : undefined;
  const articleLink = output && typeof output === "object" ? screenLinkOf({ path: (output as { link?: unknown }).link, label: (output as { title?: unknown }).title }) : null;
  return (
    <section className="rounded-lg border bg-card p-3 text-sm" data-testid="tool-card" data-tool={name} aria-label={toolLabel(name)}>
      <h3 className="font-semibold">{toolLabel(name)}</h3>
      {typeof summary === "string" && <p className="mt-1 text-muted-foreground">{summary}</p>}
      {figures.length > 0 && (
        <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {figures.map((f) => (
            <div key={f.key} className="rounded-md bg-muted/50 p-2" data-testid={`figure-${f.key}`}>
              <dt className="text-xs text-muted-foreground">{f.label}</dt>
              <dd className="font-semibold tabular-nums">{f.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {articleLink && (
        <Link to={articleLink.path} className="mt-2 inline-block text-primary underline-offset-4 hover:underline">
          {t("coach.messageParts.read2", { label: articleLink.label })}
        </Link>
      )}
      <Receipt output={output} />
    </section>
  );
}

/** The before/after diff of a proposed write, with Approve and Reject while it waits for the user. */
export function ApprovalCard({ data, part, onAnswer }: { data: ApprovalData | undefined; part: ToolPart; onAnswer: ApprovalAnswer }) {
  const t = useT();
  const ref = useRef<HTMLElement>(null);
  const waiting = part.state === "approval-requested";
  useEffect(() => {
    // Move focus to the request so keyboard and screen-reader users land on the decision.
    if (waiting) ref.current?.focus();
  }, [waiting]);
  const name = getToolOrDynamicToolName(part as never);
  const preview = data?.preview;
  const rows = preview ? diffRows(preview) : [];
  const approvalId = part.approval?.id;
  const decided =
    part.state === "output-denied" || part.approval?.approved === false
      ? "rejected"
      : part.state === "output-available" || part.approval?.approved === true
        ? "approved"
        : null;
  const titleId = `approval-title-${part.toolCallId}`;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={titleId}
      data-testid="approval-card"
      data-state={part.state}
      className={cn("rounded-lg border-2 bg-card p-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring", waiting ? "border-primary" : "border-border")}
    >
      <div className="flex flex-wrap items-center gap-2">
        <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
        <h3 id={titleId} className="font-semibold">
          {preview?.title ?? toolLabel(name)}
        </h3>
        {decided === "approved" && <Badge variant="success">{t("coach.messageParts.approved")}</Badge>}
        {decided === "rejected" && <Badge variant="secondary">{t("coach.messageParts.rejected")}</Badge>}
      </div>
      {rows.length > 0 ? (
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{t("coach.messageParts.proposedChangeBeforeAnd")}</caption>
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">{t("coach.messageParts.field")}</th>
              <th scope="col" className="py-1 pr-2 font-medium">{t("coach.messageParts.before")}</th>
              <th scope="col" className="py-1 font-medium">{t("coach.messageParts.after")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.field} className="border-t" data-testid={`diff-${r.field}`}>
                <th scope="row" className="py-1 pr-2 font-normal">{r.label}</th>
                <td className="py-1 pr-2 tabular-nums text-muted-foreground line-through decoration-destructive/60">{r.before}</td>
                <td className="py-1 font-semibold tabular-nums">{r.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        preview && <p className="mt-2 text-muted-foreground">{t("coach.messageParts.noValuesChange")}</p>
      )}
      {waiting && approvalId ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <p className="w-full text-xs text-muted-foreground">{t("coach.messageParts.nothingIsSavedUntil")}</p>
          <Button size="sm" onClick={() => onAnswer(approvalId, true)}>
            <Check aria-hidden="true" />&#32;{t("coach.messageParts.approve")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => onAnswer(approvalId, false)}>
            <X aria-hidden="true" />&#32;{t("coach.messageParts.reject")}
          </Button>
        </div>
      ) : part.state === "approval-responded" ? (
        <p className="mt-2 flex items-center gap-1 text-muted-foreground" role="status">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          {part.approval?.approved ? t("coach.messageParts.saving") : t("coach.messageParts.tellingTheCoach")}
        </p>
      ) : part.state === "output-available" ? (
        <SavedChange output={part.output} />
      ) : part.state === "output-denied" ? (
        <p className="mt-2 text-muted-foreground">{t("coach.messageParts.notSavedYouRejected")}</p>
      ) : null}
    </section>
  );
}

/** What an approved change saved, and the way back: Undo puts the previous values back. */
function SavedChange({ output }: { output: unknown }) {
  const t = useT();
  const changeId = output && typeof output === "object" ? (output as { change_id?: unknown }).change_id : undefined;
  const undo = useUndoCoachChange();
  return (
    <div className="mt-2 text-muted-foreground">
      <p>{savedSummary(output, t)}</p>
      {typeof changeId === "string" &&
        (undo.isSuccess ? (
          <p role="status" className="mt-1">{t("coach.messageParts.undoneThePreviousValues")}</p>
        ) : (
          <>
            <Button size="sm" variant="outline" className="mt-2" disabled={undo.isPending} onClick={() => undo.mutate(changeId)}>
              <Undo2 aria-hidden="true" /> {undo.isPending ? t("coach.messageParts.undoing") : t("coach.messageParts.undoThisChange")}
            </Button>
            {undo.isError && <p role="alert" className="mt-1 text-destructive">{undo.error.message}</p>}
          </>
        ))}
    </div>
  );
}

function savedSummary(output: unknown, t: Translate): string {
  const summary = output && typeof output === "object" ? (output as { summary?: unknown }).summary : undefined;
  if (typeof summary !== "string" || !summary.trim()) return t("coach.saved");
  return /[.!?]$/.test(summary.trim()) ? summary.trim() : `${summary.trim()}.`;
}

function ToolPartView({ part, message, onAnswer }: { part: ToolPart; message: UIMessage; onAnswer: ApprovalAnswer }) {
  const t = useT();
  const name = getToolOrDynamicToolName(part as never);
  const approval = message.parts.find(
    (p) => p.type === "data-approval" && (p as { data?: ApprovalData }).data?.tool_call_id === part.toolCallId,
  ) as { data: ApprovalData } | undefined;
  if (approval || part.state.startsWith("approval") || part.state === "output-denied" || (WRITE_TOOLS.has(name) && part.approval)) {
    return <ApprovalCard data={approval?.data} part={part} onAnswer={onAnswer} />;
  }
  if (part.state === "output-available") return <ToolCard name={name} part={part} />;
  if (part.state === "output-error") {
    return (
      <p className="flex items-center gap-1 text-sm text-muted-foreground">
        <CircleAlert className="size-4 text-destructive" aria-hidden="true" />
        {part.errorText ? t("coach.toolError", { tool: toolLabel(name), error: part.errorText }) : t("coach.toolFailed", { tool: toolLabel(name) })}
      </p>
    );
  }
  if (WRITE_TOOLS.has(name)) return null; // the approval request follows
  return (
    <p className="flex items-center gap-1 text-sm text-muted-foreground">
      <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      {t("coach.toolRunning", { tool: toolLabel(name) })}
    </p>
  );
}

export function MessageParts({ message, onAnswer }: { message: UIMessage; onAnswer: ApprovalAnswer }) {
  const t = useT();
  return (
    <>
      {message.parts.map((part, index) => {
        const key = `${message.id}-${index}`;
        if (part.type === "text") {
          return (
            <div key={key} className="whitespace-pre-wrap break-words leading-relaxed" data-testid="message-text">
              {part.text}
            </div>
          );
        }
        if (isToolOrDynamicToolUIPart(part)) return <ToolPartView key={key} part={part as ToolPart} message={message} onAnswer={onAnswer} />;
        if (part.type === "data-provenance") {
          const unverified = ((part as { data?: { unverified?: string[] } }).data?.unverified ?? []).filter(Boolean);
          return unverified.length ? (
            <p key={key} className="text-xs text-muted-foreground">
              {t("coach.messageParts.notFoundInAny", { value: unverified.join(", ") })}
            </p>
          ) : null;
        }
        return null;
      })}
    </>
  );
}
