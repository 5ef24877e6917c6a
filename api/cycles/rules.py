"""What a cycle must be before it is saved or launched, in sentences a person can act on
(422: the request is well formed, but names what cannot be)."""

from api.core.errors import AppError
from api.cycles.schemas import CycleWrite


class Unprocessable(AppError):
    status_code = 422


CYCLE_NOT_FOUND = "Cycle not found"
NOBODY = "Nobody is in this cycle"
NOT_DRAFT = "Only a draft cycle can be changed or deleted; this one has been launched"
LAUNCHED = "This cycle has already been launched"
NOT_ACTIVE = "Only a launched cycle that is still open can be closed"
CLOSED = "This cycle is closed"
DRAFT = "This cycle has not been launched yet"


def date_problem(data: CycleWrite) -> str | None:
    """The first stage due after the next one, if any (the database refuses the same)."""
    if data.self_due is not None and data.self_due > data.review_due:
        return "The self-review must be due on or before the review"
    if data.feedback_due is not None and data.feedback_due > data.review_due:
        return "Feedback must be due on or before the review"
    if data.acknowledge_due is not None and data.acknowledge_due < data.review_due:
        return "The acknowledgement must be due on or after the review"
    return None


def population_problem(data: CycleWrite) -> str | None:
    """What the chosen kind of population lacks."""
    population = data.population
    if population.kind == "departments" and not population.department_ids:
        return "Choose at least one department"
    if population.kind == "employees" and not population.employee_ids:
        return "Choose at least one employee"
    if population.kind == "start_dates":
        start, end = population.start_from, population.start_to
        if start is None and end is None:
            return "Give the first start date, the last, or both"
        if start is not None and end is not None and start > end:
            return "The first start date must be on or before the last"
    return None


def check(data: CycleWrite) -> None:
    problem = date_problem(data) or population_problem(data)
    if problem:
        raise Unprocessable(problem)
