"""Small helpers for the tool tests: find a tool, run it with arguments as a model would send them."""

from __future__ import annotations

from typing import Any

from tools.base import CoachTool, ToolContext
from tools.registry import build_tools


def tool(context: ToolContext, tool_name: str, /) -> CoachTool[Any, Any]:
    return next(t for t in build_tools(context) if t.name == tool_name)


def call(context: ToolContext, tool_name: str, /, **arguments: Any) -> Any:
    """Run a tool with the arguments a model would send (validated by its input model)."""
    found = tool(context, tool_name)
    return found.run(found.parse(arguments))
