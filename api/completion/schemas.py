"""Completion out."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

Badge = Literal["Not Started", "In Progress", "Complete"]


class SectionCompletion(BaseModel):
    key: str = Field(description="profile, income, expenses, savings, budgeting, accounts, futurePlans, goals, "
                                 "properties, credit or preferences")
    label: str
    group: Literal["Essential", "Important", "Optional"]
    route: str
    score: int = Field(ge=0, le=100)
    badge: Badge


class CompletionRead(BaseModel):
    overall: int = Field(ge=0, le=100, description="The rounded average of the 11 sections")
    badge: Badge
    sections: list[SectionCompletion]
