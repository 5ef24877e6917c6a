"""`python -m api.cli ...`: the same as `merit ...` (the tests and `merit dev` start it so)."""

from api.cli import app

app()
