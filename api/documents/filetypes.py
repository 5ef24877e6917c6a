"""What a file really is (one of the allowed types), decided by its bytes, not by its name."""

import codecs
import zipfile
from collections.abc import Iterable
from typing import BinaryIO

PDF = "application/pdf"
DOC = "application/msword"
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
JPEG = "image/jpeg"
PNG = "image/png"
GIF = "image/gif"
TEXT = "text/plain"

ALLOWED = (PDF, DOC, DOCX, JPEG, PNG, GIF, TEXT)

INVALID_TYPE = "Invalid file type. Please select a PDF, Word document, image, or text file."

EXTENSIONS = {
    ".pdf": PDF,
    ".doc": DOC,
    ".docx": DOCX,
    ".jpg": JPEG,
    ".jpeg": JPEG,
    ".png": PNG,
    ".gif": GIF,
    ".txt": TEXT,
    ".text": TEXT,
}

# Spellings browsers and tools use for the same types.
_ALIASES = {"image/jpg": JPEG, "image/pjpeg": JPEG, "image/x-png": PNG}

_OLE = bytes.fromhex("D0CF11E0A1B11AE1")
_PNG = b"\x89PNG\r\n\x1a\n"


def normalise_mime(value: str | None) -> str | None:
    """'Text/Plain; charset=utf-8' → 'text/plain'; None or blank → None."""
    if not value:
        return None
    base = value.split(";", 1)[0].strip().lower()
    return _ALIASES.get(base, base) or None


def type_for_name(file_name: str) -> str | None:
    """The allowed type a file name's extension promises, if any."""
    dot = file_name.rfind(".")
    return EXTENSIONS.get(file_name[dot:].lower()) if dot > 0 else None


def sniff_head(head: bytes) -> str | None:
    """Binary formats recognised by their magic numbers (DOCX needs a look inside the zip)."""
    if head.startswith(b"%PDF-"):
        return PDF
    if head.startswith(_PNG):
        return PNG
    if head.startswith(b"\xff\xd8\xff"):
        return JPEG
    if head.startswith((b"GIF87a", b"GIF89a")):
        return GIF
    if head.startswith(_OLE):
        return DOC
    return None


def is_docx(fh: BinaryIO) -> bool:
    """A zip (PK 03 04) with a word/ part inside; only the zip's directory is read."""
    if fh.read(4) != b"PK\x03\x04":
        return False
    fh.seek(0)
    try:
        with zipfile.ZipFile(fh) as archive:
            names = archive.namelist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return False
    return any(n.startswith("word/") for n in names)


def is_plain_text(chunks: Iterable[bytes]) -> bool:
    """Valid UTF-8 (a BOM allowed) with no NUL bytes anywhere."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        for chunk in chunks:
            if b"\x00" in chunk:
                return False
            decoder.decode(chunk)
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True
