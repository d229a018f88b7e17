"""Sì Sè Pái rules tests."""
