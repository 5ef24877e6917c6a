"""Imports every model so both metadata objects are complete (migrations, provisioning)."""

from api.assistants.models import HelpArticle
from api.audit.models import AuditEvent
from api.auth.models import PasswordResetToken, PlatformAdmin, Session
from api.backups.models import Backup
from api.certifications.models import Certification, CertificationType, EmployeeCertification
from api.core.db import PublicBase, TenantBase
from api.cycles.models import FeedbackRequest, ReviewCycle
from api.departments.models import Department
from api.documents.models import EmployeeDocument, UploadSlot
from api.employees.models import Employee
from api.mail.models import MailOutbox
from api.notes.models import EmployeeNote
from api.notifications.models import Notification, NotificationPreference
from api.organizations.models import Organization, OrganizationSettings, OrganizationSso
from api.recovery.models import AccountResetToken
from api.reminders.models import Reminder
from api.reviews.models import Review, ReviewTemplate
from api.users.models import User

__all__ = [
    "AuditEvent",
    "AccountResetToken",
    "Backup",
    "Certification",
    "CertificationType",
    "Department",
    "Employee",
    "EmployeeCertification",
    "EmployeeDocument",
    "EmployeeNote",
    "FeedbackRequest",
    "HelpArticle",
    "MailOutbox",
    "Notification",
    "NotificationPreference",
    "Organization",
    "OrganizationSettings",
    "OrganizationSso",
    "PasswordResetToken",
    "PlatformAdmin",
    "PublicBase",
    "Reminder",
    "Review",
    "ReviewCycle",
    "ReviewTemplate",
    "Session",
    "TenantBase",
    "UploadSlot",
    "User",
]
