"""Review templates: list, create, update, duplicate, delete."""

from typing import Any, cast

from sqlalchemy import Table, bindparam, func, select
from sqlalchemy import update as update_rows
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.errors import BadRequest, Conflict, NotFound
from api.reviews.answers import still_valid
from api.reviews.models import Review, ReviewTemplate
from api.reviews.schemas import TemplateCreate, TemplateUpdate

COPY_SUFFIX = " (Copy)"
PG_INT_MAX = 2**31 - 1


async def get(*, session: AsyncSession, template_id: int) -> ReviewTemplate:
    """The template of this organisation, or NotFound."""
    template = (
        await session.get(ReviewTemplate, template_id) if 0 < template_id <= PG_INT_MAX else None
    )
    if template is None:
        raise NotFound("Template not found")
    return template


async def list_templates(*, session: AsyncSession) -> list[ReviewTemplate]:
    """The default template first, then by name."""
    query = select(ReviewTemplate).order_by(
        ReviewTemplate.is_default.desc(), ReviewTemplate.name, ReviewTemplate.id
    )
    return list((await session.execute(query)).scalars())


async def _make_default(session: AsyncSession, template: ReviewTemplate) -> None:
    try:
        async with session.begin_nested():
            await session.execute(
                update_rows(ReviewTemplate)
                .where(ReviewTemplate.is_default, ReviewTemplate.id != template.id)
                .values(is_default=False)
            )
            template.is_default = True
            await session.flush()
    except IntegrityError:  # two templates made default at the same moment
        raise Conflict(
            "The default template was changed at the same time; please try again"
        ) from None


async def _has_default(session: AsyncSession) -> bool:
    return bool(await session.scalar(select(ReviewTemplate.id).where(ReviewTemplate.is_default)))


async def create(*, session: AsyncSession, data: TemplateCreate) -> ReviewTemplate:
    """A new template; the organisation's first one becomes its default."""
    template = ReviewTemplate(
        name=data.name,
        description=data.description,
        questions=[q.stored() for q in data.questions],
        is_default=False,
    )
    session.add(template)
    await session.flush()
    if data.is_default or not await _has_default(session):
        await _make_default(session, template)
    await session.flush()
    await session.refresh(template)
    return template


async def update(
    *, session: AsyncSession, template: ReviewTemplate, data: TemplateUpdate
) -> ReviewTemplate:
    """Replace what was sent. Making a template the default unsets the previous one."""
    fields = data.model_fields_set
    if "name" in fields and data.name is not None:
        template.name = data.name
    if "description" in fields:
        template.description = data.description
    if "questions" in fields and data.questions is not None:
        questions = [q.stored() for q in data.questions]
        if questions != template.questions:
            carried = carried_ids(template.questions, questions, data.sent_ids)
            await _keep_completed_records(session, template)
            template.questions = questions
            # Completed reviews keep their copy of the old questions; the new version tells
            # the review lists that those copies are no longer the template's own.
            template.questions_version = ReviewTemplate.questions_version + 1
            await _carry_open_answers(session, template.id, questions, carried)
    if "is_default" in fields and data.is_default is not None:
        if data.is_default:
            await _make_default(session, template)
        elif template.is_default:
            raise BadRequest(
                "Every organization needs a default template: make another one the default instead"
            )
    await session.flush()
    await session.refresh(template)
    return template


def carried_ids(
    old: list[dict[str, Any]], new: list[dict[str, Any]], sent_ids: list[str | None]
) -> dict[str, str]:
    """Old question id -> new id, for each question the edit keeps.

    Ids are renumbered on every save (they are the questions' positions), so an answer keyed
    'q2' would otherwise land on whatever question is second now. A new question is an old one
    when it was sent with that one's id (the edit form sends them); failing that, when its text
    is the same. Only a question of the same type keeps its answers: an answer of another type
    cannot fit.
    """
    old_by_id = {str(q["id"]): q for q in old}
    carried: dict[str, str] = {}
    for question, sent_id in zip(new, sent_ids, strict=False):
        same = old_by_id.get(sent_id) if sent_id is not None else None
        if same is not None and sent_id not in carried and same["type"] == question["type"]:
            carried[str(sent_id)] = question["id"]
    matched = set(carried.values())
    unclaimed = [q for q in old if str(q["id"]) not in carried]
    for question in new:
        if question["id"] in matched:
            continue
        same = next(
            (
                q
                for q in unclaimed
                if q["question"] == question["question"] and q["type"] == question["type"]
            ),
            None,
        )
        if same is not None:
            carried[str(same["id"])] = question["id"]
            unclaimed.remove(same)
    return carried


async def _keep_completed_records(session: AsyncSession, template: ReviewTemplate) -> None:
    """Completed reviews without their own copy of the questions (written before the copies
    existed) take one now, before the template's questions change under their answers."""
    await session.execute(
        update_rows(Review)
        .where(
            Review.template_id == template.id,
            Review.questions.is_(None),
            Review.status == "completed",
        )
        .values(questions=template.questions, questions_version=template.questions_version)
    )


async def _carry_open_answers(
    session: AsyncSession,
    template_id: int,
    questions: list[dict[str, Any]],
    carried: dict[str, str],
) -> None:
    """Open reviews of the template follow the edit: each answer moves to its question's new
    id, answers to removed questions (or that no longer fit) are dropped. Their updated_at
    moves too, so a review opened before the edit cannot be saved against the old questions
    (the wizard's expectedUpdatedAt gets 409)."""
    open_reviews = await session.execute(
        select(Review.id, Review.responses).where(
            Review.template_id == template_id,
            Review.questions.is_(None),
            Review.status != "completed",
        )
    )
    changes = [
        {
            "review_id": review_id,
            "answers": still_valid(
                questions, {carried[k]: v for k, v in responses.items() if k in carried}
            ),
        }
        for review_id, responses in open_reviews
    ]
    if changes:
        # Core, not the ORM: one executemany, and updated_at set by the database's clock.
        reviews = cast(Table, Review.__table__)
        await session.execute(
            reviews.update()
            .where(reviews.c.id == bindparam("review_id"))
            .values(responses=bindparam("answers"), updated_at=func.now()),
            changes,
        )


def copy_name(name: str) -> str:
    """'<name> (Copy)', shortened so the result stays within the 100-character limit."""
    return name[: 100 - len(COPY_SUFFIX)].rstrip() + COPY_SUFFIX


async def duplicate(*, session: AsyncSession, template: ReviewTemplate) -> ReviewTemplate:
    """A copy named '<name> (Copy)' with the same questions; never the default."""
    copy = ReviewTemplate(
        name=copy_name(template.name),
        description=template.description,
        questions=[dict(q) for q in template.questions],
        is_default=False,
    )
    session.add(copy)
    await session.flush()
    await session.refresh(copy)
    return copy


async def _usage(*, session: AsyncSession, template_id: int) -> int:
    count = await session.scalar(
        select(func.count()).select_from(Review).where(Review.template_id == template_id)
    )
    return int(count or 0)


def _in_use_message(count: int) -> str:
    reviews = "review uses" if count == 1 else "reviews use"
    return (
        f"This template cannot be deleted because {count} {reviews} it. "
        "Reviews keep the template they were made from; edit it instead."
    )


async def delete(*, session: AsyncSession, template: ReviewTemplate) -> None:
    """Remove an unused template; refuse (409) while reviews use it.

    When the default goes, the oldest remaining template becomes the default, so the
    reminder job always has one to create periodic reviews from.
    """
    count = await _usage(session=session, template_id=template.id)
    if count:
        raise Conflict(_in_use_message(count))
    was_default = template.is_default
    try:
        async with session.begin_nested():
            await session.delete(template)
            await session.flush()
    except IntegrityError:  # a review was created for it meanwhile
        raise Conflict(_in_use_message(1)) from None
    if was_default:
        successor = await session.scalar(
            select(ReviewTemplate).order_by(ReviewTemplate.created_at, ReviewTemplate.id).limit(1)
        )
        if successor is not None:
            await _make_default(session, successor)
            await session.flush()
