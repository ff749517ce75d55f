"""A sentence as data: its English template and the values in it — the one way the engine speaks.

Every sentence the dealer reads (a refusal, an event, a deal plan, a raising note, a prompt)
is a ``Says``: the template, with %1, %2 … where the values go, marked with Qt's no-op marker
``QT_TRANSLATE_NOOP(context, …)`` so that pyside6-lupdate finds it for the translators
("Errors" for refusals, "Words" for what happens at the table), and the values, typed where a
language words them differently (a card, an amount, an action, a rank, a part of the sentence).
``str()`` is the English; the UI translates the template and fills the same values in the
reader's language (``ui/words.said``). Plain Python: the marker is a function that returns its
text, which remembers its context.

A template whose words agree with a number ("locked for %2 more minute(s)") names that value
in its marker, as a number lupdate can read: ``QT_TRANSLATE_NOOP("Errors", "…", None, 2)``
(the count is %2). lupdate then gives it Qt's numerus forms in the .ts (German "1 Minute",
"3 Minuten"), and the UI passes the count as Qt's ``n``. The English is the template filled,
as it always was ("minute(s)").
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from dealer_app.engine.money import format_money


class Template(str):
    """A template's English text that knows the translation context it was marked in and
    which of its values, if any, is the count its words agree with (``counted``: 1 for %1;
    0 for none; not ``count``, which every str has as a method)."""

    context: str
    counted: int

    def __new__(cls, text: str, context: str, counted: int = 0) -> Template:
        self = super().__new__(cls, text)
        self.context = context
        self.counted = counted
        return self

    def __reduce__(self) -> tuple[type[Template], tuple[str, str, int]]:  # sent to another process whole
        return (Template, (str(self), self.context, self.counted))


@functools.cache
def QT_TRANSLATE_NOOP(  # noqa: N802 - Qt's name, which lupdate looks for
    context: str, template: str, disambiguation: None = None, count: int = 0
) -> str:
    """Marks ``template`` for translation under ``context``; returns its text (a ``Template``).
    ``count``, written as a number (lupdate reads it to give the template numerus forms):
    which value, %1, %2 …, is the count the template's words agree with."""
    return Template(template, context, count)


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


# the ranks as English words them (0 = deuce … 12 = ace)
RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
RANK_PLURALS = (
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
)
RANK_LETTERS = "23456789TJQKA"


@dataclass(frozen=True)
class RankArg:
    """A rank in a sentence (0 = deuce … 12 = ace): its ``name`` ("king"), ``plural``
    ("kings") or ``letter`` ("K")."""

    rank: int
    form: str = "name"  # name | plural | letter

    def __str__(self) -> str:
        if self.form == "plural":
            return RANK_PLURALS[self.rank]
        return RANK_LETTERS[self.rank] if self.form == "letter" else RANK_NAMES[self.rank]


@dataclass(frozen=True)
class Says:
    """An English template with %1, %2 … and the values that fill it (a value may itself be a
    ``Says``: a part of the sentence, said in the reader's language too)."""

    template: str
    args: tuple[object, ...] = ()

    @property
    def context(self) -> str:
        """Where the template is marked for translation ("Errors" unless marked otherwise;
        "" for a sentence made of parts, which has nothing of its own to translate)."""
        return getattr(self.template, "context", "Errors")

    @property
    def count(self) -> int | None:
        """The number the template's words agree with (Qt's ``n`` for its numerus forms: "1
        Minute", "3 Minuten"), or None when they agree with none: the value its marker names,
        a list's length for a list ("seat(s) %1")."""
        index = getattr(self.template, "counted", 0)
        if not index:
            return None
        value = self.args[index - 1]
        if isinstance(value, ListArg):
            return len(value.items)
        return value if isinstance(value, int) else int(str(value))

    def __str__(self) -> str:
        return fill(self.template, *(english(a) for a in self.args))


@dataclass(frozen=True)
class RefusalArg:
    """A refusal quoted in a sentence (a floor ruling's "applied although refused: …"): the
    UI shows it as a refusal shown on its own is shown (``ui/words.error_words``)."""

    says: Says

    def __str__(self) -> str:
        return str(self.says)


_JOINS = [Template("".join(f"%{i}" for i in range(1, n + 1)), "") for n in range(10)]


def joined(*parts: Says | str) -> Says:
    """Parts of a sentence said one after the other, each translated on its own."""
    return Says(_JOINS[len(parts)], parts)


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
