"""The OpenAPI description is complete and truthful: stable, unique operation ids, models for every
request and response, and a property-based run (schemathesis) that finds no 5xx and no response that breaks
its schema, for a signed-in user."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis.core.result import Err
from schemathesis.specs.openapi.checks import positive_data_acceptance


@pytest.fixture(scope="module")
def spec(api: TestClient) -> dict[str, Any]:
    return dict(api.get("/openapi.json").json())


def test_operation_ids_are_stable_and_unique(spec: dict[str, Any]) -> None:
    ids = [op["operationId"] for path in spec["paths"].values() for op in path.values()]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", i) for i in ids), ids


def test_every_api_operation_has_models(spec: dict[str, Any]) -> None:
    for path, operations in spec["paths"].items():
        if not path.startswith("/api/v1"):
            continue
        for method, op in operations.items():
            ok = [code for code in op["responses"] if code.startswith("2")]
            assert ok, f"{method} {path}"
            for code in ok:
                if code != "204":
                    assert op["responses"][code].get("content"), f"{method} {path} {code}"
            if method in ("post", "put", "patch") and "requestBody" in op:
                content = op["requestBody"]["content"]  # JSON, or a file upload (voice transcription)
                schema = (content.get("application/json") or content["multipart/form-data"])["schema"]
                assert "$ref" in schema or schema.get("type") == "object" or "anyOf" in schema, f"{method} {path}"


@pytest.fixture(scope="module")
def auth_headers(api: TestClient) -> dict[str, str]:
    email = f"fuzz-{uuid.uuid4().hex[:10]}@example.com"
    session = api.post("/auth/v1/signup", json={"email": email, "password": "fuzzing-pass-1"}).json()
    return {"Authorization": f"Bearer {session['access_token']}"}


SKIP = re.compile(r"^/api/v1/me/delete$")  # would end the fuzzing user's session half-way
# Where acceptance depends on more than the schema can say, random schema-valid input may rightly be refused:
# audio must be decodable; a chat request must carry a user's text or answer the thread's pending approval; the
# saving needed for FI needs saved spending (a FIRE number) and a target after the user's saved age; some
# calculators refuse contradictory fields (a taxable income given with its sources, more than half a pension split,
# a time-value question with no answer, cash flows all of one sign, room history a CRA notice already counts), and a
# household needs one self, at most one partner and dates and ages that agree; a goal's date is today or later and
# a retirement age comes after the saved age; a budget's shares (and its account split) total 100%; a what-if
# gives part-time work to a partner only when there is one; an import needs a FIRE Path export and an empty account;
# a dated future plan ends after it starts, is not over, has no end if it happens once and pays no negative wage; the
# plan's months are asked for a year between this month and the horizon.
STATEFUL_OR_UPLOAD = re.compile(r"^/api/v1/(voice/transcribe|coach/chat|plan/(savings-needed|what-if|household/months)|"
                                r"household|me/import|preferences|budget|goals(/\{goal_id\})?|"
                                r"future-plans/items(/\{item_id\})?|"
                                r"calc/(tax|pension-split|tvm|cash-flows|tfsa-room|fhsa-room))$")


def test_no_server_errors_and_responses_match_the_schema(api: TestClient, auth_headers: dict[str, str]) -> None:
    """schemathesis over every operation (its pytest plugin predates pytest 9, so operations run in a loop)."""
    loaded = schemathesis.openapi.from_asgi("/openapi.json", api.app)
    failures: dict[str, str] = {}
    ran = 0
    for result in loaded.get_all_operations():
        if isinstance(result, Err):  # an operation schemathesis cannot read is itself a broken contract
            raise result.err()
        operation = result.ok()
        if SKIP.match(operation.path):
            continue

        @given(case=operation.as_strategy())
        @settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True,
                  phases=[Phase.explicit, Phase.generate])
        def run(case: Any) -> None:
            excluded = [positive_data_acceptance] if STATEFUL_OR_UPLOAD.match(case.operation.path) else []
            case.call_and_validate(headers=auth_headers, excluded_checks=excluded)

        try:
            run()
        except Exception as exc:  # collect every operation's failure, then report them together
            inner = getattr(exc, "exceptions", ())  # a flaky run wraps the first failure: keep its words
            failures[operation.label] = (str(exc)[:600] + "".join(f"\n  - {e!r}"[:1500] for e in inner))
        ran += 1
    assert ran >= 40
    assert not failures, "\n\n".join(f"{k}: {v}" for k, v in failures.items())
