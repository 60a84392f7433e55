"""Reading a record file safely: a regular file of at most :data:`.shape.MAX_BYTES` bytes.

A named pipe, a device (``/dev/zero``), a socket, a folder or a larger file is refused
with a :class:`RecordError` naming the file before anything is read, so a call neither
waits for a writer nor fills the memory. ``GameRecord.load`` and the command line read
through here.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..i18n import Message
from ..rules.errors import RecordError
from .shape import MAX_BYTES

__all__ = ["read_record_file"]

_REASONS: dict[type[Exception], str] = {
    FileNotFoundError: "missing",
    IsADirectoryError: "folder",
    PermissionError: "forbidden",
}


def read_record_file(path: str | Path) -> bytes:
    """The bytes of the record file at ``path``.

    Raises :class:`RecordError` (path ``$``: nothing was read) for a missing or unreadable
    file, a folder, anything but a regular file (checked before opening, and opening never
    waits) or a file over :data:`MAX_BYTES` (at most that much is read).

    >>> read_record_file("/dev/zero")
    Traceback (most recent call last):
    ...
    cyclades_widgets.rules.errors.RecordError: $: cannot read '/dev/zero': it is not a regular file (a pipe, a device or a socket); give the path of a record file
    """
    name = str(path)
    try:
        _check(name, os.stat(name))
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as stream:
            _check(name, os.fstat(stream.fileno()))  # the same kind of file once open
            data = stream.read(MAX_BYTES + 1)
    except RecordError:
        raise
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise _unreadable(_REASONS.get(type(exc), "other"), name) from exc
    if len(data) > MAX_BYTES:
        raise _unreadable("too_large", name)
    return data


def _check(name: str, info: os.stat_result) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise _unreadable("folder", name)
    if not stat.S_ISREG(info.st_mode):
        raise _unreadable("not_a_file", name)
    if info.st_size > MAX_BYTES:
        raise _unreadable("too_large", name)


def _unreadable(reason: str, name: str) -> RecordError:
    params = {"file": name, "most": MAX_BYTES}
    return RecordError(Message(f"record.cannot_read.{reason}", params, frozenset({name})))
