"""Dealer training: drills made by the engine, checked by the engine (issue 13)."""
