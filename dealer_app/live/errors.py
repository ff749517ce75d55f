"""The live table's refusals: what the dealer is told when an input changes nothing.

Every module of the live table raises these; the screen shows ``message`` (English) or
``says`` (the same sentence as data, for the dealer's language) with the rule IDs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from dealer_app.engine.cards import CardError
from dealer_app.engine.errors import EngineError
from dealer_app.engine.says import Says

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

T = TypeVar("T")


class InputError(ValueError):
    """Bad input from the dealer: shown inline, nothing changes. ``message`` is the English;
    ``says`` the same sentence as data (engine/says.py), for the dealer's language."""

    def __init__(self, message: str | Says, rules: Iterable[str] = ()) -> None:
        super().__init__(str(message))
        self.message, self.rules = str(message), tuple(rules)
        self.says = message if isinstance(message, Says) else None


class CardNotDue(InputError):
    """A card typed when none is due: ``street`` is the street the dealer's last card completed
    (so the card is one too many for it), or None when no card was just dealt."""

    def __init__(self, message: str | Says, card: str, street: int | None) -> None:
        super().__init__(message, ("D-2",) if street is not None else ())
        self.card, self.street = card, street


class RecordFailure(InputError):
    """The record could not be written, so the input was not applied (the reason in words)."""


def as_input_error(exc: Exception) -> InputError:
    """The engine's refusal (or a card's) as the dealer is shown it, with its rule IDs."""
    said = getattr(exc, "says", None)
    return InputError(said or getattr(exc, "message", None) or str(exc), getattr(exc, "rules", ()))


def guard(fn: Callable[..., T], *args: object) -> T:
    """``fn(*args)``, the engine's refusal raised as an InputError."""
    try:
        return fn(*args)
    except (EngineError, CardError) as exc:
        raise as_input_error(exc) from None
