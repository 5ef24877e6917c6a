"""The stages organisations (tests/api/feedback/factories.py) and the cycle organisation
(tests/api/cycles/conftest.py) as fixtures of the attack tests."""

from tests.api.cycles.conftest import world
from tests.api.feedback.factories import ntk, stages

__all__ = ["ntk", "stages", "world"]
