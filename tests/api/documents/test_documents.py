"""Employee documents: create, list, download, delete."""

import pytest

from api.core.storage import get_storage
from api.documents import service
from tests.api.documents.factories import (
    GIF,
    MIME,
    PDF,
    PNG,
    TEXT,
    add_document,
    document,
    start_upload,
    upload,
)
from tests.api.notes.factories import add_employee

DOCS = "/api/employee-documents"
INVALID_TYPE = "Invalid file type. Please select a PDF, Word document, image, or text file."


def key_of(org, path: str) -> str:
    return service.storage_key(org.id, path.rsplit("/", 1)[-1])


async def test_admin_saves_a_document_for_an_uploaded_file(login, org):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    path = await upload(admin)
    body = document(
        emp,
        path,
        tags="onboarding, legal , ,legal",
        expirationDate="2027-06-30T00:00:00.000Z",
        signedDate="2026-01-02",
        fileSize=1,  # the server keeps the size it measured
    )
    r = await admin.post(DOCS, json=body)
    assert r.status_code == 201, r.text
    doc = r.json()
    assert doc["employeeId"] == emp
    assert doc["documentType"] == "contract"
    assert doc["title"] == "Employment contract"
    assert doc["description"] == "Signed on the first day"
    assert doc["filePath"] == path
    assert doc["fileName"] == "contract.pdf"
    assert doc["fileSize"] == len(PDF)
    assert doc["mimeType"] == "application/pdf"
    assert doc["tags"] == ["onboarding", "legal"]
    assert doc["expirationDate"] == "2027-06-30"
    assert doc["signedDate"] == "2026-01-02"
    assert doc["isConfidential"] is False
    assert doc["status"] == "active" and doc["version"] == 1
    assert doc["uploadedBy"] == "Administrator"
    assert doc["organizationId"] == org.id

    r = await admin.get(f"/api/employees/{emp}/documents")
    assert r.status_code == 200
    assert [d["id"] for d in r.json()] == [doc["id"]]
    r = await admin.get(DOCS)
    assert [d["id"] for d in r.json()] == [doc["id"]]


async def test_hr_saves_documents_and_the_uploader_name_is_the_signed_in_person(login, org):
    emp = await add_employee(org)
    hr = await login(org, "hr", userName="Helen Ramirez")
    doc = await add_document(hr, emp, uploadedBy="Forged Name")
    assert doc["uploadedBy"] == "Helen Ramirez"


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"documentType": ""}, "Document type is required"),
        ({"documentType": None}, "Document type is required"),
        ({"documentType": "passport"}, "Invalid document type"),
        ({"title": "  "}, "Title is required"),
        ({"title": "t" * 201}, "Title must not exceed 200 characters"),
        ({"filePath": ""}, "No file selected"),
        ({"fileName": ""}, "No file selected"),
        (
            {"fileSize": 10 * 1024 * 1024 + 1},
            "File too large. Please select a file smaller than 10MB.",
        ),
        ({"mimeType": "application/x-msdownload"}, INVALID_TYPE),
        ({"mimeType": "image/png"}, INVALID_TYPE),  # the bytes are a PDF
        ({"fileName": "contract.png"}, INVALID_TYPE),
        ({"fileName": "contract.exe"}, INVALID_TYPE),
        ({"fileName": "contract"}, INVALID_TYPE),
        ({"expirationDate": "soon"}, "Invalid expiration date"),
        ({"signedDate": "2026-13-01"}, "Invalid signed date"),
        (
            {"signedDate": "2026-05-01", "expirationDate": "2025-01-01"},
            "Expiration date cannot be before the signed date",
        ),
        ({"tags": ["x" * 51]}, "Each tag must not exceed 50 characters"),
        ({"employeeId": None}, "Employee is required"),
        ({"filePath": "/etc/passwd"}, "Invalid file path"),
        ({"filePath": "/api/employee-documents/files/../../secret"}, "Invalid file path"),
    ],
)
async def test_validation_messages(login, org, overrides, message):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    path = await upload(admin)
    r = await admin.post(DOCS, json=document(emp, path, **overrides))
    assert r.status_code == 400, r.text
    assert r.json()["message"] == message
    assert (await admin.get(DOCS)).json() == []
    # The file is still unclaimed: a correct record can take it.
    r = await admin.post(DOCS, json=document(emp, path))
    assert r.status_code == 201, r.text


async def test_a_pdf_name_with_png_bytes_is_rejected(login, org):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    # Sent with a generic type, so the upload itself is accepted as the PNG it is...
    path = await upload(admin, PNG, "application/octet-stream")
    # ...but it cannot be recorded as a PDF.
    r = await admin.post(DOCS, json=document(emp, path, fileName="report.pdf", mimeType=None))
    assert r.status_code == 400
    assert r.json() == {"message": INVALID_TYPE}
    r = await admin.post(
        DOCS, json=document(emp, path, fileName="report.PNG", mimeType="image/png")
    )
    assert r.status_code == 201
    assert r.json()["mimeType"] == "image/png"


async def test_the_file_must_be_uploaded_and_not_already_claimed(login, org):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    slot = await start_upload(admin)
    r = await admin.post(DOCS, json=document(emp, slot["documentPath"]))
    assert r.status_code == 400
    assert r.json() == {"message": "The file has not been uploaded yet"}
    r = await admin.post(DOCS, json=document(emp, "/api/employee-documents/files/" + "f" * 32))
    assert r.status_code == 404
    assert r.json() == {"message": "Uploaded file not found"}
    path = await upload(admin)
    assert (await admin.post(DOCS, json=document(emp, path))).status_code == 201
    r = await admin.post(DOCS, json=document(emp, path, title="Second claim"))
    assert r.status_code == 409
    assert r.json() == {"message": "This file is already attached to a document"}


async def test_unknown_employee_answers_404(login, org):
    admin = await login(org, "admin")
    path = await upload(admin)
    r = await admin.post(DOCS, json=document(999999, path))
    assert r.status_code == 404
    assert r.json() == {"message": "Employee not found"}
    assert (await admin.get("/api/employees/999999/documents")).status_code == 404
    assert (await admin.get(DOCS, params={"employeeId": 999999})).status_code == 404


async def test_lists_are_per_employee_and_newest_first(login, org):
    emp, other = await add_employee(org), await add_employee(org)
    admin = await login(org, "admin")
    first = await add_document(admin, emp, title="First")
    second = await add_document(admin, emp, data=GIF, ext="gif", title="Second")
    elsewhere = await add_document(admin, other, title="Elsewhere")
    r = await admin.get(f"/api/employees/{emp}/documents")
    assert [d["title"] for d in r.json()] == ["Second", "First"]
    r = await admin.get(DOCS, params={"employeeId": emp})
    assert [d["id"] for d in r.json()] == [second["id"], first["id"]]
    r = await admin.get(DOCS)
    assert {d["id"] for d in r.json()} == {first["id"], second["id"], elsewhere["id"]}


async def test_download_sends_an_attachment_with_nosniff(login, org):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    doc = await add_document(admin, emp, data=TEXT, ext="txt", fileName="Offer letter é.txt")
    r = await admin.get(doc["filePath"])
    assert r.status_code == 200
    assert r.content == TEXT
    assert r.headers["content-type"] == "text/plain; charset=utf-8"
    assert r.headers["x-content-type-options"] == "nosniff"
    disposition = r.headers["content-disposition"]
    assert disposition.startswith("attachment;")
    assert 'filename="Offer letter _.txt"' in disposition
    assert "filename*=UTF-8''Offer%20letter%20%C3%A9.txt" in disposition
    assert r.headers["content-length"] == str(len(TEXT))
    assert "no-store" in r.headers["cache-control"]


async def test_a_hostile_file_name_cannot_break_the_header(login, org):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    path = await upload(admin)
    r = await admin.post(DOCS, json=document(emp, path, fileName="x\r\nSet-Cookie: a=b.pdf"))
    assert r.status_code == 400
    assert r.json()["message"] == "Invalid file name"
    doc = await add_document(admin, emp, fileName='x"; filename=evil.html; y=".pdf')
    r = await admin.get(doc["filePath"])
    assert r.status_code == 200
    assert r.headers["content-disposition"].startswith(
        'attachment; filename="x__ filename=evil.html_ y=_.pdf"; '
    )


async def test_a_name_with_a_path_is_reduced_to_the_name(login, org):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    doc = await add_document(admin, emp, fileName="C:\\Users\\me\\..\\contract.pdf")
    assert doc["fileName"] == "contract.pdf"


@pytest.mark.parametrize("role", ["admin", "hr", "manager", "user"])
async def test_everyone_reads_and_downloads_non_confidential_documents(login, org, role):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    doc = await add_document(admin, emp)
    c = await login(org, role)
    assert [d["id"] for d in (await c.get(f"/api/employees/{emp}/documents")).json()] == [doc["id"]]
    assert [d["id"] for d in (await c.get(DOCS)).json()] == [doc["id"]]
    r = await c.get(doc["filePath"])
    assert r.status_code == 200
    assert r.content == PDF


@pytest.mark.parametrize(
    ("role", "sees"), [("admin", True), ("hr", True), ("manager", False), ("user", False)]
)
async def test_confidential_documents_only_for_admin_and_hr(login, org, role, sees):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    secret = await add_document(admin, emp, isConfidential=True, title="Medical note")
    open_doc = await add_document(admin, emp, title="Handbook receipt")
    c = await login(org, role)
    listed = {d["id"] for d in (await c.get(f"/api/employees/{emp}/documents")).json()}
    listed_all = {d["id"] for d in (await c.get(DOCS)).json()}
    expected = {secret["id"], open_doc["id"]} if sees else {open_doc["id"]}
    assert listed == expected and listed_all == expected
    r = await c.get(secret["filePath"])
    if sees:
        assert r.status_code == 200 and r.content == PDF
    else:
        assert r.status_code == 404
        assert r.json() == {"message": "Document not found"}


@pytest.mark.parametrize("role", ["manager", "user"])
async def test_managers_and_users_cannot_save_or_delete(login, org, role):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    path = await upload(admin)
    doc = await add_document(admin, emp)
    c = await login(org, role)
    r = await c.post(DOCS, json=document(emp, path))
    assert r.status_code == 403
    r = await c.delete(f"{DOCS}/{doc['id']}")
    assert r.status_code == 403
    assert get_storage().exists(key_of(org, doc["filePath"]))
    assert len((await admin.get(DOCS)).json()) == 1


async def test_anonymous_calls_are_401(client, login, org):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    doc = await add_document(admin, emp)
    for method, url in [
        ("GET", DOCS),
        ("GET", f"/api/employees/{emp}/documents"),
        ("GET", doc["filePath"]),
        ("DELETE", f"{DOCS}/{doc['id']}"),
    ]:
        assert (await client.request(method, url)).status_code == 401, url
    assert (await client.post(DOCS, json=document(emp, doc["filePath"]))).status_code == 401


@pytest.mark.parametrize("role", ["admin", "hr"])
async def test_deleting_a_document_removes_its_file(login, org, role):
    emp = await add_employee(org)
    c = await login(org, role)
    doc = await add_document(c, emp, data=PNG, ext="png")
    key = key_of(org, doc["filePath"])
    assert get_storage().exists(key)
    r = await c.delete(f"{DOCS}/{doc['id']}")
    assert r.status_code == 200
    assert r.json() == {"success": True, "message": "Document deleted"}
    assert not get_storage().exists(key)
    assert (await c.get(doc["filePath"])).status_code == 404
    assert (await c.get(f"/api/employees/{emp}/documents")).json() == []
    assert (await c.delete(f"{DOCS}/{doc['id']}")).status_code == 404
    # The path cannot be claimed again for a file that no longer exists.
    r = await c.post(
        DOCS, json=document(emp, doc["filePath"], fileName="f.png", mimeType=MIME["png"])
    )
    assert r.status_code == 404


async def test_delete_unknown_or_malformed_ids(login, org):
    admin = await login(org, "admin")
    assert (await admin.delete(f"{DOCS}/999999")).status_code == 404
    assert (await admin.delete(f"{DOCS}/99999999999")).status_code == 404
    assert (await admin.delete(f"{DOCS}/abc")).status_code == 400
    assert (await admin.get("/api/employee-documents/files/nothing-here")).status_code == 404
    assert (await admin.get("/api/employee-documents/files/" + "0" * 32)).status_code == 404


async def test_a_second_organisation_gets_404_for_every_id_and_path(login, org, other_org):
    emp = await add_employee(org)
    admin_a = await login(org, "admin")
    doc = await add_document(admin_a, emp, isConfidential=False)
    unclaimed = await upload(admin_a)
    for role in ("admin", "hr", "user"):
        b = await login(other_org, role)
        assert (await b.get(f"/api/employees/{emp}/documents")).status_code == 404
        assert (await b.get(DOCS, params={"employeeId": emp})).status_code == 404
        assert (await b.get(DOCS)).json() == []
        assert (await b.get(doc["filePath"])).status_code == 404
        assert (await b.get(unclaimed)).status_code == 404
    admin_b = await login(other_org, "admin")
    assert (await admin_b.delete(f"{DOCS}/{doc['id']}")).status_code == 404
    # Even with an employee of its own, B cannot claim A's uploaded file.
    emp_b = await add_employee(other_org)
    r = await admin_b.post(DOCS, json=document(emp_b, unclaimed))
    assert r.status_code == 404
    r = await admin_b.post(DOCS, json=document(emp_b, doc["filePath"]))
    assert r.status_code == 404
    # A's document and file are untouched.
    assert get_storage().exists(key_of(org, doc["filePath"]))
    assert (await admin_a.get(doc["filePath"])).content == PDF
    r = await admin_a.post(DOCS, json=document(emp, unclaimed))
    assert r.status_code == 201


async def test_a_pending_password_change_is_refused(login, org):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    doc = await add_document(admin, emp)
    pending = await login(org, "admin", force=True)
    for method, url in [
        ("GET", DOCS),
        ("GET", f"/api/employees/{emp}/documents"),
        ("GET", doc["filePath"]),
        ("POST", "/api/upload/document"),
        ("DELETE", f"{DOCS}/{doc['id']}"),
    ]:
        assert (await pending.request(method, url)).status_code == 403, url
    assert get_storage().exists(key_of(org, doc["filePath"]))
