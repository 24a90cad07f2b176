"""What a dashboard needs, from the user's saved data (spec section 9 formulas)."""

from __future__ import annotations

import threading
import uuid
from collections import OrderedDict
from datetime import UTC, date, datetime
from decimal import Decimal

from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from api.completion import service as completion
from api.completion.service import compute_completion
from api.core.db import user_session
from api.core.i18n import Language
from api.core.repository import one_for_user
from api.expenses.service import get_expenses
from api.income.models import Income
from api.income.service import total_monthly_income
from api.networth.service import compute_net_worth
from api.plan.summary import fingerprint, version_and_language
from api.preferences.models import DEFAULTS, UserPreferences
from api.snapshot.schemas import NetWorthRead, SnapshotRead

CENT = Decimal("0.01")


_LOCK = threading.Lock()
# Per user: the key (plan version, day), the snapshot, and its JSON in each language asked for so far.
_CACHE: OrderedDict[uuid.UUID, tuple[tuple[str, date], SnapshotRead, dict[Language, bytes]]] = OrderedDict()
_CACHE_SIZE = 4_096


def get_snapshot(*, session: Session, user_id: uuid.UUID) -> SnapshotRead:
    """The snapshot, cached per user on the same fingerprint as the plan (every table it reads is in it), so the
    dashboard's second read costs one query until something is saved."""
    return _snapshot(session, user_id, (fingerprint(session, user_id), datetime.now(UTC).date()))[0].model_copy(
        deep=True)


async def snapshot_body(user_id: uuid.UUID, language: Language | None = "en") -> tuple[bytes, Language]:
    """The snapshot's JSON for the API and the language it is in: `language`, or with None the saved locale (read in
    the plan version's query). From the cache after that one async query when nothing changed, else computed on the
    sync path in a worker thread. Its completion sections are named in that language."""
    version, language = await version_and_language(user_id, language)
    key = (version, datetime.now(UTC).date())
    with _LOCK:
        hit = _CACHE.get(user_id)
        if hit is not None and hit[0] == key:
            _CACHE.move_to_end(user_id)
            body = hit[2].get(language)
            if body is not None:
                return body, language
    return await run_in_threadpool(_build_body, user_id, key, language), language


def _build_body(user_id: uuid.UUID, key: tuple[str, date], language: Language) -> bytes:
    with user_session(user_id) as session:
        return _snapshot(session, user_id, key, language)[1]


def _snapshot(session: Session, user_id: uuid.UUID, key: tuple[str, date],
              language: Language = "en") -> tuple[SnapshotRead, bytes]:
    snapshot: SnapshotRead | None = None
    bodies: dict[Language, bytes] = {}
    with _LOCK:
        hit = _CACHE.get(user_id)
        if hit is not None and hit[0] == key:
            _CACHE.move_to_end(user_id)
            snapshot, bodies = hit[1], hit[2]
    if snapshot is None:
        snapshot = _compute(session, user_id)
        bodies = {"en": snapshot.model_dump_json().encode()}
    if language not in bodies:
        said = snapshot.model_copy(update={"completion": completion.said_in(snapshot.completion, language)})
        bodies = {**bodies, language: said.model_dump_json().encode()}
    with _LOCK:
        _CACHE[user_id] = (key, snapshot, bodies)
        _CACHE.move_to_end(user_id)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return snapshot, bodies[language]


def _compute(session: Session, user_id: uuid.UUID) -> SnapshotRead:
    income = total_monthly_income(one_for_user(session, Income, user_id))
    expenses = get_expenses(session=session, user_id=user_id).totals
    preferences = one_for_user(session, UserPreferences, user_id)
    multiplier = preferences.fire_rule_multiplier if preferences else Decimal(str(DEFAULTS["fire_rule_multiplier"]))
    surplus = income - expenses.total
    annual = expenses.total * 12
    worth = compute_net_worth(session=session, user_id=user_id)
    return SnapshotRead(
        total_monthly_income=income,
        expenses=expenses,
        monthly_surplus=surplus,
        savings_rate=(surplus / income).quantize(Decimal("0.0001")) if income > 0 else None,
        annual_expenses=annual,
        fire_multiplier=multiplier,
        fire_number=(annual * multiplier).quantize(CENT),
        net_worth=NetWorthRead(assets=worth.assets, liabilities=worth.liabilities, net_worth=worth.net_worth),
        completion=compute_completion(session=session, user_id=user_id),
    )
