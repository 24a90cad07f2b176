"""The `firepath` command, run as a user runs it, sharing this test run's embedded server."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import text

from api import models as m
from api.core.db import Database, privileged_session

FIREPATH = str(Path(__file__).resolve().parents[2] / ".venv" / "bin" / "firepath")


def firepath(*args: str, env: dict[str, str], check: bool = True) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([FIREPATH, *args], env=env, capture_output=True, text=True, timeout=120)
    if check:
        assert result.returncode == 0, result.stderr
    return result


@pytest.fixture
def demo_email(database: Database) -> Iterator[str]:
    email = "seeded-demo@example.com"
    yield email
    with privileged_session(database) as s:
        s.execute(text("DELETE FROM users WHERE lower(email) = :e"), {"e": email})


def test_seed_demo_fills_every_resource(database: Database, cli_env: dict[str, str], demo_email: str) -> None:
    out = firepath("seed-demo", "--email", demo_email, env=cli_env).stdout
    password = re.search(r"password:\s+(\S+)", out)
    assert demo_email in out and password and len(password.group(1)) >= 12

    with privileged_session(database) as s:
        user_id = s.scalar(text("SELECT id FROM users WHERE email = :e"), {"e": demo_email})
        per_user = {t.name: s.scalar(text(f"SELECT count(*) FROM {t.name} WHERE user_id = :u"), {"u": user_id})
                    for t in m.Base.metadata.sorted_tables if "user_id" in t.c}
        snapshot = s.execute(text("SELECT assets, liabilities, net_worth FROM net_worth_snapshots "
                                  "WHERE user_id = :u ORDER BY taken_on DESC LIMIT 1"), {"u": user_id}).one()
    for table in ("profiles", "income", "expenses", "expense_items", "savings_items", "savings_investments",
                  "budget_allocations", "future_plans", "user_preferences", "user_accounts", "goals",
                  "user_properties", "user_activity_log", "user_credit_data", "user_credit_cards",
                  "user_lines_of_credit", "user_roles", "net_worth_snapshots", "community_posts"):
        assert per_user[table] > 0, table
    assert per_user["expense_items"] >= 10 and per_user["net_worth_snapshots"] == 13
    assets, liabilities, net_worth = snapshot
    assert assets > Decimal(1_000_000) and liabilities > Decimal(600_000) and net_worth == assets - liabilities

    # Seeding again resets the same account instead of failing or duplicating it.
    firepath("seed-demo", "--email", demo_email, "--password", "another-password-42", env=cli_env)
    with privileged_session(database) as s:
        assert s.scalar(text("SELECT count(*) FROM users WHERE email = :e"), {"e": demo_email}) == 1
        assert s.scalar(text("SELECT count(*) FROM user_accounts a JOIN users u ON u.id = a.user_id "
                             "WHERE u.email = :e"), {"e": demo_email}) == 8


def test_grant_role(database: Database, cli_env: dict[str, str], demo_email: str) -> None:
    firepath("seed-demo", "--email", demo_email, env=cli_env)
    assert "is now moderator" in firepath("users", "grant-role", demo_email, "moderator", env=cli_env).stdout
    with privileged_session(database) as s:
        role = s.scalar(text("SELECT r.role FROM user_roles r JOIN users u ON u.id = r.user_id WHERE u.email = :e"),
                        {"e": demo_email})
    assert role == "moderator"
    missing = firepath("users", "grant-role", "nobody@example.com", "admin", env=cli_env, check=False)
    assert missing.returncode == 1 and "No user with the e-mail nobody@example.com" in missing.stderr
    bad = firepath("users", "grant-role", demo_email, "owner", env=cli_env, check=False)
    assert bad.returncode == 2 and "owner" in bad.stderr


def test_db_url_connects_with_psql_style_clients(database: Database, cli_env: dict[str, str]) -> None:
    url = firepath("db-url", env=cli_env).stdout.strip()
    assert url.startswith("postgresql://")
    with psycopg.connect(url) as conn:
        assert conn.execute("SELECT count(*) FROM alembic_version").fetchone() == (1,)


def test_migrate_reports_the_revision(database: Database, cli_env: dict[str, str]) -> None:
    out = firepath("migrate", env=cli_env).stdout
    assert re.search(r"database at revision (\w+) \(head \1\)", out)


def test_worker_without_a_broker_explains_itself(cli_env: dict[str, str]) -> None:
    result = firepath("worker", env=cli_env, check=False)
    assert result.returncode == 1 and "CELERY_BROKER_URL is not set" in result.stderr


@pytest.mark.parametrize("command", [["serve", "--port", "9"], ["worker"]])
def test_production_refuses_to_start_without_its_settings(cli_env: dict[str, str], command: list[str]) -> None:
    env = {**cli_env, "FIREPATH_ENV": "production", "FIREPATH_JWT_SECRET": "", "FIREPATH_PUBLIC_URL": "",
           "CELERY_BROKER_URL": "redis://127.0.0.1:9/0"}
    result = firepath(*command, env=env, check=False)
    assert result.returncode == 1
    assert result.stderr.startswith("error: refusing to start in production: FIREPATH_JWT_SECRET is not set")
    assert "FIREPATH_PUBLIC_URL is not set" in result.stderr and result.stderr.count("\n") == 1


def test_tasks_list_and_run_a_scheduled_task(database: Database, cli_env: dict[str, str]) -> None:
    listed = firepath("tasks", "list", env=cli_env).stdout
    assert listed.startswith("networth.snapshot_all  (nightly-net-worth-snapshot:")
    ran = firepath("tasks", "run", "networth.snapshot_all", env=cli_env).stdout
    assert ran.startswith("networth.snapshot_all: ")
    wrong = firepath("tasks", "run", "mail.send", env=cli_env, check=False)
    assert wrong.returncode == 1 and "no task 'mail.send'; tasks that run on their own: knowledge.ingest, " \
                                      "networth.snapshot_all" in wrong.stderr


def test_serve_says_in_one_line_why_it_cannot_start(cli_env: dict[str, str]) -> None:
    env = {**cli_env, "DATABASE_URL": "postgresql://firepath:pw@127.0.0.1:9/firepath"}
    result = firepath("serve", "--port", "9", env=env, check=False)
    assert result.returncode == 1
    assert result.stderr.startswith("error: Cannot connect to the database at postgresql+psycopg://firepath:***@"
                                    "127.0.0.1:9/firepath: connection failed"), result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stdout + result.stderr
