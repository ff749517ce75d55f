"""Errors the engine raises. Each names what was wrong and the rule IDs involved."""


class EngineError(ValueError):
    """An input the engine cannot accept (bad card, wrong seat, wrong phase)."""

    def __init__(self, message: str, rules: tuple[str, ...] = ()):
        super().__init__(message)
        self.message = message
        self.rules = tuple(rules)

    def __str__(self) -> str:
        if self.rules:
            return f"{self.message} ({', '.join(self.rules)})"
        return self.message


class IllegalAction(EngineError):
    """A betting action the rules do not allow now."""
