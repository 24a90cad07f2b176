"""The navigation tool: suggest a screen of FIRE Path (a route from the spec) as a link the client renders."""

from __future__ import annotations

from typing import Any, Literal, get_args

from pydantic import Field

from tools.base import CoachTool, Provenance, ToolContext, ToolOutput
from tools.common import NoExtra

Screen = Literal[
    "/fire-dashboard", "/analysis", "/progress", "/fire-report", "/calculators", "/educational-resources",
    "/financial-strategies", "/tax-advice", "/community", "/fi-coach", "/settings", "/settings/profile",
    "/settings/income", "/settings/expenses", "/settings/budgeting", "/settings/savings", "/settings/accounts",
    "/settings/properties", "/settings/goals", "/settings/future-plans", "/settings/preferences",
    "/settings/credit",
]
SCREENS: dict[str, str] = {
    "/fire-dashboard": "FIRE dashboard", "/analysis": "Analysis", "/progress": "Progress",
    "/fire-report": "FIRE report", "/calculators": "Calculators", "/educational-resources": "Educational resources",
    "/financial-strategies": "Financial strategies", "/tax-advice": "Tax advice", "/community": "Community",
    "/fi-coach": "FI coach", "/settings": "Settings", "/settings/profile": "Personal profile",
    "/settings/income": "Income sources", "/settings/expenses": "Monthly expenses",
    "/settings/budgeting": "Budget planning", "/settings/savings": "Savings & investments",
    "/settings/accounts": "Bank accounts", "/settings/properties": "Properties", "/settings/goals": "Financial goals",
    "/settings/future-plans": "Future plans", "/settings/preferences": "Preferences",
    "/settings/credit": "Credit management",
}
assert set(SCREENS) == set(get_args(Screen))


class SuggestScreenInput(NoExtra):
    """A screen of FIRE Path for the user to open."""

    screen: Screen = Field(description="The app route: dashboards (/fire-dashboard, /analysis, /progress, "
                                       "/fire-report), tools (/calculators, /tax-advice, /financial-strategies), "
                                       "learning (/educational-resources), or a settings section to edit data")
    why: str = Field(default="", max_length=300, description="One sentence: what the user will do there")


class SuggestScreenOutput(ToolOutput):
    path: str
    label: str
    why: str


def _suggest(data: SuggestScreenInput) -> SuggestScreenOutput:
    label = SCREENS[data.screen]
    return SuggestScreenOutput(path=data.screen, label=label, why=data.why.strip() or f"Open {label}.",
                               provenance=Provenance(data=["the app's screens"]))


def navigation_tools(context: ToolContext) -> list[CoachTool[Any, Any]]:
    return [
        CoachTool(name="suggest_screen", description="Suggest a screen of FIRE Path to open (shown as a link): "
                  "where to see or edit what the conversation is about.", kind="navigation",
                  input_model=SuggestScreenInput, output_model=SuggestScreenOutput, run=_suggest),
    ]
