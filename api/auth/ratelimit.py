"""Fixed-window rate limits kept in PostgreSQL, so they hold across every server process.

Each hit is counted in its own committed transaction: a request that then fails (a wrong password)
still counts.
"""

from __future__ import annotations

import math
import random
import time
from datetime import UTC, datetime

from sqlalchemy import delete, func
from sqlalchemy.dialects.postgresql import insert

from api.auth.errors import AuthApiError
from api.auth.models import RateLimitHit
from api.core.db import privileged_session
from api.core.errors import TooManyRequests
from api.core.i18n import msg


def count(*, key: str, window_seconds: int) -> tuple[int, int]:
    """Count one request for `key` in the current fixed window: (requests in the window, seconds until it ends)."""
    now = time.time()
    start = math.floor(now / window_seconds) * window_seconds
    window_start = datetime.fromtimestamp(start, UTC)
    statement = insert(RateLimitHit).values(key=key[:400], window_start=window_start, count=1)
    statement = statement.on_conflict_do_update(index_elements=["key", "window_start"],
                                                set_={"count": RateLimitHit.count + 1})
    with privileged_session() as session:
        counted = session.execute(statement.returning(RateLimitHit.count)).scalar_one()
        if random.random() < 0.01:  # noqa: S311 - housekeeping, not security
            session.execute(delete(RateLimitHit).where(
                RateLimitHit.window_start < func.now() - func.make_interval(0, 0, 0, 1)))
    return counted, max(1, math.ceil(start + window_seconds - now))


def hit(*, key: str, limit: int, window_seconds: int) -> None:
    """Count one request for `key`; raise 429 with Retry-After (GoTrue's format) once `limit` is exceeded."""
    counted, retry_after = count(key=key, window_seconds=window_seconds)
    if counted > limit:
        raise AuthApiError(429, "over_request_rate_limit", "Request rate limit reached",
                           headers={"Retry-After": str(retry_after)})


def hit_api(*, key: str, limit: int, window_seconds: int) -> None:
    """The same for /api/v1: 429 `rate_limited` in the API's error format, with Retry-After."""
    counted, retry_after = count(key=key, window_seconds=window_seconds)
    if counted > limit:
        raise TooManyRequests(msg("rate_limited.retry_after", seconds=retry_after), retry_after=retry_after)
