"""Game records (``cyclades-record/2``, ``docs/records.md``): one layer, above the game's
history and below everything that shows a game.

- :mod:`.strings` and :mod:`.shape`: the rules of a record's texts, and the strict reading
  of a file's shape and its limits, with a JSON path in every error;
- :mod:`.highlight`: :class:`~.highlight.Highlight`, the places and arrows a teacher draws,
  the one form every painter and the file use;
- :mod:`.schema`, :mod:`.start`, :mod:`.verify` and :mod:`.files`: the parts of a file, the
  checks of a staged start position, and reading a file safely;
- :mod:`.tree`: :class:`~.tree.RecordTree`, the header and the tree of annotated lines;
- :mod:`.replay`: replaying a line's moves, checked or trusted, on a game;
- :mod:`.notes`: the notes and highlights of each position of a line.

The public :class:`~cyclades_widgets.game.GameRecord` joins them to the game; the HTML page
is :mod:`cyclades_widgets.export.page` and the text form
:mod:`cyclades_widgets.cli.record_text`. This package imports none of them.
"""
