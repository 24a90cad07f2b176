"""The household's adults: read (assumed from the profile and income until saved) and saved whole."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime

from sqlalchemy import delete
from sqlalchemy.orm import Session

from api.core.errors import Invalid
from api.core.i18n import msg
from api.core.repository import entry_times, list_for_user, lock_for_user, one_for_user
from api.household.models import HouseholdMember
from api.household.schemas import HouseholdIn, HouseholdRead, MemberIn, MemberRead
from api.income.models import Income
from api.planning.household import MAX_CPP_AT_65
from api.profile.models import Profile

COUPLED = {"married", "common-law", "common_law", "partnered", "commonlaw"}


def age_on(birth_date: date, day: date) -> int:
    return day.year - birth_date.year - ((day.month, day.day) < (birth_date.month, birth_date.day))


def _assumed(session: Session, user_id: uuid.UUID) -> list[MemberRead]:
    """Before the household is saved: you, and a partner when the profile says you live as a couple or the
    income page has a partner's income."""
    profile = one_for_user(session, Profile, user_id)
    income = one_for_user(session, Income, user_id)
    members = [MemberRead(id=None, role="self", name=profile.first_name if profile else None)]
    coupled = bool(profile and (profile.marital_status or "").strip().lower() in COUPLED)
    if coupled or (income and income.partner_income):
        members.append(MemberRead(id=None, role="partner", name=None))
    return members


def get_household(*, session: Session, user_id: uuid.UUID) -> HouseholdRead:
    rows = list_for_user(session, HouseholdMember, user_id, newest_first=False)
    if not rows:
        return HouseholdRead(members=_assumed(session, user_id), saved=False)
    ordered = sorted(rows, key=lambda r: r.role != "self")
    return HouseholdRead(members=[MemberRead.model_validate(r, from_attributes=True) for r in ordered], saved=True)


def _check(members: list[MemberIn], today: date, profile_age: int | None) -> None:
    roles = [m.role for m in members]
    if roles.count("self") != 1 or len(set(roles)) != len(roles):
        raise Invalid("members: give yourself once (role self) and at most one partner",
                      details=[{"field": "members", "message": "one self and at most one partner"}])
    for i, m in enumerate(members):
        where = f"members.{i}"
        age = age_on(m.birth_date, today) if m.birth_date else (profile_age if m.role == "self" else None)
        if m.birth_date is not None and m.birth_date > today:
            raise Invalid(msg("validation_error.birth_date_future", where=where),
                          details=[{"field": f"{where}.birth_date"}])
        if m.birth_date is not None and age is not None and age > 120:
            raise Invalid(msg("validation_error.birth_date_over_120", where=where),
                          details=[{"field": f"{where}.birth_date"}])
        working = m.employment_income is None or m.employment_income > 0
        if age is not None and m.retirement_age is not None and m.retirement_age <= age and working:
            raise Invalid(msg("validation_error.retirement_not_after_age", field=f"{where}.retirement_age",
                              retire=m.retirement_age, age=age),
                          details=[{"field": f"{where}.retirement_age"}])
        if m.cpp_at_65 is not None and m.cpp_at_65 > MAX_CPP_AT_65:
            raise Invalid(msg("validation_error.cpp_at_65_max", where=where, max=MAX_CPP_AT_65),
                          details=[{"field": f"{where}.cpp_at_65"}])
        if age is not None and m.planned_death_age is not None and m.planned_death_age <= age:
            raise Invalid(msg("validation_error.death_not_after_age", where=where, age=age),
                          details=[{"field": f"{where}.planned_death_age"}])


def save_household(*, session: Session, user_id: uuid.UUID, data: HouseholdIn) -> HouseholdRead:
    profile = one_for_user(session, Profile, user_id)
    _check(data.members, datetime.now(UTC).date(), profile.age if profile else None)
    lock_for_user(session, "household", user_id)
    session.execute(delete(HouseholdMember).where(HouseholdMember.user_id == user_id))
    ordered = sorted(data.members, key=lambda m: m.role != "self")
    session.add_all(HouseholdMember(user_id=user_id, created_at=at, **m.model_dump())
                    for m, at in zip(ordered, entry_times(len(ordered)), strict=True))
    session.flush()
    return get_household(session=session, user_id=user_id)
