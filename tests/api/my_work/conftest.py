"""The stages organisations (tests/api/feedback/factories.py) as fixtures of these tests."""

from tests.api.feedback.factories import ntk, stages

__all__ = ["ntk", "stages"]
