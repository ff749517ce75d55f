"""Errors the engine raises. Each names what was wrong and the rule IDs involved."""

from __future__ import annotations

from dealer_app.engine.says import Says


class EngineError(ValueError):
    """An input the engine cannot accept (bad card, wrong seat, wrong phase). ``message`` is
    the English; ``says`` the same sentence as data (engine/says.py), for the reader's language."""

    def __init__(self, message: str | Says, rules: tuple[str, ...] = ()):
        super().__init__(str(message))
        self.message = str(message)
        self.says = message if isinstance(message, Says) else None
        self.rules = tuple(rules)

    def __str__(self) -> str:
        if self.rules:
            return f"{self.message} ({', '.join(self.rules)})"
        return self.message


class IllegalAction(EngineError):
    """A betting action the rules do not allow now."""
