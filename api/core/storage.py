"""File storage behind one small interface: local files under MERIT_DATA_DIR by default.

Keys are relative paths like `org_12/documents/<uuid>.pdf`; every key is checked so that
no path can escape the storage root. Writes go to a temporary file and are renamed into
place, so a reader never sees a half-written file.
"""

import os
import re
import uuid
from collections.abc import AsyncIterable, Iterator
from pathlib import Path
from typing import BinaryIO

from api.core.config import get_settings
from api.core.errors import BadRequest, NotFound, TooLarge

_SAFE_KEY = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_./-]{0,400}$")


class LocalStorage:
    def __init__(self, root: Path):
        self.root = root.resolve()

    def path_for(self, key: str) -> Path:
        if not _SAFE_KEY.match(key) or ".." in key.split("/"):
            raise BadRequest("Invalid file path")
        path = (self.root / key).resolve()
        if self.root not in path.parents:
            raise BadRequest("Invalid file path")
        return path

    async def save_stream(
        self, key: str, chunks: AsyncIterable[bytes], *, max_bytes: int, too_large: str
    ) -> int:
        """Stream chunks into `key`, refusing (413) as soon as the size passes max_bytes."""
        path = self.path_for(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex}.part")
        size = 0
        try:
            # Local-disk writes of 64 KiB chunks are quick; a thread hop per chunk costs more.
            with open(tmp, "wb") as fh:  # noqa: ASYNC230
                async for chunk in chunks:
                    size += len(chunk)
                    if size > max_bytes:
                        raise TooLarge(too_large)
                    fh.write(chunk)
            os.replace(tmp, path)
        finally:
            if tmp.exists():
                tmp.unlink()
        return size

    def save_bytes(self, key: str, data: bytes) -> None:
        path = self.path_for(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex}.part")
        tmp.write_bytes(data)
        os.replace(tmp, path)

    def read_head(self, key: str, size: int = 8192) -> bytes:
        with open(self.path_for(key), "rb") as fh:
            return fh.read(size)

    def iter_file(self, key: str, chunk: int = 65536) -> Iterator[bytes]:
        path = self.path_for(key)
        if not path.is_file():
            raise NotFound("File not found")
        with open(path, "rb") as fh:
            while block := fh.read(chunk):
                yield block

    def open_read(self, key: str) -> BinaryIO:
        """A seekable binary handle on the stored file (the caller closes it)."""
        path = self.path_for(key)
        if not path.is_file():
            raise NotFound("File not found")
        return open(path, "rb")

    def exists(self, key: str) -> bool:
        return self.path_for(key).is_file()

    def size(self, key: str) -> int:
        return self.path_for(key).stat().st_size

    def delete(self, key: str) -> None:
        path = self.path_for(key)
        if path.is_file():
            path.unlink()

    def list(self, prefix: str) -> list[str]:
        base = self.path_for(prefix.rstrip("/"))
        if not base.is_dir():
            return []
        return sorted(str(p.relative_to(self.root)) for p in base.iterdir() if p.is_file())


def get_storage() -> LocalStorage:
    return LocalStorage(get_settings().data_dir / "files")
