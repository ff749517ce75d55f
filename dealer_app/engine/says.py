"""A sentence as data, for the errors a dealer reads: its English template and the values in it.

The engine's refusals (a card that is no card, an action out of turn, an amount outside the
range) are read by the dealer at the table, in the dealer's language. So a refusal carries a
``Says``: the template, with %1, %2 … where the values go, marked with Qt's no-op marker
``QT_TRANSLATE_NOOP("Errors", …)`` so that pyside6-lupdate finds it for the translators, and
the values, typed where a language words them differently (a card, an action). ``str()`` is
the English; the UI fills the translated template (``ui/words.error_words``). Plain Python:
the marker is a function that returns its text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


def QT_TRANSLATE_NOOP(context: str, template: str) -> str:  # noqa: N802 - Qt's name, which lupdate looks for
    """Marks ``template`` for translation under ``context``; returns it unchanged."""
    return template


@dataclass(frozen=True)
class CardArg:
    """A card in a sentence (its English code; the UI shows the reader's rank letter)."""

    card: int

    def __str__(self) -> str:  # with its suit sign, the ten as "10" ("K♦", "10♥"), as the table shows cards
        from dealer_app.engine.cards import card_sign

        return card_sign(self.card)


@dataclass(frozen=True)
class PhaseArg:
    """Where a hand is (deal, bet, showdown, done) in a sentence."""

    phase: str

    def __str__(self) -> str:
        return self.phase


@dataclass(frozen=True)
class MoneyArg:
    """An amount in a sentence: integer cents in the table's currency. ``str()`` is the
    engine's English ("$0.50"); the UI writes it the reader's way (German "0,50 $")."""

    cents: int
    currency: str = "USD"

    def __str__(self) -> str:
        from dealer_app.engine.money import format_money

        return format_money(self.cents, self.currency)


BUTTON_NAMES = {
    "fold": "Fold",
    "check": "Check",
    "call": "Call",
    "bring_in": "Bring in",
    "complete": "Complete to",
    "bet": "Bet",
    "raise": "Raise to",
}


@dataclass(frozen=True)
class ActionArg:
    """A betting action's name in a sentence: "bring in" (``raw``: as the engine names it,
    "bring_in"; ``button``: as its button says it, "Bring in", "Raise to")."""

    action: str
    raw: bool = False
    button: bool = False

    def __str__(self) -> str:
        if self.button:
            return BUTTON_NAMES[self.action]
        return self.action if self.raw else self.action.replace("_", " ")


@dataclass(frozen=True)
class ListArg:
    """Several values in a sentence, joined by ", " or by " or "."""

    items: tuple[object, ...]
    joined_by: str = ", "  # ", " or " or "

    def __str__(self) -> str:
        return self.joined_by.join(str(i) for i in self.items)


@dataclass(frozen=True)
class Says:
    """An English template with %1, %2 … and the values that fill it."""

    template: str
    args: tuple[object, ...] = ()

    def __str__(self) -> str:
        return fill(self.template, *(english(a) for a in self.args))


def english(value: object) -> str:
    """A value of a sentence in English: an event or a prompt by its words, else as str()."""
    text = getattr(value, "text", None)
    return text if isinstance(text, str) and not isinstance(value, str) else str(value)


def says(template: str, *args: object) -> Says:
    return Says(template, args)


class Said(str):
    """A sentence as its English text (a str, for every reader that wants text) that keeps
    its ``Says`` for the reader's language (a note shown at start, a limits file's problem)."""

    says: Says

    def __new__(cls, said: Says) -> Said:
        self = super().__new__(cls, str(said))
        self.says = said
        return self

    def __reduce__(self) -> tuple[type[str], tuple[str]]:  # sent to another process as the plain English text
        return (str, (str(self),))


def said(template: str, *args: object) -> Said:
    return Said(says(template, *args))


_PLACE = re.compile(r"%(\d+)")


def fill(template: str, *args: str) -> str:
    """%1, %2 … filled in, in one pass as Qt's ``arg`` does: a value that itself holds "%1"
    (a player called "50%1 off", a file's text quoted back) is left as it is."""

    def value(m: re.Match[str]) -> str:
        n = int(m.group(1))
        return args[n - 1] if 0 < n <= len(args) else m.group(0)

    return _PLACE.sub(value, template)
