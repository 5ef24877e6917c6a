"""Document dates (signed, expiration) stay within 1900-01-01..2100-12-31."""

import pytest

from api.documents.models import EmployeeDocument
from tests.api.documents.factories import add_document, document, upload
from tests.api.notes.factories import add_employee
from tests.api.reviews.factories import count

DOCS = "/api/employee-documents"
SIGNED = "Signed date must be between 1900-01-01 and 2100-12-31"
EXPIRES = "Expiration date must be between 1900-01-01 and 2100-12-31"


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"signedDate": "9999-12-31"}, "signedDate", SIGNED),
        ({"signedDate": "1899-12-31"}, "signedDate", SIGNED),
        ({"expirationDate": "9999-12-31T00:00:00.000Z"}, "expirationDate", EXPIRES),
        ({"expirationDate": "1899-12-31"}, "expirationDate", EXPIRES),
    ],
)
async def test_a_day_outside_the_range_is_refused(login, org, change, field, message):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    r = await admin.post(DOCS, json=document(emp, await upload(admin), **change))
    assert r.status_code == 400, r.text
    assert r.json()["message"] == message
    assert {"field": field, "message": message} in r.json()["errors"]
    assert await count(org, EmployeeDocument) == 0


async def test_the_first_and_last_days_are_accepted(login, org):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    made = await add_document(admin, emp, signedDate="1900-01-01", expirationDate="2100-12-31")
    assert (made["signedDate"], made["expirationDate"]) == ("1900-01-01", "2100-12-31")
