"""Print the Binder launch link and badge for this repository (or any GitHub fork of it).

    python binder/launch_url.py                     # from the git remote "origin"
    python binder/launch_url.py OWNER/REPO [BRANCH]

The link opens JupyterLab on the first tutorial. Binder builds the image from this folder
(``requirements.txt``, ``runtime.txt``, ``postBuild``); see ``docs/launching.md``.
Standard library only. Not part of the package: repo2docker ignores it.
"""

from __future__ import annotations

import re
import subprocess
import sys

BINDER = "https://mybinder.org"
BADGE_IMAGE = f"{BINDER}/badge_logo.svg"
#: What the link opens, relative to the repository's top folder.
FIRST_TUTORIAL = "notebooks/en/01-first-look.ipynb"

_GITHUB_REMOTE = re.compile(
    r"^(?:https://github\.com/|git@github\.com:|ssh://git@github\.com/)"
    r"(?P<owner>[A-Za-z0-9-]+)/(?P<repo>[A-Za-z0-9._-]+?)(?:\.git)?/?$"
)
_SLUG = re.compile(r"^(?P<owner>[A-Za-z0-9-]+)/(?P<repo>[A-Za-z0-9._-]+)$")


def github_slug(remote: str) -> str:
    """``"owner/repo"`` from a GitHub remote URL (https or ssh) or from ``owner/repo`` itself.

    Raises ``ValueError`` for anything else: Binder's ``gh`` provider serves GitHub only.
    """
    text = remote.strip()
    match = _GITHUB_REMOTE.match(text) or _SLUG.match(text)
    if match is None:
        raise ValueError(
            f"{text!r} is not a GitHub repository: give OWNER/REPO, or a remote like "
            "https://github.com/OWNER/REPO.git or git@github.com:OWNER/REPO.git"
        )
    return f"{match['owner']}/{match['repo']}"


def launch_url(slug: str, branch: str = "main", path: str = FIRST_TUTORIAL) -> str:
    """The Binder link that builds ``slug`` at ``branch`` and opens ``path`` in JupyterLab."""
    return f"{BINDER}/v2/gh/{github_slug(slug)}/{branch}?urlpath=lab/tree/{path}"


def badge(slug: str, branch: str = "main") -> str:
    """The Markdown badge for the README."""
    return f"[![Launch on Binder]({BADGE_IMAGE})]({launch_url(slug, branch)})"


def origin_remote() -> str:
    """The URL of the git remote ``origin`` (``ValueError`` if there is none)."""
    try:
        out = subprocess.run(
            ["git", "remote", "get-url", "origin"], capture_output=True, text=True, check=True
        )
    except (OSError, subprocess.CalledProcessError) as err:
        raise ValueError(
            "this checkout has no git remote 'origin': give OWNER/REPO on the command line"
        ) from err
    return out.stdout.strip()


def main(argv: list[str] | None = None) -> int:
    """Command line: print the link and the badge, or say what is missing."""
    args = sys.argv[1:] if argv is None else argv
    try:
        slug = github_slug(args[0] if args else origin_remote())
    except ValueError as err:
        print(f"launch_url: {err}", file=sys.stderr)
        return 1
    branch = args[1] if len(args) > 1 else "main"
    print(launch_url(slug, branch))
    print(badge(slug, branch))
    return 0


if __name__ == "__main__":
    sys.exit(main())
