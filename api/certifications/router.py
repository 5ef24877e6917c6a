"""Certification calls. Reads: every signed-in role, each over the employees their scope
reaches; writes: admin and hr."""

from typing import Annotated

from fastapi import APIRouter, Query

from api.access.scope import Scope, may, scope_for
from api.auth.principal import Principal
from api.certifications import assignments, free_form, service
from api.certifications.compliance import list_compliance
from api.certifications.schemas import (
    CertificationCreate,
    CertificationRead,
    CertificationTypeCreate,
    CertificationTypeRead,
    CertificationTypeUpdate,
    CertificationUpdate,
    EmployeeCertificationCreate,
    EmployeeCertificationRead,
    EmployeeCertificationUpdate,
    RequiredTypeCompliance,
)
from api.core.listing import json_response
from api.core.schemas import SuccessReply
from api.deps import CurrentPrincipal, TenantSession, allowed

router = APIRouter(tags=["certifications"])

# Each route names its one rule of the access table (api/access/policy.py).
ReadTypes = Annotated[Scope, allowed("certification_types", "read")]
WriteTypes = Annotated[Scope, allowed("certification_types", "write")]
ReadHeld = Annotated[Scope, allowed("certifications", "read")]
WriteHeld = Annotated[Scope, allowed("certifications", "write")]

EmployeeFilter = Annotated[int | None, Query(alias="employeeId", ge=1, lt=2**31)]


class DeleteTypeReply(SuccessReply):
    removed_certifications: int = 0


# ---------------------------------------------------------------- certification types


def holdings(principal: Principal) -> Scope:
    """The certifications a type's counts are made of: those the reader may read (none for a
    role that reads none, so the types still list, with zero counts)."""
    if may(principal, "certifications", "read"):
        return scope_for(principal, "certifications", "read")
    return Scope(reach=frozenset(), employee_id=principal.employee_id)


@router.get(
    "/api/certification-types",
    response_model=list[CertificationTypeRead],
    operation_id="listCertificationTypes",
)
async def list_types(_: ReadTypes, principal: CurrentPrincipal, session: TenantSession):
    return await service.list_types(session=session, scope=holdings(principal))


@router.post(
    "/api/certification-types",
    response_model=CertificationTypeRead,
    status_code=201,
    operation_id="createCertificationType",
)
async def create_type(
    body: CertificationTypeCreate,
    _: WriteTypes,
    principal: CurrentPrincipal,
    session: TenantSession,
):
    ctype = await service.create_type(session=session, data=body)
    return await service.get_type_reply(session=session, ctype=ctype, scope=holdings(principal))


@router.put(
    "/api/certification-types/{type_id}",
    response_model=CertificationTypeRead,
    operation_id="updateCertificationType",
)
async def update_type(
    type_id: int,
    body: CertificationTypeUpdate,
    _: WriteTypes,
    principal: CurrentPrincipal,
    session: TenantSession,
):
    ctype = await service.get_type(session=session, type_id=type_id)
    ctype = await service.update_type(session=session, ctype=ctype, data=body)
    return await service.get_type_reply(session=session, ctype=ctype, scope=holdings(principal))


@router.delete(
    "/api/certification-types/{type_id}",
    response_model=DeleteTypeReply,
    operation_id="deleteCertificationType",
)
async def delete_type(
    type_id: int,
    _: WriteTypes,
    session: TenantSession,
    confirm: Annotated[bool, Query(description="Also delete the certifications held")] = False,
):
    """Refused (409) while employees hold the type, unless confirm=true."""
    removed = await service.delete_type(session=session, type_id=type_id, confirm=confirm)
    return DeleteTypeReply(message="Certification type deleted", removed_certifications=removed)


# ---------------------------------------------------------------- employee certifications


@router.get(
    "/api/employee-certifications",
    response_model=list[EmployeeCertificationRead],
    operation_id="listEmployeeCertifications",
)
async def list_assignments(
    scope: ReadHeld,
    session: TenantSession,
    employee_id: EmployeeFilter = None,
    include_archived: Annotated[bool, Query(alias="includeArchived")] = False,
):
    body = await assignments.list_assignments(
        session=session, scope=scope, employee_id=employee_id, include_archived=include_archived
    )
    return json_response(body)


@router.post(
    "/api/employee-certifications",
    response_model=EmployeeCertificationRead,
    status_code=201,
    operation_id="assignCertification",
)
async def assign(body: EmployeeCertificationCreate, scope: WriteHeld, session: TenantSession):
    cert = await assignments.create_assignment(session=session, data=body, scope=scope)
    return await assignments.get_assignment_reply(session=session, cert=cert)


@router.put(
    "/api/employee-certifications/{certification_id}",
    response_model=EmployeeCertificationRead,
    operation_id="updateEmployeeCertification",
)
async def update_assignment(
    certification_id: int,
    body: EmployeeCertificationUpdate,
    scope: WriteHeld,
    session: TenantSession,
):
    cert = await assignments.get_assignment(
        session=session, certification_id=certification_id, scope=scope
    )
    cert = await assignments.update_assignment(session=session, cert=cert, data=body)
    return await assignments.get_assignment_reply(session=session, cert=cert)


@router.delete(
    "/api/employee-certifications/{certification_id}",
    response_model=SuccessReply,
    operation_id="deleteEmployeeCertification",
)
async def delete_assignment(certification_id: int, scope: WriteHeld, session: TenantSession):
    await assignments.delete_assignment(
        session=session, certification_id=certification_id, scope=scope
    )
    return SuccessReply(message="Certification removed")


@router.get(
    "/api/certification-compliance",
    response_model=list[RequiredTypeCompliance],
    operation_id="getCertificationCompliance",
)
async def compliance(
    scope: ReadHeld,
    session: TenantSession,
    limit: Annotated[int | None, Query(ge=0, le=100_000, description="Cap each list")] = None,
):
    """Per required type: the non-archived employees who lack it or hold it only expired."""
    return json_response(await list_compliance(session=session, scope=scope, limit=limit))


# ---------------------------------------------------------------- free-form certifications


@router.get(
    "/api/certifications",
    response_model=list[CertificationRead],
    operation_id="listCertifications",
)
async def list_certifications(
    scope: ReadHeld, session: TenantSession, employee_id: EmployeeFilter = None
):
    return await free_form.list_certifications(
        session=session, scope=scope, employee_id=employee_id
    )


@router.post(
    "/api/certifications",
    response_model=CertificationRead,
    status_code=201,
    operation_id="createCertification",
)
async def create_certification(body: CertificationCreate, scope: WriteHeld, session: TenantSession):
    cert = await free_form.create_certification(session=session, data=body, scope=scope)
    return free_form.certification_reply(cert)


@router.put(
    "/api/certifications/{certification_id}",
    response_model=CertificationRead,
    operation_id="updateCertification",
)
async def update_certification(
    certification_id: int, body: CertificationUpdate, scope: WriteHeld, session: TenantSession
):
    cert = await free_form.get_certification(
        session=session, certification_id=certification_id, scope=scope
    )
    cert = await free_form.update_certification(session=session, cert=cert, data=body)
    return free_form.certification_reply(cert)


@router.delete(
    "/api/certifications/{certification_id}",
    response_model=SuccessReply,
    operation_id="deleteCertification",
)
async def delete_certification(certification_id: int, scope: WriteHeld, session: TenantSession):
    await free_form.delete_certification(
        session=session, certification_id=certification_id, scope=scope
    )
    return SuccessReply(message="Certification deleted")
