"""Model choice: ChatOpenAI when an endpoint is configured, the offline coach otherwise."""

from __future__ import annotations

from langchain_openai import ChatOpenAI
from pydantic import SecretStr

from agent.coach.model import choose_model, uses_offline_coach
from agent.coach.offline import OfflineCoachModel
from api.core.config import Settings


def test_no_endpoint_means_the_offline_coach() -> None:
    settings = Settings(OPENAI_API_KEY="", OPENAI_BASE_URL="")
    choice = choose_model(settings)
    assert uses_offline_coach(settings) and choice.offline and choice.name == "offline"
    assert isinstance(choice.model, OfflineCoachModel)


def test_a_base_url_alone_selects_an_openai_compatible_server() -> None:
    settings = Settings(OPENAI_BASE_URL="http://127.0.0.1:11434/v1", COACH_MODEL="qwen2.5:7b")
    choice = choose_model(settings)
    assert not choice.offline and choice.name == "qwen2.5:7b"
    assert isinstance(choice.model, ChatOpenAI)
    assert choice.model.openai_api_base == "http://127.0.0.1:11434/v1" and choice.model.model_name == "qwen2.5:7b"


def test_a_key_alone_selects_openai() -> None:
    choice = choose_model(Settings(OPENAI_API_KEY="sk-test", COACH_MODEL="gpt-4o-mini"))
    assert isinstance(choice.model, ChatOpenAI) and choice.model.openai_api_base is None
    key = choice.model.openai_api_key
    assert isinstance(key, SecretStr) and key.get_secret_value() == "sk-test"
