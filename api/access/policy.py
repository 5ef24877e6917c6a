"""Who may do what: the one table of the organisation's access rules.

Each rule names a resource and an action and says, for each role, which records the reader
reaches under each setting of the organisation's 'Who sees what':

- open: today's behaviour; every signed-in person reads most records;
- need to know: admin and hr reach everything; a manager account reaches its own record and
  its reporting line (direct and indirect reports through managerId); a user account its own
  record. An account linked to no employee reaches no record (the directory stays open).

A rule with no reach means the role never has the action (403). A record outside the reach
answers 404, as a record that does not exist. The web client reads these same rules from
`GET /api/auth/session` for its menus, buttons and routes.
"""

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

Visibility = Literal["open", "need_to_know"]
VISIBILITIES: tuple[Visibility, ...] = ("open", "need_to_know")
ROLES = ("admin", "hr", "manager", "user")


class Reach(StrEnum):
    ALL = "all"  # every record of the organisation
    LINE = "line"  # records of the reader's direct and indirect reports
    OWN = "own"  # records of the reader themselves
    ASSIGNED = "assigned"  # reviews the reader is the named reviewer of


Rule = frozenset[Reach]
ALL: Rule = frozenset({Reach.ALL})
LINE: Rule = frozenset({Reach.LINE, Reach.OWN})
OWN: Rule = frozenset({Reach.OWN})
LINE_ONLY: Rule = frozenset({Reach.LINE})  # the reports, not oneself (filling a review)
ASSIGNED: Rule = frozenset({Reach.ASSIGNED})
LINE_ASSIGNED: Rule = LINE | ASSIGNED
OWN_ASSIGNED: Rule = OWN | ASSIGNED
LINE_ONLY_ASSIGNED: Rule = LINE_ONLY | ASSIGNED
NONE: Rule = frozenset()


@dataclass(frozen=True)
class Permission:
    resource: str
    action: str
    admin: Rule
    hr: Rule
    # Manager and user: under "open", then under "need to know".
    manager_open: Rule
    user_open: Rule
    manager_need_to_know: Rule
    user_need_to_know: Rule

    @property
    def key(self) -> str:
        return f"{self.resource}.{self.action}"

    def rule(self, role: str, visibility: str) -> Rule:
        if role in ("admin", "hr"):
            return self.admin if role == "admin" else self.hr
        need_to_know = visibility == "need_to_know"
        if role == "manager":
            return self.manager_need_to_know if need_to_know else self.manager_open
        if role == "user":
            return self.user_need_to_know if need_to_know else self.user_open
        return NONE


def _rows(*rows: tuple[str, str, Rule, Rule, Rule, Rule, Rule, Rule]) -> dict[str, Permission]:
    table = {}
    for row in rows:
        permission = Permission(*row)
        table[permission.key] = permission
    return table


# fmt: off
#    resource                action    admin hr    manager user   manager user
#                                                  (open)         (need to know)
POLICY = _rows(
    ("directory",            "read",   ALL,  ALL,  ALL,  ALL,     ALL,  ALL),
    ("employees",            "read",   ALL,  ALL,  ALL,  ALL,     LINE, OWN),
    ("employees",            "write",  ALL,  ALL,  NONE, NONE,    NONE, NONE),
    ("departments",          "read",   ALL,  ALL,  ALL,  ALL,     ALL,  ALL),
    ("departments",          "write",  ALL,  ALL,  NONE, NONE,    NONE, NONE),
    ("templates",            "read",   ALL,  ALL,  ALL,  ALL,     ALL,  ALL),
    ("templates",            "write",  ALL,  ALL,  NONE, NONE,    NONE, NONE),
    # A person's own review shows once completed (once shared, in a cycle that shares it);
    # reports' reviews and those one is the named reviewer of, at any stage (api/reviews).
    ("reviews",              "read",   ALL,  ALL,  ALL,  ALL,     LINE_ASSIGNED, OWN_ASSIGNED),
    ("reviews",              "create", ALL,  ALL,  NONE, NONE,    NONE, NONE),
    ("reviews",              "fill",   ALL,  ALL,  ALL,  ASSIGNED, LINE_ONLY_ASSIGNED, ASSIGNED),
    # The employee's own part of a review in a cycle: the self-review and the acknowledgement.
    ("reviews",              "respond", OWN, OWN,  OWN,  OWN,     OWN,  OWN),
    # A completed review is a record: only the admin changes it (reopening it too).
    ("reviews",              "change_completed", ALL, NONE, NONE, NONE, NONE, NONE),
    ("reviews",              "export", ALL,  ALL,  NONE, NONE,    NONE, NONE),
    ("cycles",               "manage", ALL,  ALL,  NONE, NONE,    NONE, NONE),
    # Asking colleagues, and reading their answers together without names: the review's
    # named reviewer, and hr.
    ("feedback",             "request", ALL, ALL,  ASSIGNED, ASSIGNED, ASSIGNED, ASSIGNED),
    ("feedback",             "read",   ALL,  ALL,  ASSIGNED, ASSIGNED, ASSIGNED, ASSIGNED),
    # A colleague's own requests.
    ("feedback",             "answer", OWN,  OWN,  OWN,  OWN,     OWN,  OWN),
    # What the account itself has to do, and what it is told (each account its own).
    ("my_work",              "read",   ALL,  ALL,  ALL,  ALL,     ALL,  ALL),
    ("notifications",        "use",    ALL,  ALL,  ALL,  ALL,     ALL,  ALL),
    ("review_assistant",     "use",    ALL,  ALL,  ALL,  NONE,    ALL,  NONE),
    ("reminders",            "read",   ALL,  ALL,  ALL,  ALL,     LINE, NONE),
    ("reminders",            "mark",   ALL,  ALL,  ALL,  ALL,     LINE, NONE),
    ("notes",                "read",   ALL,  ALL,  ALL,  ALL,     NONE, NONE),
    ("notes",                "write",  ALL,  ALL,  NONE, NONE,    NONE, NONE),
    ("certification_types",  "read",   ALL,  ALL,  ALL,  ALL,     ALL,  ALL),
    ("certification_types",  "write",  ALL,  ALL,  NONE, NONE,    NONE, NONE),
    ("certifications",       "read",   ALL,  ALL,  ALL,  ALL,     LINE, OWN),
    ("certifications",       "write",  ALL,  ALL,  NONE, NONE,    NONE, NONE),
    ("documents",            "read",   ALL,  ALL,  ALL,  ALL,     LINE, OWN),
    ("documents",            "write",  ALL,  ALL,  NONE, NONE,    NONE, NONE),
    ("confidential_documents", "read", ALL,  ALL,  NONE, NONE,    NONE, NONE),
    ("dashboard",            "read",   ALL,  ALL,  ALL,  ALL,     LINE, OWN),
    ("analytics",            "read",   ALL,  ALL,  NONE, NONE,    NONE, NONE),
    ("organization",         "read",   ALL,  ALL,  ALL,  ALL,     ALL,  ALL),
    ("organization",         "write",  ALL,  NONE, NONE, NONE,    NONE, NONE),
    ("users",                "manage", ALL,  NONE, NONE, NONE,    NONE, NONE),
    ("backups",              "manage", ALL,  NONE, NONE, NONE,    NONE, NONE),
    ("audit",                "read",   ALL,  ALL,  NONE, NONE,    NONE, NONE),
)
# fmt: on


def permission(resource: str, action: str) -> Permission:
    """The table's row; a name missing from it is a programming error, caught at import."""
    return POLICY[f"{resource}.{action}"]


def rules_for(role: str, visibility: str) -> dict[str, list[str]]:
    """Every rule as one role reads it under one setting, for the web client."""
    return {
        key: sorted(reach.value for reach in row.rule(role, visibility))
        for key, row in POLICY.items()
    }
