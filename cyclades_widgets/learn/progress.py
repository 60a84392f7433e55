"""Progress through the lessons, kept between sessions in a small JSON file.

The file lives in the user's Jupyter data directory
(``jupyter_core.paths.jupyter_data_dir()``, e.g. ``~/.local/share/jupyter``), as
``cyclades_widgets/learn-progress.json``::

    {"format": "cyclades-progress/1",
     "current": "take-ios",
     "lessons": {"take-ios": {"done": true, "tries": 2, "hints": 1, "shown": false}}}

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "progress.json"
>>> progress = Progress(path)
>>> progress.record("take-ios", done=True, tries=1, hints=0, shown=False)
>>> Progress(path).is_done("take-ios")
True
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

__all__ = ["FORMAT", "LessonProgress", "Progress", "default_path"]

FORMAT = "cyclades-progress/1"
FILE = Path("cyclades_widgets") / "learn-progress.json"
"""Where the progress file sits inside the Jupyter data directory."""


def default_path() -> Path:
    """``<Jupyter data dir>/cyclades_widgets/learn-progress.json``.

    The Jupyter data directory is ``jupyter_core.paths.jupyter_data_dir()`` (which follows
    ``JUPYTER_DATA_DIR``); without ``jupyter_core``, ``JUPYTER_DATA_DIR`` or
    ``~/.local/share/jupyter``.
    """
    try:
        from jupyter_core.paths import jupyter_data_dir
    except ImportError:  # the package works without Jupyter (e.g. in a plain script)
        base = os.environ.get("JUPYTER_DATA_DIR") or str(Path.home() / ".local/share/jupyter")
    else:
        base = jupyter_data_dir()
    return Path(base) / FILE


@dataclass(slots=True)
class LessonProgress:
    """What the learner did in one lesson."""

    done: bool = False
    """The objective was met at least once."""
    tries: int = 0
    """Attempts started (every Reset counts)."""
    hints: int = 0
    """The most hints seen in one attempt."""
    shown: bool = False
    """The learner asked to be shown the solution."""


class Progress:
    """The learner's progress, read from and written to one JSON file.

    A missing or unreadable file is an empty progress (a damaged file is never fatal: it
    is replaced at the next save).
    """

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        """The JSON file (see :func:`default_path`)."""
        self.lessons: dict[str, LessonProgress] = {}
        self.current: str | None = None
        """The lesson the learner was on."""
        self._load()

    def _load(self) -> None:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return
        for lesson_id, entry in dict(data.get("lessons", {})).items():
            if isinstance(entry, dict):
                known = {k: entry[k] for k in LessonProgress.__dataclass_fields__ if k in entry}
                self.lessons[str(lesson_id)] = LessonProgress(**known)
        current = data.get("current")
        self.current = current if isinstance(current, str) else None

    def to_dict(self) -> dict[str, Any]:
        """The progress as the file's JSON."""
        return {
            "format": FORMAT,
            "current": self.current,
            "lessons": {k: asdict(v) for k, v in sorted(self.lessons.items())},
        }

    def save(self) -> None:
        """Write the file (its folder is created if needed); written whole, then renamed,
        so a crash never leaves half a file."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.to_dict(), indent=2) + "\n", encoding="utf-8")
        tmp.replace(self.path)

    def of(self, lesson_id: str) -> LessonProgress:
        """The progress of one lesson (empty if never played)."""
        return self.lessons.get(lesson_id, LessonProgress())

    def is_done(self, lesson_id: str) -> bool:
        """True if the lesson's objective was met at least once."""
        return self.of(lesson_id).done

    def record(self, lesson_id: str, *, done: bool, tries: int, hints: int, shown: bool) -> None:
        """Merge one attempt's result into the lesson's progress, and save."""
        entry = self.lessons.setdefault(lesson_id, LessonProgress())
        entry.done = entry.done or done
        entry.tries = max(entry.tries, tries)
        entry.hints = max(entry.hints, hints)
        entry.shown = entry.shown or shown
        self.current = lesson_id
        self.save()

    def visit(self, lesson_id: str) -> None:
        """Remember the lesson the learner is on, and save."""
        self.current = lesson_id
        self.save()

    def reset(self) -> None:
        """Forget everything (the file is rewritten empty)."""
        self.lessons.clear()
        self.current = None
        self.save()
