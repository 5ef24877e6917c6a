"""These tests need Merit behind PgBouncer: tests/pooler/run.py starts one and runs them. In
a plain pytest run (straight to Postgres) they are not collected."""

import os

if os.environ.get("MERIT_DB_POOLER") != "transaction":
    collect_ignore_glob = ["test_*.py"]
