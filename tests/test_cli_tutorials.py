"""The tutorials on the command line (issue 17, part 1): ``tutorials [DIR] [--lang]
[--force]`` copies a language's tutorials without overwriting a learner's changes, and
``demo [DIR]`` copies them if needed and starts JupyterLab there on the first one. Every
line printed comes from the ``cli.*`` catalog entries, in the learner's language.

The same commands from an installed wheel, in a fresh venv: tests/test_packaging.py and
tests/browser/test_demo_wheel.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pseudo import unwrapped

from cyclades_widgets import cli
from cyclades_widgets.cli import demo, tutorials
from cyclades_widgets.i18n import LANGS, PSEUDO, language, text

REPO = Path(__file__).resolve().parents[1]
ENGLISH = REPO / "notebooks" / "en"


def _files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


@pytest.fixture(autouse=True)
def _english():
    with language("en"):
        yield


# --------------------------------------------------------------------------- tutorials


def test_tutorials_copies_the_english_series(tmp_path: Path, capsys):
    """Every file of notebooks/en/ arrives unchanged; the output says where and what next."""
    target = tmp_path / "mine"
    assert cli.main(["tutorials", str(target)]) == 0
    assert _files(target) == _files(ENGLISH)
    assert "01-first-look.ipynb" in _files(target)
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"The English tutorials are in {target}."
    assert out[1] == f"Copied {len(_files(ENGLISH))} new files."
    assert out[-1].endswith(f"python -m cyclades_widgets demo {target}")


WRITTEN = tuple(sorted(p.parent.name for p in REPO.glob("notebooks/*/01-first-look.ipynb")))
"""The languages whose tutorial track is written (notebooks/<lang>/)."""


@pytest.mark.parametrize("code", WRITTEN)
def test_tutorials_lang_copies_that_track(code: str, tmp_path: Path, capsys):
    """``--lang zh`` (or any written track) copies notebooks/<lang>/ unchanged, and says so in
    the learner's language: the one asked for."""
    target = tmp_path / code
    assert cli.main(["tutorials", str(target), "--lang", code]) == 0
    track = REPO / "notebooks" / code
    assert _files(target) == _files(track) and "01-first-look.ipynb" in _files(target)
    out = capsys.readouterr().out.splitlines()
    name = text(f"cli.language.{code}", code)
    assert out[0] == text("cli.tutorials.where", code, lang_name=name, folder=target)


@pytest.mark.parametrize("code", WRITTEN)
def test_a_session_in_a_written_language_copies_its_track(code: str, tmp_path: Path, capsys):
    """Without ``--lang``, a session in a language whose track is written copies that track,
    and says so in that language."""
    with language(code):
        assert cli.main(["tutorials", str(tmp_path / "t")]) == 0
    assert _files(tmp_path / "t") == _files(REPO / "notebooks" / code)
    name = text(f"cli.language.{code}", code)
    where = text("cli.tutorials.where", code, lang_name=name, folder=str(tmp_path / "t"))
    assert capsys.readouterr().out.startswith(where)


def test_tutorials_never_overwrite_a_learners_changes_unless_forced(tmp_path: Path, capsys):
    """A changed copy is kept (and named); --force brings the original back; a deleted
    copy is restored; untouched copies are left as they are."""
    assert cli.main(["tutorials", str(tmp_path)]) == 0
    edited = tmp_path / "02-offerings.ipynb"
    edited.write_text(edited.read_text(encoding="utf-8") + " ", encoding="utf-8")
    mine = edited.read_bytes()
    (tmp_path / "03-gods-actions.ipynb").unlink()
    capsys.readouterr()

    assert cli.main(["tutorials", str(tmp_path)]) == 0
    assert edited.read_bytes() == mine, "a learner's edit was overwritten"
    assert (tmp_path / "03-gods-actions.ipynb").read_bytes() == (
        ENGLISH / "03-gods-actions.ipynb"
    ).read_bytes()
    out = capsys.readouterr().out
    assert "Copied 1 new file." in out
    assert f"{len(_files(ENGLISH)) - 2} files were already there, unchanged." in out
    assert "Kept 1 file you have changed: 02-offerings.ipynb. Add --force" in out

    assert cli.main(["tutorials", str(tmp_path), "--force"]) == 0
    assert edited.read_bytes() == (ENGLISH / "02-offerings.ipynb").read_bytes()
    assert "Replaced 1 file you had changed with the original: 02-offerings.ipynb." in (
        capsys.readouterr().out
    )


def test_copy_tutorials_reports_each_file(tmp_path: Path):
    first = tutorials.copy_tutorials(tmp_path, "en")
    assert sorted(first.added) == sorted(_files(ENGLISH)) and not first.kept
    again = tutorials.copy_tutorials(tmp_path, "en")
    assert again.added == [] and sorted(again.same) == sorted(first.added)


@pytest.fixture
def english_only(tmp_path: Path, monkeypatch) -> Path:
    """Tutorials installed in English only (a copy of notebooks/en/), as today, so that the
    refusals below stay tested when other languages are written."""
    root = tmp_path / "installed"
    (root / "en").mkdir(parents=True)
    for path in ENGLISH.iterdir():
        (root / "en" / path.name).write_bytes(path.read_bytes())
    monkeypatch.setattr(tutorials, "tutorials_root", lambda: root)
    return root


@pytest.mark.parametrize("code", ["zh", "fr"])
def test_a_language_without_tutorials_is_refused_in_the_learners_language(
    code: str, tmp_path: Path, capsys, english_only: Path
):
    """With only English written: --lang zh (or fr) says so, names what is installed,
    copies nothing and exits 1. The message is in the learner's language: the one asked
    for."""
    target = tmp_path / "out"
    assert cli.main(["tutorials", str(target), "--lang", code]) == 1
    assert not target.exists()
    err = capsys.readouterr().err
    name = text(f"cli.language.{code}", code)
    english = [text("cli.language.en", code)]
    assert text("cli.tutorials.none", code, lang_name=name, available=english) in err
    assert "--lang en" in err
    expected = {"zh": "尚未安装中文教程", "fr": "Aucun tutoriel en français n’est encore installé"}
    assert expected[code] in err


@pytest.fixture
def german(tmp_path: Path, monkeypatch) -> Path:
    """A language added as ``docs/translating.md`` says, and nothing else: a catalog folder
    ``de`` (a copy of English, as a translator starts; it does not name itself yet) beside
    the others, and a tutorial folder ``de``. Returns the tutorials' root."""
    from cyclades_widgets import i18n

    messages = tmp_path / "messages"
    for code in (*LANGS, "de"):
        source = i18n._messages_dir() / (code if code != "de" else "en")
        (messages / code).mkdir(parents=True)
        for path in source.iterdir():
            (messages / code / path.name).write_bytes(path.read_bytes())
    root = tmp_path / "installed"
    for code in ("en", "de"):
        (root / code).mkdir(parents=True)
        for path in ENGLISH.iterdir():
            (root / code / path.name).write_bytes(path.read_bytes())
    monkeypatch.setattr(i18n, "_messages_dir", lambda: messages)
    monkeypatch.setattr(i18n, "LANGS", i18n._discover.__wrapped__())
    monkeypatch.setattr(tutorials, "tutorials_root", lambda: root)
    i18n._load.cache_clear()
    yield root
    i18n._load.cache_clear()


def test_a_new_language_is_a_catalog_and_a_tutorial_folder_and_no_code(
    german: Path, tmp_path: Path, capsys
):
    """The tutorials' languages are the catalogs' languages (``cw.LANGS``, one per folder of
    ``data/messages``) that have a tutorial folder: ``de``, added as folders only, is
    offered by ``--lang``, installed and copied."""
    from cyclades_widgets import i18n

    assert "de" in i18n.LANGS and tutorials.installed_languages() == ("en", "de")
    assert cli.main(["tutorials", str(tmp_path / "de"), "--lang", "de"]) == 0
    assert _files(tmp_path / "de") == _files(ENGLISH)
    assert capsys.readouterr().out.startswith(f"The de tutorials are in {tmp_path / 'de'}.")
    assert cli.main(["tutorials", str(tmp_path / "fr"), "--lang", "fr"]) == 1  # no fr folder
    assert "Installés : anglais et de." in capsys.readouterr().err
    (german / "fr").mkdir()  # a tutorial folder is not enough: it needs its first tutorial
    assert tutorials.installed_languages() == ("en", "de")


def test_the_session_language_picks_the_tutorials_and_says_when_it_falls_back(
    tmp_path, capsys, english_only: Path
):
    """A Chinese session without Chinese tutorials gets the English ones, told in Chinese."""
    with language("zh"):
        assert cli.main(["tutorials", str(tmp_path / "t")]) == 0
    out = capsys.readouterr().out
    assert out.startswith(text("cli.tutorials.fallback", "zh", lang_name="中文"))
    assert f"英文教程在 {tmp_path / 't'}。" in out
    assert (tmp_path / "t" / "01-first-look.ipynb").is_file()


def test_the_locale_sets_the_language_of_a_real_run(tmp_path: Path):
    """``python -m cyclades_widgets`` in a shell whose locale is Chinese speaks Chinese,
    help included, and copies the Chinese tutorials if there are any, else the English."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(LANG="zh_CN.UTF-8", PYTHONIOENCODING="utf-8")

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "cyclades_widgets", *args],
            capture_output=True, text=True, encoding="utf-8", env=env, timeout=120, cwd=tmp_path,
        )  # fmt: skip

    copied = run("tutorials", "mine")
    chosen = "zh" if "zh" in tutorials.installed_languages() else "en"
    where = text(
        "cli.tutorials.where", "zh", lang_name=text(f"cli.language.{chosen}", "zh"), folder="mine"
    )
    assert copied.returncode == 0 and where in copied.stdout, copied.stdout + copied.stderr
    helped = run("tutorials", "--help")
    assert text("cli.help.force", "zh") in helped.stdout


def test_every_word_the_commands_print_comes_from_the_catalog(tmp_path: Path, capsys):
    """The pseudo-locale check over tutorials, demo --dry-run and classroom: only paths,
    file names and commands stand outside the catalog's words. (A refusal speaks the
    language asked for, a catalog's: the test above reads it word for word.)"""
    monkey_allowed = {str(tmp_path), sys.executable, "python -m cyclades_widgets"}
    with language(PSEUDO):
        assert cli.main(["tutorials", str(tmp_path / "t")]) == 0
        (tmp_path / "t" / "02-offerings.ipynb").write_text("{}", encoding="utf-8")
        assert cli.main(["tutorials", str(tmp_path / "t")]) == 0
        assert cli.main(["demo", str(tmp_path / "t"), "--dry-run"]) == 0
        assert cli.main(["classroom", str(tmp_path / "c")]) == 0
    captured = capsys.readouterr()
    names = {p.name for p in ENGLISH.iterdir()} | {
        "01-offerings",
        "02-battle-odds",
        "03-metropolis",
    }
    allowed = monkey_allowed | names | {str(tmp_path / d) for d in ("t", "c")}
    allowed |= {"--force", "nbgrader generate_assignment", "cd", "&&", "demo"}
    assert captured.err == ""
    lines = [line for line in captured.out.splitlines() if "jupyterlab" not in line]
    assert lines
    for line in lines:
        assert unwrapped(line, allowed) == [], line


# --------------------------------------------------------------------------- demo


def test_demo_works_in_a_folder_of_its_own(tmp_path: Path, monkeypatch, capsys):
    """From any folder: the tutorials are copied into ./cyclades-tutorials, and JupyterLab
    starts there, on the first tutorial, for local connections only."""
    monkeypatch.chdir(tmp_path)
    calls: list[tuple[list[str], Path]] = []
    monkeypatch.setattr(demo.importlib.util, "find_spec", lambda name: object())
    monkeypatch.setattr(
        demo.subprocess, "call", lambda command, cwd: calls.append((command, cwd)) or 0
    )
    assert cli.main(["demo"]) == 0
    folder = tmp_path / tutorials.DEFAULT_FOLDER
    assert _files(folder) == _files(ENGLISH)
    ((command, cwd),) = calls
    assert cwd == folder.relative_to(tmp_path) or Path(cwd).resolve() == folder
    assert command[:3] == [sys.executable, "-m", "jupyterlab"]
    assert "--ServerApp.ip=127.0.0.1" in command
    assert f"--ServerApp.root_dir={folder}" in command
    assert command[-1] == "01-first-look.ipynb"
    out = capsys.readouterr().out
    assert "Copied" in out and "Starting JupyterLab on 01-first-look.ipynb" in out

    # Again: the copies are there (and may be edited): nothing is copied, nothing said.
    (folder / "01-first-look.ipynb").write_text("{}", encoding="utf-8")
    assert cli.main(["demo", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "Copied" not in out and "jupyterlab --ServerApp.ip=127.0.0.1" in out
    assert (folder / "01-first-look.ipynb").read_text(encoding="utf-8") == "{}"


def test_demo_uses_the_current_folder_when_it_holds_the_tutorials(tmp_path: Path):
    (tmp_path / "01-first-look.ipynb").write_text("{}", encoding="utf-8")
    assert demo.working_folder(None, tmp_path) == tmp_path
    assert demo.working_folder(None, tmp_path / "x") == tmp_path / "x" / "cyclades-tutorials"
    assert demo.working_folder("elsewhere", tmp_path) == Path("elsewhere")


def test_demo_without_jupyterlab_says_how_to_install(tmp_path: Path, monkeypatch, capsys):
    """A clear message (and exit 1) when JupyterLab is missing; nothing is copied."""
    real = demo.importlib.util.find_spec
    monkeypatch.setattr(
        demo.importlib.util, "find_spec", lambda name: None if name == "jupyterlab" else real(name)
    )
    assert cli.main(["demo", str(tmp_path / "d")]) == 1
    err = capsys.readouterr().err
    assert "JupyterLab is not installed" in err and "pip install 'cyclades_widgets[widgets]'" in err
    assert not (tmp_path / "d").exists()


def test_the_tutorials_come_from_the_checkout_here_and_from_package_data_in_a_wheel():
    """In a checkout the source is notebooks/; the wheel maps notebooks/ to
    cyclades_widgets/data/tutorials (pyproject.toml), which is looked at first."""
    import tomllib

    root = tutorials.tutorials_root()
    assert root is not None and Path(str(root)) == REPO / "notebooks"
    written = tuple(p.parent.name for p in sorted(REPO.glob("notebooks/*/01-first-look.ipynb")))
    assert "en" in tutorials.installed_languages()
    assert set(tutorials.installed_languages()) == set(written)
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    mapping = project["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert mapping == {"notebooks": "cyclades_widgets/data/tutorials"}


def test_the_tutorial_languages_are_the_catalogs_languages():
    """Issue 28: adding a language is adding its catalogs and its tutorial track, no code
    (a whole new language: the test with ``de`` above)."""
    written = {p.parent.name for p in REPO.glob("notebooks/*/01-first-look.ipynb")}
    assert tutorials.installed_languages() == tuple(c for c in LANGS if c in written)
    assert {"en", "fr", "zh"} <= set(tutorials.installed_languages())
