"""``python -m cyclades_widgets``: the command line (see :mod:`cyclades_widgets.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
