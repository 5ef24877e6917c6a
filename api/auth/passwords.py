"""Password rules shared by every place a password is set."""

import re

from api.core.errors import BadRequest

MIN_LENGTH = 8
MAX_LENGTH = 128


def check_new_password(password: str) -> str:
    if not password:
        raise BadRequest("Please fill in all fields")
    if len(password) < MIN_LENGTH:
        raise BadRequest("Password must be at least 8 characters long")
    if len(password) > MAX_LENGTH:
        raise BadRequest("Password must be at most 128 characters long")
    if not re.search(r"[A-Za-z]", password) or not re.search(r"\d", password):
        raise BadRequest("Password must contain at least one letter and one number")
    return password
