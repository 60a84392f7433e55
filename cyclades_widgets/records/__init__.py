"""Game records (``cyclades-record/1``): the format, its schema, replaying and the HTML page.

- :mod:`.schema`: the JSON Schema and the strict checks, with JSON paths in every error;
- :mod:`.tree`: :class:`~.tree.RecordTree`, the header and the tree of annotated lines;
- :mod:`.replay`: replaying a line's moves, checked, on a game;
- :mod:`.notes`: the notes and highlights of each position of a line;
- :mod:`.page`: the self-contained HTML replay page.

The public :class:`~cyclades_widgets.game.GameRecord` joins them to the game. This package
imports nothing from it, so the record layer never reaches up to the views.
"""
