"""The demo organisation's personal accounts: an hr person, two managers with reports and two
of their people, each linked to their employee, so a newcomer can sign in as each and see
what 'Who sees what' changes."""

from dataclasses import dataclass

from api.core.security import hash_password
from api.employees.models import Employee
from api.users.models import User

# Meant to be printed and shared: the demo holds made-up data only.
DEMO_PASSWORD = "demo2026"
ROLE_NAMES = {"hr": "HR", "manager": "Manager", "user": "Employee"}


@dataclass(frozen=True)
class DemoAccount:
    role: str
    employee: Employee
    reports: int


def pick_people(people: list[Employee]) -> list[DemoAccount]:
    """The heads of human resources, engineering and sales (hr, manager, manager), and the
    first two active engineers who report to engineering's head (user, user)."""
    heads = {p.department: p for p in people if p.manager_id is None and not p.is_archived}

    def reports_of(head: Employee) -> list[Employee]:
        return [p for p in people if p.manager_id == head.employee_id and not p.is_archived]

    engineering, sales = heads["engineering"], heads["sales"]
    chosen = [
        DemoAccount("hr", heads["human-resources"], len(reports_of(heads["human-resources"]))),
        DemoAccount("manager", engineering, len(reports_of(engineering))),
        DemoAccount("manager", sales, len(reports_of(sales))),
    ]
    chosen += [DemoAccount("user", p, 0) for p in reports_of(engineering)[:2]]
    return chosen


def demo_users(chosen: list[DemoAccount]) -> list[User]:
    """One account per chosen person, linked to their employee, with the shared demo password
    and no forced change (so a newcomer can switch between people at once)."""
    hashed = hash_password(DEMO_PASSWORD)
    return [
        User(
            id=f"demo-{account.role}-{n}",
            email=account.employee.email,
            first_name=account.employee.first_name,
            last_name=account.employee.last_name,
            role=account.role,
            employee_id=account.employee.id,
            password_hash=hashed,
            force_password_change=False,
        )
        for n, account in enumerate(chosen, start=1)
    ]


def sign_in_help(chosen: list[DemoAccount], code: str) -> str:
    """How to sign in as each person, for `merit demo` to print."""
    lines = [
        f"People's own accounts: organization code '{code}', 'Sign in with your account', "
        f"password '{DEMO_PASSWORD}':"
    ]
    for account in chosen:
        person = account.employee
        name = f"{person.first_name} {person.last_name}"
        what = person.position or ""
        if account.role == "manager":
            what += f", {account.reports} direct reports"
        lines.append(f"  {ROLE_NAMES[account.role]:<9} {name:<20} {person.email:<34} {what}")
    lines.append(
        f"To try 'need to know': sign in as Administrator (first password admin{code}), set "
        f"Settings > Who sees what to Need to know, then sign in as each person above."
    )
    return "\n".join(lines)
