"""The dealer's inputs: one frozen class each, with the JSON list the record keeps of it.

The record stores an input as a list whose first element names it (``["act", 4, "call", 800]``):
``to_json`` writes exactly that list and ``input_from_json`` reads it back, so a record written
before these classes existed reads the same and its rows hash the same. ``apply_to`` gives the
input to the engine's hand: the one place where an input becomes an engine call.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from dealer_app.engine.cards import parse_card, parse_cards
from dealer_app.engine.errors import EngineError
from dealer_app.engine.irregularities import IRREGULARITIES
from dealer_app.engine.says import QT_TRANSLATE_NOOP, says

InputJson = list[Any]  # an input as the record's JSON holds it: ["act", 3, "call", 800] (``to_json``)

if TYPE_CHECKING:
    from dealer_app.engine.hand import Hand
    from dealer_app.engine.session import TableSession


@dataclass(frozen=True)
class DealerInput:
    """One input as the record keeps it; ``kind`` is its first element there."""

    kind: ClassVar[str]

    def to_json(self) -> list[Any]:
        raise NotImplementedError

    def apply_to(self, hand: Hand) -> None:
        raise NotImplementedError


@dataclass(frozen=True)
class Deal(DealerInput):
    """Cards dealt to a seat (None: a card dealt down, unseen)."""

    kind: ClassVar[str] = "deal"
    seat: int
    cards: tuple[str | None, ...]

    def to_json(self) -> list[Any]:
        return [self.kind, self.seat, list(self.cards)]

    def apply_to(self, hand: Hand) -> None:
        hand.deal(self.seat, [None if c is None else parse_card(c) for c in self.cards])


@dataclass(frozen=True)
class River(DealerInput):
    """Every seventh-street card, down (D-4)."""

    kind: ClassVar[str] = "river"

    def to_json(self) -> list[Any]:
        return [self.kind]

    def apply_to(self, hand: Hand) -> None:
        while hand.phase == "deal" and (due := hand.expected_deal()):
            hand.deal(due[0], [None])  # D-4: the river goes down unseen


@dataclass(frozen=True)
class Common(DealerInput):
    """The common card, when the deck cannot give every player a river card."""

    kind: ClassVar[str] = "common"
    card: str

    def to_json(self) -> list[Any]:
        return [self.kind, self.card]

    def apply_to(self, hand: Hand) -> None:
        hand.deal_common(parse_card(self.card))


@dataclass(frozen=True)
class Act(DealerInput):
    """A seat's action (``to``: the amount its bet goes to, None where none is needed).
    ``floor_override``: the floor's override of a refused action (I-3), from a file; kept as a
    fifth element ``true`` in the record."""

    kind: ClassVar[str] = "act"
    seat: int
    action: str
    to: int | None
    floor_override: bool = False

    def to_json(self) -> list[Any]:
        out: list[Any] = [self.kind, self.seat, self.action, self.to]
        return [*out, True] if self.floor_override else out

    def apply_to(self, hand: Hand) -> None:
        hand.act(self.seat, self.action, self.to, ruling=self.floor_override)


@dataclass(frozen=True)
class Show(DealerInput):
    """A seat shows its downcards (None: shown, the cards not typed)."""

    kind: ClassVar[str] = "show"
    seat: int
    cards: str | None

    def to_json(self) -> list[Any]:
        return [self.kind, self.seat, self.cards]

    def apply_to(self, hand: Hand) -> None:
        hand.show(self.seat, parse_cards(self.cards) if self.cards else None)


@dataclass(frozen=True)
class Muck(DealerInput):
    kind: ClassVar[str] = "muck"
    seat: int

    def to_json(self) -> list[Any]:
        return [self.kind, self.seat]

    def apply_to(self, hand: Hand) -> None:
        hand.muck(self.seat)


@dataclass(frozen=True)
class Irregularity(DealerInput):
    """An irregularity the dealer reported (catalog §9), with its remedy. I-1 and I-4 name the
    seat and the card; I-5 the seat and its action; the others nothing."""

    kind: ClassVar[str] = "irregularity"
    code: str
    seat: int | None = None
    card: str | None = None
    action: str | None = None
    to: int | None = None

    def to_json(self) -> list[Any]:
        if self.code in ("I-1", "I-4"):
            return [self.kind, self.code, self.seat, self.card]
        if self.code == "I-5":
            return [self.kind, self.code, self.seat, self.action, self.to]
        return [self.kind, self.code]

    def apply_to(self, hand: Hand) -> None:
        # (a seat or action left out reaches the engine, which refuses it in the dealer's words)
        seat: Any = self.seat
        action: Any = self.action
        code = self.code
        if code in ("I-1", "I-4"):
            card = parse_card(self.card) if isinstance(self.card, str) else None
            if card is None:
                raise EngineError(says(QT_TRANSLATE_NOOP("Errors", "enter the card (%1)"), code), (code,))
            if code == "I-1":
                hand.expose_downcard(seat, card)
            else:
                hand.correct_bring_in(seat, card)
        elif code == "I-2":
            hand.card_dealt_early()
        elif code == "I-5":
            hand.act_out_of_turn(seat, action, self.to)
        elif code == "I-6":
            hand.misdeal()
        elif code == "I-7":
            hand.fouled_deck()
        else:
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "%1 is not an irregularity the table reports (%2)"),
                    repr(code),
                    ", ".join(IRREGULARITIES),
                ),
                ("I-3",),
            )


@dataclass(frozen=True)
class SwitchGame(DealerInput):
    """The floor switches a mixed table's game between hands (M-1, M-2): a new round of ``game``
    starts with the next hand. It is given to the table's session, never to a hand (recorded as
    its own row, ``switch_game``, signed by the floor: record/rows.SwitchGameRow)."""

    kind: ClassVar[str] = "switch_game"
    game: str

    def to_json(self) -> list[Any]:
        return [self.kind, self.game]

    def apply_to(self, hand: Hand) -> None:
        raise EngineError(says(QT_TRANSLATE_NOOP("Errors", "the game is switched between hands only")), ("M-1",))

    def apply_to_session(self, session: TableSession) -> None:
        session.switch_game(self.game)


def input_from_json(raw: list[Any] | tuple[Any, ...] | DealerInput) -> DealerInput:
    """The input a record's list names (EngineError for one that names none, in words)."""
    if isinstance(raw, DealerInput):
        return raw
    try:
        return _input_from_list(raw)
    except (IndexError, TypeError, KeyError):
        raise EngineError(
            says(
                QT_TRANSLATE_NOOP(
                    "Errors", "the input %1 is not one the record writes (a part missing or not as written)"
                ),
                json.dumps(raw, default=repr)[:120],
            )
        ) from None


def _input_from_list(raw: list[Any] | tuple[Any, ...]) -> DealerInput:
    # (a list parsed from the record's JSON: its items are whatever the text held, hence Any)
    kind = raw[0]
    if kind == Deal.kind:
        return Deal(raw[1], tuple(raw[2]))
    if kind == River.kind:
        return River()
    if kind == Common.kind:
        return Common(raw[1])
    if kind == Act.kind:
        return Act(raw[1], raw[2], raw[3], len(raw) > 4 and raw[4] is True)
    if kind == Show.kind:
        return Show(raw[1], raw[2])
    if kind == Muck.kind:
        return Muck(raw[1])
    if kind == SwitchGame.kind:
        return SwitchGame(raw[1])
    if kind == Irregularity.kind:
        code = raw[1]
        if code in ("I-1", "I-4"):
            return Irregularity(code, raw[2], raw[3])
        if code == "I-5":
            return Irregularity(code, raw[2], action=raw[3], to=raw[4])
        return Irregularity(code)
    raise EngineError(f"unknown input {kind!r}")
