"""What a game becomes outside Python: :mod:`.page` writes the self-contained HTML page
that replays a game or a record in any browser, painted by the board's own script.

It sits with the painters, above the view model it packs, and below the public game:
``GameRecord.to_html`` imports it when called.
"""
