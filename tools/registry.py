"""Every coach tool, built for one signed-in user: `build_tools(context)`; and `undo_change`, which puts
back what an approved write changed.

The tool names are a contract with the graph, the offline planner and the evals; see `TOOL_NAMES`.
"""

from __future__ import annotations

from typing import Any

from tools.base import CoachTool, ToolContext
from tools.benefits import benefit_tools
from tools.compute import compute_tools
from tools.library import library_tools
from tools.navigation import navigation_tools
from tools.read import read_tools
from tools.write import undo_change, write_tools

READ = ("get_profile", "get_income", "get_expenses", "get_savings", "get_budget", "get_accounts", "get_goals",
        "get_properties", "get_credit", "get_future_plans", "get_preferences", "get_snapshot", "get_completion",
        "account_totals")
COMPUTE = ("fire_number", "years_to_fi", "projection", "monte_carlo_summary", "what_if", "savings_needed",
           "compare_scenarios", "savings_rate", "rrsp_vs_tfsa", "contribution_room", "tax_estimate", "mortgage_payment",
           "debt_payoff", "cpp_oas_timing")
WRITE = ("save_budget", "update_income", "upsert_expense_item", "upsert_goal", "update_preferences", "save_scenario")
KNOWLEDGE = ("search_knowledge_base", "open_article")
NAVIGATION = ("suggest_screen",)
TOOL_NAMES = READ + COMPUTE + WRITE + KNOWLEDGE + NAVIGATION


def build_tools(context: ToolContext) -> list[CoachTool[Any, Any]]:
    """The tools bound to `context.user_id` (reads the user's account and goal names for the enumerations)."""
    tools: list[CoachTool[Any, Any]] = []
    tools += read_tools(context)
    tools += compute_tools(context)
    tools += benefit_tools(context)
    tools += write_tools(context)
    tools += library_tools(context)
    tools += navigation_tools(context)
    return tools


def tools_by_name(context: ToolContext) -> dict[str, CoachTool[Any, Any]]:
    return {tool.name: tool for tool in build_tools(context)}


__all__ = ["TOOL_NAMES", "build_tools", "tools_by_name", "undo_change"]
