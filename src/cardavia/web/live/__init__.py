"""The live table: one actor per table, its socket, frames, computers and lessons."""
