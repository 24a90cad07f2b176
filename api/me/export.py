"""Your data is yours: export everything the signed-in user saved (one JSON file, or CSV files in a zip), and
import such a file into an empty account (an account move).

Every query is scoped to the acting user (and runs under row-level security on the app path). The file holds no
ids, user ids, password hashes or tokens: an import creates new rows with new ids. Money is written as plain
decimal strings ("3390.00"), never floats.

An import is one transaction (all or nothing). Each row is validated by the create schema of its domain, and the
single records (profile, income, budget, ...) are saved through their domain's own save functions, so an import
cannot store what a save could not. Two checks that depend on today's date are not applied again: a goal date
that has passed since it was saved, and a retirement age reached since (a saved plan that has aged is still the
user's data). Coach conversations, community posts and comments and the activity log are exported for the record
and not restored: a conversation is LangGraph checkpoint state kept outside this transaction, and reposting to the
community from a file would duplicate public posts.
"""

from __future__ import annotations

import csv
import io
import json
import uuid
import zipfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError
from sqlalchemy import exists, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from api.accounts.models import UserAccount
from api.accounts.schemas import AccountIn
from api.activity.models import ActivityLog
from api.budget.models import BudgetAllocation
from api.budget.schemas import BudgetIn
from api.budget.service import save_budget
from api.coach.models import CoachThread
from api.community.models import CommunityComment, CommunityPost
from api.core import repository as repo
from api.core.errors import Conflict, Invalid, validation_message
from api.core.i18n import msg
from api.credit.models import CreditCard, CreditData, LineOfCredit
from api.credit.schemas import CreditCardIn, CreditDataIn, LineOfCreditIn
from api.credit.service import save_credit_data
from api.expenses.models import Expense, ExpenseItem
from api.expenses.schemas import ExpenseItemIn
from api.expenses.service import save_expenses
from api.future_plans.models import FuturePlan, FuturePlanItem
from api.future_plans.schemas import FuturePlanIn, FuturePlanItemRecord
from api.future_plans.service import list_items, save_plan
from api.goals.models import Goal
from api.goals.schemas import GoalIn
from api.goals.service import LEGACY
from api.household.models import HouseholdMember
from api.household.schemas import MemberIn
from api.income.models import Income
from api.income.schemas import IncomeIn
from api.income.service import save_income
from api.me.schemas import (
    FORMAT_VERSION,
    RECORD_ONLY,
    ActivityRecord,
    CommentRecord,
    ExportFile,
    ImportRead,
    NetWorthPoint,
    PostRecord,
)
from api.networth.models import NetWorthSnapshot
from api.plan.models import PlanScenario
from api.plan.scenarios import ScenarioChanges, ScenarioIn
from api.preferences.models import DEFAULTS, UserPreferences
from api.preferences.schemas import PreferencesIn
from api.preferences.service import save_preferences
from api.profile.models import Profile
from api.profile.schemas import ProfileIn
from api.profile.service import save_profile
from api.properties.models import UserProperty
from api.properties.schemas import PropertyIn
from api.savings.models import SavingsInvestment, SavingsItem
from api.savings.schemas import SavingsItemIn, SavingsItemsIn, SavingsSummaryIn
from api.savings.service import save_items, save_summary

if TYPE_CHECKING:
    from langgraph.checkpoint.postgres import PostgresSaver

# What makes an account "not empty" for an import: any of these saved. Preferences count only when changed from
# the defaults a first read writes; the nightly net-worth snapshot, coach conversations, community posts and the
# activity log do not count (an import adds none of them over what is there, except the net-worth history,
# whose days it overwrites).
SAVED_TABLES: tuple[type[Any], ...] = (
    Profile, Income, Expense, ExpenseItem, SavingsItem, SavingsInvestment, BudgetAllocation, UserAccount,
    UserProperty, CreditData, CreditCard, LineOfCredit, Goal, FuturePlan, FuturePlanItem, HouseholdMember, PlanScenario,
)


# --- export ------------------------------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    """JSON-ready values: money and rates as decimal strings, dates as ISO 8601."""
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _fields(row: Any, schema: type[BaseModel]) -> dict[str, Any]:
    """The row's values of the schema's fields (as saved: no validation, so an old row still exports)."""
    return {name: _plain(getattr(row, name)) for name in schema.model_fields if hasattr(row, name)}


def _one(session: Session, model: type[Any], user_id: uuid.UUID, schema: type[BaseModel]) -> dict[str, Any] | None:
    row = repo.one_for_user(session, model, user_id)
    return _fields(row, schema) if row is not None else None


def _many(session: Session, model: type[Any], user_id: uuid.UUID, schema: type[BaseModel], *where: Any,
          newest_first: bool = True) -> list[dict[str, Any]]:
    rows = repo.list_for_user(session, model, user_id, *where, newest_first=newest_first)
    return [_fields(row, schema) for row in rows]


def _expenses(session: Session, user_id: uuid.UUID) -> dict[str, Any] | None:
    expense = repo.one_for_user(session, Expense, user_id)
    items = _many(session, ExpenseItem, user_id, ExpenseItemIn, newest_first=False)
    if expense is None and not items:
        return None
    return {"rent_mortgage": _plain(expense.rent_mortgage if expense else Decimal("0.00")), "items": items}


def _goals(session: Session, user_id: uuid.UUID) -> list[dict[str, Any]]:
    goals = _many(session, Goal, user_id, GoalIn)
    for goal in goals:
        goal["category"] = LEGACY.get(goal["category"], goal["category"])
    return goals


def _future_plan(session: Session, user_id: uuid.UUID) -> dict[str, Any] | None:
    """The one-of-each record: only its income growth (its dated plans are in `future_plan_items`)."""
    row = repo.one_for_user(session, FuturePlan, user_id)
    return None if row is None else {"income_growth_rate": _plain(row.income_growth_rate)}


def _future_plan_items(session: Session, user_id: uuid.UUID) -> list[dict[str, Any]]:
    return [_fields(row, FuturePlanItemRecord) for row in list_items(session=session, user_id=user_id)]


def _household(session: Session, user_id: uuid.UUID) -> dict[str, Any] | None:
    rows = sorted(repo.list_for_user(session, HouseholdMember, user_id, newest_first=False),
                  key=lambda r: r.role != "self")
    return {"members": [_fields(r, MemberIn) for r in rows]} if rows else None


def _scenario_changes(changes: Mapping[str, Any]) -> Any:
    """Only what the scenario changes (what is left at its default is left out), money as decimal strings."""
    try:
        parsed = ScenarioChanges.model_validate(changes)
    except ValidationError:
        return _plain(changes)  # as saved: an old shape still exports
    return _plain(parsed.model_dump(exclude_defaults=True))


def _net_worth(session: Session, user_id: uuid.UUID) -> list[dict[str, Any]]:
    rows = session.scalars(select(NetWorthSnapshot).where(NetWorthSnapshot.user_id == user_id)
                           .order_by(NetWorthSnapshot.taken_on))
    return [_fields(r, NetWorthPoint) for r in rows]


def _community(session: Session, user_id: uuid.UUID) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    posts = session.scalars(select(CommunityPost).where(CommunityPost.user_id == user_id)
                            .order_by(CommunityPost.created_at, CommunityPost.id)).all()
    titles = {p.id: p.title for p in posts}  # only the user's own posts are named: others' are not theirs
    comments = session.scalars(select(CommunityComment).where(CommunityComment.user_id == user_id)
                               .order_by(CommunityComment.created_at, CommunityComment.id)).all()
    return ([{"category": p.category, "title": p.title, "body": p.body, "created_at": _plain(p.created_at)}
             for p in posts],
            [{"post_title": titles.get(c.post_id), "body": c.body, "created_at": _plain(c.created_at)}
             for c in comments])


def _activity(session: Session, user_id: uuid.UUID) -> list[dict[str, Any]]:
    rows = repo.list_for_user(session, ActivityLog, user_id, newest_first=False)
    return [{"description": r.description, "category": r.category, "created_at": _plain(r.created_at)} for r in rows]


def _conversation_messages(saver: PostgresSaver, thread_id: uuid.UUID) -> list[dict[str, str]]:
    """A thread's messages as readable role and text: what the user asked and what the coach answered (tool calls
    and their raw results, the coach's working, are left out)."""
    from langchain_core.messages import AIMessage, HumanMessage

    from agent.coach.graph import message_text

    stored = saver.get_tuple({"configurable": {"thread_id": str(thread_id)}})
    if stored is None:
        return []
    messages = []
    for message in stored.checkpoint["channel_values"].get("messages", []):
        role = "user" if isinstance(message, HumanMessage) else "assistant" if isinstance(message, AIMessage) else None
        text = message_text(message).strip()
        if role and text:
            messages.append({"role": role, "content": text})
    return messages


def _conversations(session: Session, user_id: uuid.UUID) -> list[dict[str, Any]]:
    # The thread ids come from the user's own index rows (row-level security), so only their checkpoints are read.
    threads = repo.list_for_user(session, CoachThread, user_id, newest_first=False)
    if not threads:
        return []
    from agent.coach import checkpoint

    with checkpoint.sync_checkpointer() as saver:
        return [{"title": t.title, "created_at": _plain(t.created_at), "updated_at": _plain(t.updated_at),
                 "messages": _conversation_messages(saver, t.id)} for t in threads]


def export_data(*, session: Session, user_id: uuid.UUID, now: datetime | None = None) -> dict[str, Any]:
    """Everything the user saved, as the export file (JSON-ready: money as decimal strings)."""
    preferences = repo.one_for_user(session, UserPreferences, user_id)
    posts, comments = _community(session, user_id)
    return {
        "format_version": FORMAT_VERSION,
        "exported_at": _plain(now or datetime.now(UTC)),
        "app": "FIRE Path",
        "profile": _one(session, Profile, user_id, ProfileIn),
        "income": _one(session, Income, user_id, IncomeIn),
        "expenses": _expenses(session, user_id),
        "savings_items": _many(session, SavingsItem, user_id, SavingsItemIn, newest_first=False),
        "savings_summary": _one(session, SavingsInvestment, user_id, SavingsSummaryIn),
        "budget": _one(session, BudgetAllocation, user_id, BudgetIn),
        "accounts": _many(session, UserAccount, user_id, AccountIn),
        "properties": _many(session, UserProperty, user_id, PropertyIn),
        "credit_summary": _one(session, CreditData, user_id, CreditDataIn),
        "credit_cards": _many(session, CreditCard, user_id, CreditCardIn, CreditCard.is_active.is_(True)),
        "lines_of_credit": _many(session, LineOfCredit, user_id, LineOfCreditIn, LineOfCredit.is_active.is_(True)),
        "goals": _goals(session, user_id),
        "future_plan": _future_plan(session, user_id),
        "future_plan_items": _future_plan_items(session, user_id),
        "preferences": _fields(preferences, PreferencesIn) if preferences is not None else None,
        "household": _household(session, user_id),
        "scenarios": [{"name": s.name, "changes": _scenario_changes(s.changes)}
                      for s in repo.list_for_user(session, PlanScenario, user_id, newest_first=False)],
        "net_worth_history": _net_worth(session, user_id),
        "community_posts": posts,
        "community_comments": comments,
        "activity": _activity(session, user_id),
        "coach_conversations": _conversations(session, user_id),
    }


def export_json(data: Mapping[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False, indent=2).encode("utf-8")


# --- CSV -------------------------------------------------------------------------------------------------------


def _cell(value: Any) -> Any:
    """Lists of labels joined with '; ' (as a spreadsheet shows them); other structures as JSON."""
    if value is None:
        return ""
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "; ".join(value)
    if isinstance(value, list | dict):
        return json.dumps(value, ensure_ascii=False)
    return value


def _csv(header: Sequence[str], rows: Iterable[Mapping[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(header), extrasaction="ignore", lineterminator="\r\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: _cell(row.get(k)) for k in header})
    return out.getvalue()


def _header(schema: type[BaseModel]) -> list[str]:
    return list(schema.model_fields)


def csv_files(data: Mapping[str, Any]) -> dict[str, str]:
    """One CSV per resource (header only when the user saved none), named after the JSON file's keys."""
    def single(key: str) -> list[Mapping[str, Any]]:
        return [data[key]] if data.get(key) else []

    expenses = data.get("expenses") or {}
    conversations = data.get("coach_conversations") or []
    messages = [{"conversation": c["title"], "started_at": c["created_at"], "number": n, **m}
                for c in conversations for n, m in enumerate(c["messages"], start=1)]
    household = (data.get("household") or {}).get("members", [])
    return {
        "profile.csv": _csv(_header(ProfileIn), single("profile")),
        "income.csv": _csv(_header(IncomeIn), single("income")),
        "expenses.csv": _csv(["rent_mortgage"], [expenses] if expenses else []),
        "expense_items.csv": _csv(_header(ExpenseItemIn), expenses.get("items", [])),
        "savings_items.csv": _csv(_header(SavingsItemIn), data.get("savings_items", [])),
        "savings_summary.csv": _csv(_header(SavingsSummaryIn), single("savings_summary")),
        "budget.csv": _csv(_header(BudgetIn), single("budget")),
        "accounts.csv": _csv(_header(AccountIn), data.get("accounts", [])),
        "properties.csv": _csv(_header(PropertyIn), data.get("properties", [])),
        "credit_summary.csv": _csv(_header(CreditDataIn), single("credit_summary")),
        "credit_cards.csv": _csv(_header(CreditCardIn), data.get("credit_cards", [])),
        "lines_of_credit.csv": _csv(_header(LineOfCreditIn), data.get("lines_of_credit", [])),
        "goals.csv": _csv(_header(GoalIn), data.get("goals", [])),
        "future_plan.csv": _csv(_header(FuturePlanIn), single("future_plan")),
        "future_plan_items.csv": _csv(_header(FuturePlanItemRecord), data.get("future_plan_items", [])),
        "preferences.csv": _csv(_header(PreferencesIn), single("preferences")),
        "household.csv": _csv(_header(MemberIn), household),
        "scenarios.csv": _csv(_header(ScenarioIn), data.get("scenarios", [])),
        "net_worth_history.csv": _csv(_header(NetWorthPoint), data.get("net_worth_history", [])),
        "community_posts.csv": _csv(_header(PostRecord), data.get("community_posts", [])),
        "community_comments.csv": _csv(_header(CommentRecord), data.get("community_comments", [])),
        "activity.csv": _csv(_header(ActivityRecord), data.get("activity", [])),
        "coach_messages.csv": _csv(["conversation", "started_at", "number", "role", "content"], messages),
    }


def export_zip(data: Mapping[str, Any]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, text in csv_files(data).items():
            archive.writestr(name, text.encode("utf-8"))
    return buffer.getvalue()


# --- import --------------------------------------------------------------------------------------------------------


def has_saved_data(*, session: Session, user_id: uuid.UUID) -> bool:
    """Whether the account holds anything an import would overwrite or add to."""
    for model in SAVED_TABLES:
        if session.scalar(select(exists().where(model.user_id == user_id))):
            return True
    preferences = repo.one_for_user(session, UserPreferences, user_id)
    return preferences is not None and any(getattr(preferences, k) != v for k, v in DEFAULTS.items())


def read_file(raw: Any) -> ExportFile:
    """The file, validated: a clear 422 for something that is not an export, a version this server does not read,
    or a row a save would refuse (named by where it is: 'accounts.2.balance: ...')."""
    if not isinstance(raw, dict) or "format_version" not in raw:
        raise Invalid("This file is not a FIRE Path export: it has no format_version. Choose the .json file that "
                      "'Download JSON' saved.", code="not_an_export", details=[{"field": "format_version"}])
    version = raw.get("format_version")
    if version != FORMAT_VERSION:
        raise Invalid(msg("unsupported_export_version.version", version=repr(version), supported=FORMAT_VERSION),
                      code="unsupported_export_version", details=[{"field": "format_version"}])
    try:
        return ExportFile.model_validate(raw)
    except ValidationError as exc:
        errors = exc.errors()
        details = [{"field": ".".join(str(p) for p in e["loc"]), "message": e["msg"]} for e in errors[:20]]
        raise Invalid(msg("invalid_export.cannot_import", problem=validation_message(list(errors))),  # type: ignore[arg-type]
                      code="invalid_export", details=details) from None


def _check_household(file: ExportFile) -> None:
    if file.household is None:
        return
    roles = [m.role for m in file.household.members]
    if roles.count("self") != 1 or len(set(roles)) != len(roles):
        raise Invalid("The file cannot be imported: household.members: give yourself once (role self) and at most "
                      "one partner", code="invalid_export", details=[{"field": "household.members"}])


def _add_in_order(session: Session, model: type[Any], user_id: uuid.UUID, rows: Sequence[Mapping[str, Any]], *,
                  newest_first: bool) -> int:
    """Insert rows so their list reads in the file's order (creation times a microsecond apart)."""
    times = repo.entry_times(len(rows))
    if newest_first:
        times.reverse()
    session.add_all(model(user_id=user_id, created_at=at, **values) for values, at in zip(rows, times, strict=True))
    return len(rows)


def import_data(*, session: Session, user_id: uuid.UUID, raw: Any) -> ImportRead:
    """Restore an export into this (empty) account, in the caller's one transaction."""
    file = read_file(raw)
    _check_household(file)
    repo.lock_for_user(session, "import_export", user_id)  # two imports at once: the second finds the first's rows
    if has_saved_data(session=session, user_id=user_id):
        raise Conflict("This account already has saved data. Import moves an account into an empty one: sign up "
                       "for a new account (or delete what you saved) and import there.", code="account_not_empty")
    restored: dict[str, int] = {}
    # Single records through their own save functions (the profile first: the preferences check reads its age).
    if file.profile is not None:
        save_profile(session=session, user_id=user_id, data=file.profile,
                     record_email=file.profile.model_dump()["email"])  # the account's e-mail as exported
    restored["profile"] = int(file.profile is not None)
    singles: list[tuple[str, BaseModel | None, Callable[..., object]]] = [
        ("income", file.income, save_income), ("expenses", file.expenses, save_expenses),
        ("savings_summary", file.savings_summary, save_summary), ("budget", file.budget, save_budget),
        ("credit_summary", file.credit_summary, save_credit_data), ("future_plan", file.future_plan, save_plan),
        ("preferences", file.preferences, save_preferences)]
    for name, record, save in singles:
        if record is not None:
            save(session=session, user_id=user_id, data=record)
        restored[name] = int(record is not None)
    restored["expense_items"] = len(file.expenses.items) if file.expenses else 0
    saved_items = save_items(session=session, user_id=user_id, data=SavingsItemsIn(items=file.savings_items))
    restored["savings_items"] = len(saved_items.items)
    # Lists, in the order the file has them (as the lists showed them).
    restored["accounts"] = _add_in_order(session, UserAccount, user_id, [a.model_dump() for a in file.accounts],
                                         newest_first=True)
    restored["properties"] = _add_in_order(session, UserProperty, user_id,
                                           [p.model_dump() for p in file.properties], newest_first=True)
    restored["credit_cards"] = _add_in_order(session, CreditCard, user_id,
                                             [c.model_dump() for c in file.credit_cards], newest_first=True)
    restored["lines_of_credit"] = _add_in_order(session, LineOfCredit, user_id,
                                                [c.model_dump() for c in file.lines_of_credit], newest_first=True)
    restored["goals"] = _add_in_order(session, Goal, user_id,
                                      [{**g.model_dump(), "category": LEGACY.get(g.category, g.category)}
                                       for g in file.goals], newest_first=True)
    members = sorted(file.household.members, key=lambda m: m.role != "self") if file.household else []
    restored["household"] = _add_in_order(session, HouseholdMember, user_id, [m.model_dump() for m in members],
                                          newest_first=False)
    restored["future_plan_items"] = _add_in_order(session, FuturePlanItem, user_id,
                                                  [i.model_dump() for i in file.future_plan_items], newest_first=False)
    restored["scenarios"] = _add_in_order(session, PlanScenario, user_id,
                                          [{"name": s.name, "changes": s.changes.model_dump(mode="json")}
                                           for s in file.scenarios], newest_first=False)
    for point in file.net_worth_history:  # the nightly snapshot may already have written a day: the file's wins
        statement = insert(NetWorthSnapshot).values(user_id=user_id, **point.model_dump())
        session.execute(statement.on_conflict_do_update(
            index_elements=["user_id", "taken_on"],
            set_={"assets": statement.excluded.assets, "liabilities": statement.excluded.liabilities,
                  "net_worth": statement.excluded.net_worth}))
    restored["net_worth_history"] = len(file.net_worth_history)
    session.flush()
    not_restored = {key: len(getattr(file, key)) for key in RECORD_ONLY}
    total = sum(restored.values())
    message = f"Imported {total} saved item{'s' if total != 1 else ''}."
    if any(not_restored.values()):
        message += (" Coach conversations, community posts and comments and the activity history stay in the file "
                    "for your records; they are not restored.")
    return ImportRead(restored=restored, not_restored=not_restored, message=message)
