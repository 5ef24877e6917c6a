"""Who may call what: every route of the app (method and path) and the status each caller
gets. tests/api/test_route_matrix.py calls every route as every caller and fails on a route
missing from this table, so a new route cannot ship without someone deciding who may use it.

The rules (read from each router's dependencies, and the roles the product defines): admin
does everything inside its organisation; hr the same minus backups, organisation settings and
user management; manager reads, fills reviews and marks reminders; user reads and marks
reminders. A signed-in admin of another organisation naming this organisation's records gets
404, as for a record that does not exist. Platform admins sign in apart and reach only the
platform's calls (and the help assistant). While a forced password change is pending, only
the session calls and the change itself answer.
"""

from collections.abc import Iterable

SIGNED_OUT = "signed out"
USER = "user"
MANAGER = "manager"
HR = "hr"
ADMIN = "admin"
PLATFORM = "platform admin"
OTHER_ORG = "admin of another org"
PENDING = "admin with a password change pending"

CALLERS = (SIGNED_OUT, USER, MANAGER, HR, ADMIN, PLATFORM, OTHER_ORG, PENDING)
TENANT_ROLES = (USER, MANAGER, HR, ADMIN)

# Allowed: the guard let the call through. Any status below 500 but 401, 403 and 404 (a body
# the rules refuse may answer 400 or 409: that is the handler speaking, not the guard).
OK = "allowed"
Expect = int | str

EVERYONE = frozenset(TENANT_ROLES)
REVIEWERS = frozenset({MANAGER, HR, ADMIN})
WRITERS = frozenset({HR, ADMIN})
ADMINS = frozenset({ADMIN})


def tenant(allowed: Iterable[str], *, other: Expect | None = None) -> dict[str, Expect]:
    """A call inside the signed-in organisation, open to the `allowed` roles. The admin of
    another organisation gets what an admin gets (its own organisation's data) unless
    `other` says otherwise."""
    allowed = frozenset(allowed)
    table: dict[str, Expect] = {SIGNED_OUT: 401, PLATFORM: 401, PENDING: 403}
    for role in TENANT_ROLES:
        table[role] = OK if role in allowed else 403
    table[OTHER_ORG] = other if other is not None else table[ADMIN]
    return table


def record(allowed: Iterable[str]) -> dict[str, Expect]:
    """A call naming one record of the organisation: another organisation's admin gets 404
    (the role check, which comes first, still answers 403 to a role not allowed)."""
    allowed = frozenset(allowed)
    return tenant(allowed, other=404 if ADMIN in allowed else 403)


def own_record() -> dict[str, Expect]:
    """A call on one person's own part of a record (their self-review, a feedback request made
    of them): no caller here is linked to the seeded employee, so each gets 404, as for a
    record that does not exist."""
    return {**tenant(EVERYONE), **dict.fromkeys((USER, MANAGER, HR, ADMIN, OTHER_ORG), 404)}


def public(expect: Expect = OK) -> dict[str, Expect]:
    """No sign-in needed: every caller gets the same."""
    return dict.fromkeys(CALLERS, expect)


def platform_only() -> dict[str, Expect]:
    """The super-admin panel's calls: an organisation sign-in is no platform sign-in."""
    return {**dict.fromkeys(CALLERS, 401), PLATFORM: OK}


CATCH_ALL = "/api/{rest:path}"

# Lists marked "filtered by ?employeeId=" are called with one of A's employees: the filter
# names a record, so another organisation's admin gets 404 (an unknown employee), not a list.

POLICY: dict[tuple[str, str], dict[str, Expect]] = {
    # Employees: everyone reads, admin and hr write.
    ("GET", "/api/employees"): tenant(EVERYONE),
    ("POST", "/api/employees"): tenant(WRITERS),
    ("POST", "/api/employees/bulk-upload"): tenant(WRITERS),
    ("GET", "/api/employees/{id}"): record(EVERYONE),
    ("PUT", "/api/employees/{id}"): record(WRITERS),
    ("DELETE", "/api/employees/{id}"): record(WRITERS),
    ("POST", "/api/employees/{id}/archive"): record(WRITERS),
    ("POST", "/api/employees/{id}/unarchive"): record(WRITERS),
    # Departments
    ("GET", "/api/departments"): tenant(EVERYONE),
    ("POST", "/api/departments"): tenant(WRITERS),
    ("GET", "/api/departments/{id}"): record(EVERYONE),
    ("PUT", "/api/departments/{id}"): record(WRITERS),
    ("DELETE", "/api/departments/{id}"): record(WRITERS),
    # The directory (name, position, department, e-mail, manager): everyone signed in.
    ("GET", "/api/directory"): tenant(EVERYONE),
    # Review templates
    ("GET", "/api/templates"): tenant(EVERYONE),
    ("POST", "/api/templates"): tenant(WRITERS),
    ("GET", "/api/templates/{template_id}"): record(EVERYONE),
    ("PUT", "/api/templates/{template_id}"): record(WRITERS),
    ("POST", "/api/templates/{template_id}/duplicate"): record(WRITERS),
    ("DELETE", "/api/templates/{template_id}"): record(WRITERS),
    # Reviews: everyone reads; admin and hr create and export; managers fill them in too.
    ("GET", "/api/reviews"): record(EVERYONE),  # filtered by ?employeeId=
    ("GET", "/api/reviews/all"): tenant(EVERYONE),
    ("GET", "/api/reviews/upcoming"): tenant(EVERYONE),
    ("GET", "/api/reviews/export"): tenant(WRITERS),
    ("GET", "/api/reviews/{review_id}"): record(EVERYONE),
    # The body names org A's employee and template: unknown in another organisation.
    ("POST", "/api/reviews"): tenant(WRITERS, other=404),
    ("PUT", "/api/reviews/{review_id}"): record(REVIEWERS),
    # A review's stages in a cycle. The employee's own part: their account alone. Sharing
    # follows filling; reopening is the admin's. Feedback: asked and read by admin, hr and the
    # review's named reviewer (none here: a user or a shared manager sign-in reading the
    # review is refused); each request answered by the colleague asked alone.
    ("GET", "/api/reviews/{review_id}/self"): own_record(),
    ("PUT", "/api/reviews/{review_id}/self"): own_record(),
    ("POST", "/api/reviews/{review_id}/acknowledge"): own_record(),
    ("POST", "/api/reviews/{review_id}/share"): record(REVIEWERS),
    ("POST", "/api/reviews/{review_id}/reopen"): record(ADMINS),
    ("POST", "/api/reviews/{review_id}/feedback-requests"): record(WRITERS),
    ("GET", "/api/reviews/{review_id}/feedback"): record(WRITERS),
    ("GET", "/api/feedback-requests/{request_id}"): own_record(),
    ("POST", "/api/feedback-requests/{request_id}/answer"): own_record(),
    # What the account has to do: every account its own.
    ("GET", "/api/my/work"): tenant(EVERYONE),
    # Review cycles: admin and hr manage them. The new cycle's body names A's template:
    # another organisation's admin gets 422 (unknown there), which the guard lets through.
    ("GET", "/api/cycles"): tenant(WRITERS),
    ("POST", "/api/cycles"): tenant(WRITERS),
    ("GET", "/api/cycles/reviewer-options"): tenant(WRITERS),
    ("GET", "/api/cycles/{cycle_id}"): record(WRITERS),
    ("PUT", "/api/cycles/{cycle_id}"): record(WRITERS),
    ("DELETE", "/api/cycles/{cycle_id}"): record(WRITERS),
    ("GET", "/api/cycles/{cycle_id}/preview"): record(WRITERS),
    ("POST", "/api/cycles/{cycle_id}/launch"): record(WRITERS),
    ("POST", "/api/cycles/{cycle_id}/close"): record(WRITERS),
    ("GET", "/api/cycles/{cycle_id}/progress"): record(WRITERS),
    ("GET", "/api/cycles/{cycle_id}/reviews"): record(WRITERS),
    ("PUT", "/api/cycles/{cycle_id}/reviewers"): record(WRITERS),
    ("POST", "/api/cycles/{cycle_id}/nudge"): record(WRITERS),
    ("GET", "/api/cycles/{cycle_id}/export"): record(WRITERS),
    # Dashboard, analytics
    ("GET", "/api/dashboard/stats"): tenant(EVERYONE),
    ("GET", "/api/dashboard/activity"): tenant(EVERYONE),
    ("GET", "/api/analytics"): tenant(WRITERS),
    ("GET", "/api/analytics/cycles"): tenant(WRITERS),
    ("GET", "/api/analytics/cycles/{cycle_id}"): record(WRITERS),
    # Called with two of A's cycles: unknown to another organisation.
    ("GET", "/api/analytics/cycles/compare"): record(WRITERS),
    # Reminders: every role may mark them read.
    ("GET", "/api/reminders"): tenant(EVERYONE),
    ("POST", "/api/reminders/mark-all-read"): tenant(EVERYONE),
    ("PUT", "/api/reminders/{reminder_id}"): record(EVERYONE),
    # HR notes
    ("GET", "/api/employee-notes"): record(EVERYONE),  # filtered by ?employeeId=
    ("POST", "/api/employee-notes"): tenant(WRITERS, other=404),
    # Certification types, held certifications, free-form certifications
    ("GET", "/api/certification-types"): tenant(EVERYONE),
    ("POST", "/api/certification-types"): tenant(WRITERS),
    ("PUT", "/api/certification-types/{type_id}"): record(WRITERS),
    ("DELETE", "/api/certification-types/{type_id}"): record(WRITERS),
    ("GET", "/api/employee-certifications"): record(EVERYONE),  # filtered by ?employeeId=
    ("POST", "/api/employee-certifications"): tenant(WRITERS, other=404),
    ("PUT", "/api/employee-certifications/{certification_id}"): record(WRITERS),
    ("DELETE", "/api/employee-certifications/{certification_id}"): record(WRITERS),
    ("GET", "/api/certification-compliance"): tenant(EVERYONE),
    ("GET", "/api/certifications"): record(EVERYONE),  # filtered by ?employeeId=
    ("POST", "/api/certifications"): tenant(WRITERS, other=404),
    ("PUT", "/api/certifications/{certification_id}"): record(WRITERS),
    ("DELETE", "/api/certifications/{certification_id}"): record(WRITERS),
    # Documents: everyone reads (confidential ones are filtered out for manager and user);
    # admin and hr upload and delete.
    ("POST", "/api/upload/document"): tenant(WRITERS),
    ("PUT", "/api/upload/document/{slot_id}"): record(WRITERS),
    ("POST", "/api/employee-documents"): tenant(WRITERS, other=404),
    ("GET", "/api/employee-documents"): record(EVERYONE),  # filtered by ?employeeId=
    ("GET", "/api/employees/{employee_id}/documents"): record(EVERYONE),
    ("DELETE", "/api/employee-documents/{document_id}"): record(WRITERS),
    ("GET", "/api/employee-documents/files/{file_id}"): record(EVERYONE),
    # Organisation settings and logo: admin only; logos themselves are public (sign-in
    # screens show them; their names are unguessable).
    ("GET", "/api/organization/current"): tenant(EVERYONE),
    ("PUT", "/api/organization/current"): tenant(ADMINS),
    # Who sees what and the shared sign-in switches: admin only.
    ("PUT", "/api/organization/access"): tenant(ADMINS),
    ("POST", "/api/upload/logo"): tenant(ADMINS),
    ("PUT", "/api/upload/logo/{file_id}"): record(ADMINS),
    ("GET", "/api/logos/{organization_id}/{file_id}"): public(),
    # Single sign-on settings: admin only. Signing in through it is public; without SSO set
    # up (as here) both answer with a redirect to the sign-in screen and its message.
    ("GET", "/api/organization/sso"): tenant(ADMINS),
    ("PUT", "/api/organization/sso"): tenant(ADMINS),
    ("DELETE", "/api/organization/sso"): tenant(ADMINS),
    ("POST", "/api/organization/sso/test"): tenant(ADMINS),
    ("GET", "/api/auth/sso/login"): public(),
    ("GET", "/api/auth/sso/callback"): public(),
    # User management: admin only. Signing in with a personal account is public.
    ("GET", "/api/users"): tenant(ADMINS),
    ("POST", "/api/users"): tenant(ADMINS),
    ("DELETE", "/api/users/{user_id}"): record(ADMINS),
    ("PUT", "/api/users/{user_id}"): record(ADMINS),
    ("PUT", "/api/users/{user_id}/employee"): record(ADMINS),
    ("POST", "/api/users/{user_id}/enable"): record(ADMINS),
    ("POST", "/api/auth/user-login"): public(),
    # The audit trail: admin and hr read it (another organisation's employee: 404).
    ("GET", "/api/audit-events"): tenant(WRITERS),
    ("GET", "/api/audit-events/actors"): tenant(WRITERS),
    ("GET", "/api/audit-events/export"): tenant(WRITERS),
    ("GET", "/api/employees/{employee_id}/history"): record(WRITERS),
    # Backups: admin only.
    ("POST", "/api/backups/create"): tenant(ADMINS),
    ("GET", "/api/backups"): tenant(ADMINS),
    ("GET", "/api/backups/{filename}/download"): record(ADMINS),
    ("POST", "/api/backups/{filename}/validate"): record(ADMINS),
    ("POST", "/api/backups/{filename}/restore"): record(ADMINS),
    # Assistants: product help for anyone signed in (the platform panel has it too); HR
    # guidance for those who fill reviews.
    ("POST", "/api/admin/ai-assistant"): {**tenant(EVERYONE), PLATFORM: OK},
    ("POST", "/api/review-assistant"): tenant(REVIEWERS),
    # Signing in and out. The session calls also answer while a password change is pending.
    ("POST", "/api/auth/org-login"): public(),
    ("POST", "/api/auth/role-login"): public(),
    ("GET", "/api/auth/session"): {**tenant(EVERYONE), PENDING: OK},
    ("GET", "/api/auth/user"): {**tenant(EVERYONE), PENDING: OK},
    ("POST", "/api/auth/change-password"): {**tenant(EVERYONE), PENDING: OK},
    ("POST", "/api/auth/logout"): public(),
    ("GET", "/api/login"): public(),
    ("GET", "/api/logout"): public(),
    # The bell: everyone signed in. A shared sign-in has no account and so no notices: any
    # notice id is unknown to it (404). The e-mails' unsubscribe link: no sign-in, the signed
    # token is the proof (none sent here: 400).
    ("GET", "/api/notifications"): tenant(EVERYONE),
    ("GET", "/api/notifications/unread-count"): tenant(EVERYONE),
    ("POST", "/api/notifications/read-all"): tenant(EVERYONE),
    ("GET", "/api/notifications/preferences"): tenant(EVERYONE),
    ("PUT", "/api/notifications/preferences"): tenant(EVERYONE),
    ("POST", "/api/notifications/{notification_id}/read"): {
        **tenant(EVERYONE),
        **dict.fromkeys((USER, MANAGER, HR, ADMIN, OTHER_ORG), 404),
    },
    ("POST", "/api/notifications/unsubscribe"): public(400),
    # Password recovery: before sign-in, so public; the links carry the proof.
    ("POST", "/api/auth/reset-password/request"): public(),
    ("POST", "/api/auth/reset-password/confirm"): public(),
    ("POST", "/api/validate-reset-token"): public(),
    ("POST", "/api/reset-password"): public(),
    # The platform panel
    ("GET", "/api/platform/config"): public(),
    ("POST", "/api/platform/login"): public(),
    ("POST", "/api/platform/logout"): public(),
    # The tests configure no external sign-in: it answers that it is not set up.
    ("GET", "/api/platform/oidc/login"): public(404),
    ("GET", "/api/platform/oidc/callback"): public(),
    ("GET", "/api/platform/session"): platform_only(),
    ("GET", "/api/organizations"): platform_only(),
    ("POST", "/api/organizations"): platform_only(),
    ("PUT", "/api/organizations/{organization_id}"): platform_only(),
    ("DELETE", "/api/organizations/{organization_id}"): platform_only(),
    ("POST", "/api/organizations/{organization_id}/reset-passwords"): platform_only(),
    # Probes and metrics (the metrics token is required in production only; tested apart).
    ("GET", "/healthz"): public(),
    ("HEAD", "/healthz"): public(),
    ("GET", "/readyz"): public(),
    ("HEAD", "/readyz"): public(),
    ("GET", "/metrics"): public(),
    # The API's documents (production serves none of them; tested apart).
    ("GET", "/openapi.json"): public(),
    ("HEAD", "/openapi.json"): public(),
    ("GET", "/docs"): public(),
    ("HEAD", "/docs"): public(),
    ("GET", "/docs/oauth2-redirect"): public(),
    ("HEAD", "/docs/oauth2-redirect"): public(),
    ("GET", "/redoc"): public(),
    ("HEAD", "/redoc"): public(),
    # Any other /api path is unknown to everyone; any other path is the web app's page.
    **{(method, CATCH_ALL): public(404) for method in ("GET", "POST", "PUT", "PATCH", "DELETE")},
    # (The tests run without a built web app: the page answers 503 and says so.)
    ("GET", "/{path:path}"): public(503),
    ("HEAD", "/{path:path}"): public(503),
}
