"""The two assistants: product help for everyone signed in, HR guidance for reviewers."""

from typing import Annotated

from fastapi import APIRouter, Depends, Request

from api import deps
from api.access.scope import Scope
from api.assistants import service
from api.assistants.schemas import AssistantQuestion, AssistantReply, AssistantSource
from api.auth import sessions
from api.core.config import get_settings
from api.core.errors import Unauthorized
from api.deps import CurrentPrincipal, PublicDb, allowed
from api.platform.deps import get_platform_admin

router = APIRouter(tags=["assistants"])


def _org_key(principal: deps.Principal) -> str:
    return f"org:{principal.organization.id}:{principal.user_id or principal.session_id}"


async def help_caller(request: Request, db: PublicDb) -> str:
    """Rate-limit key of whoever asks: an organisation sign-in, else a platform admin
    (the super-admin panel's header has the same help button)."""
    try:
        return _org_key(await deps.get_principal(await deps._principal(request)))
    except Unauthorized:
        if not request.cookies.get(sessions.PLATFORM_COOKIE):
            raise
    admin = await get_platform_admin(request, db)
    return f"platform:{admin.email}"


HelpCaller = Annotated[str, Depends(help_caller)]


def _reply(result: service.Answer) -> AssistantReply:
    return AssistantReply(
        response=result.response,
        sources=[AssistantSource(slug=h.slug, title=h.title) for h in result.sources],
        generated_by=result.generated_by,
    )


@router.post(
    "/api/admin/ai-assistant", response_model=AssistantReply, operation_id="askAiAssistant"
)
async def ask_ai_assistant(body: AssistantQuestion, caller: HelpCaller, db: PublicDb):
    await service.check_rate(caller)
    result = await service.answer(db, settings=get_settings(), kind="admin", question=body.message)
    return _reply(result)


@router.post(
    "/api/review-assistant", response_model=AssistantReply, operation_id="askReviewAssistant"
)
async def ask_review_assistant(
    body: AssistantQuestion,
    _: Annotated[Scope, allowed("review_assistant", "use")],
    principal: CurrentPrincipal,
    db: PublicDb,
):
    # HR guidance from the help articles: it reads no employee's or review's record, so the
    # answer is the same whoever asks; the access table says who may ask.
    await service.check_rate(_org_key(principal))
    result = await service.answer(db, settings=get_settings(), kind="review", question=body.message)
    return _reply(result)
