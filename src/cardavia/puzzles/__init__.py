"""Puzzles: decisions from real deals where one option is best by a clear margin.

``puzzle``: the file format (``docs/records-and-cli-7.md``), loading and the check CI runs
(``cardavia puzzle GAME --check FILE``); ``build``: finding them in seeded deals, each answer
checked by a deeper search than the hard tier's.
"""
