"""Which chat model serves the coach: an OpenAI-compatible endpoint when configured, else the offline coach.

`OPENAI_API_KEY` and/or `OPENAI_BASE_URL` select `ChatOpenAI` (OpenAI itself, or Ollama, vLLM, LM Studio
and any other server speaking `/v1/chat/completions`; local servers usually need only the base URL);
`COACH_MODEL` names the model. With neither set, the deterministic offline coach serves inside the same
graph and says so in its answers.
"""

from __future__ import annotations

from dataclasses import dataclass

from langchain_core.language_models import BaseChatModel

from api.core.config import Settings, get_settings

# Local OpenAI-compatible servers ignore the key, but the client refuses to start without one.
PLACEHOLDER_KEY = "not-needed"


class CoachModelUnavailable(RuntimeError):
    """No model can serve the coach (the offline coach is not installed and no endpoint is configured)."""


@dataclass(frozen=True)
class CoachModelChoice:
    model: BaseChatModel
    offline: bool
    name: str


def uses_offline_coach(settings: Settings | None = None) -> bool:
    """True when no OpenAI-compatible endpoint is configured, so the offline coach serves."""
    settings = settings or get_settings()
    return not (settings.openai_api_key or settings.openai_base_url)


def openai_model(settings: Settings, *, model_name: str | None = None) -> BaseChatModel:
    from langchain_openai import ChatOpenAI
    from pydantic import SecretStr

    # `streaming` stays unset: LangGraph streams tokens when asked and gets whole messages otherwise.
    return ChatOpenAI(model=model_name or settings.coach_model, base_url=settings.openai_base_url,
                      api_key=SecretStr(settings.openai_api_key or PLACEHOLDER_KEY),
                      timeout=settings.coach_timeout_seconds, max_retries=1)


def offline_model() -> BaseChatModel:
    try:
        from agent.coach.offline import OfflineCoachModel  # type: ignore[import-not-found,unused-ignore]
    except ImportError as exc:
        raise CoachModelUnavailable(
            "No coach model is configured (set OPENAI_API_KEY or OPENAI_BASE_URL) and the offline coach "
            f"(agent.coach.offline) cannot be loaded: {exc}"
        ) from exc
    model: BaseChatModel = OfflineCoachModel()
    return model


def choose_model(settings: Settings | None = None) -> CoachModelChoice:
    """The model the coach uses with these settings."""
    settings = settings or get_settings()
    if uses_offline_coach(settings):
        return CoachModelChoice(model=offline_model(), offline=True, name="offline")
    return CoachModelChoice(model=openai_model(settings), offline=False, name=settings.coach_model)
