"""The rules engines, one package per game; each exposes ``SPEC`` (see ``cardavia.engine.registry``)."""
