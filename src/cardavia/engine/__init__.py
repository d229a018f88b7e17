"""The game-agnostic kernel shared by every Cardavia game.

Pure library: no I/O, no global state, no imports from the web or the AI.
"""
