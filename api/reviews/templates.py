"""Review templates: list, create, update, duplicate, delete (SPEC §3-§5, issue 4)."""

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.errors import BadRequest, Conflict, NotFound
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
                update(ReviewTemplate)
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


async def update_template(
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
            template.questions = questions
            # Completed reviews keep their copy of the old questions; the new version tells
            # the review lists that those copies are no longer the template's own.
            template.questions_version = ReviewTemplate.questions_version + 1
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


async def usage(*, session: AsyncSession, template_id: int) -> int:
    count = await session.scalar(
        select(func.count()).select_from(Review).where(Review.template_id == template_id)
    )
    return int(count or 0)


def _in_use_message(count: int) -> str:
    reviews = "review uses" if count == 1 else "reviews use"
    return (
        f"This template cannot be deleted because {count} {reviews} it. "
        "Delete or reassign those reviews first."
    )


async def delete(*, session: AsyncSession, template: ReviewTemplate) -> None:
    """Remove an unused template; refuse (409) while reviews use it.

    When the default goes, the oldest remaining template becomes the default, so the
    reminder job always has one to create periodic reviews from.
    """
    count = await usage(session=session, template_id=template.id)
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
