"""What the table shows: the prompt, the choices, the seats, the pots and the awards.

``TablePresentation`` answers the screen's questions about one table and its hand, read-only:
it holds no undo, no record and no inputs of its own to apply. The live table's controller
(``controller.py``) has one for its current hand; the floor's moments and the trainer's drills
are presentations over a hand replayed to a step. The words of a prompt are data
(``prompts.py``), so the UI says them in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dealer_app.engine.cards import format_card
from dealer_app.engine.events import ActionTaken, PotAwarded, PotWonByFolds, UncalledBetReturned
from dealer_app.engine.money import format_money
from dealer_app.engine.says import BUTTON_NAMES
from dealer_app.engine.showdown import PotListing, pots_in_play
from dealer_app.live.prompts import (
    AwardsDue,
    BetweenHands,
    CardDue,
    CommonCardDue,
    NoTable,
    PotPush,
    Prompt,
    RiverDue,
    Sealed,
    ShowDue,
    ToAct,
    VoidDue,
    prompt_for,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from dealer_app.engine.events import Event, HandVoided, ShortageAhead
    from dealer_app.engine.hand import Hand
    from dealer_app.engine.session import TableSession
    from dealer_app.engine.showdown import BestShown
    from dealer_app.live.prompts import Note
    from dealer_app.record.chain import Anchor
    from dealer_app.record.inputs import InputJson

# How the screen writes an amount (cents, currency): the engine's English ("$0.50") until the UI
# puts in the reader's (ui/words.money, German "0,50 $"). Only what is shown reads it: nothing
# recorded, exported or refused (a refusal carries a MoneyArg) goes through it.
_shown_money: Callable[[int, str], str] = format_money


def show_money_with(words: Callable[[int, str], str]) -> None:
    """Every table's ``money()`` (the live table, the floor's moments, the trainer's) writes
    amounts with ``words`` from now on."""
    global _shown_money
    _shown_money = words


KEYS = {"fold": "F", "check": "K", "call": "C", "bring_in": "B", "complete": "O", "bet": "E", "raise": "R"}
# the second bet and raise a fourth-street open pair offers (L-3): the big bet's keys
SECOND_KEYS = {"E": "G", "R": "T"}


@dataclass
class ActionChoice:
    """A legal action (``LegalAction``'s fields) as the dealer's button shows it."""

    action: str
    to: int | None = None
    min_to: int | None = None
    max_to: int | None = None
    all_in: bool = False
    label: str = ""
    key: str = ""
    call_amount: int | None = None  # a call: what goes in now (``to`` less what the seat has in)


@dataclass(frozen=True)
class DealSlot:
    """One live seat of the street being dealt (D-2): the card this street gave it, once it is
    dealt, and whether the next typed card goes to it."""

    seat: int
    name: str
    card: str | None
    due: bool


@dataclass(frozen=True)
class StreetDeal:
    """The street being dealt, seat by seat in dealing order (D-2, D-4): where each typed card
    goes. Folded seats get no card (``folded``)."""

    street: int
    slots: tuple[DealSlot, ...]
    folded: tuple[int, ...]

    @property
    def needed(self) -> int:
        """Cards still to deal this street."""
        return sum(1 for s in self.slots if s.card is None)


@dataclass
class SeatView:
    seat: int
    name: str
    stack: int
    round_to: int = 0
    up: list[str] = field(default_factory=list)
    down_count: int = 0
    folded: bool = False
    all_in: bool = False
    to_act: bool = False
    in_hand: bool = False
    sitting_out: bool = False
    shown: list[str] = field(default_factory=list)
    to_call: int = 0  # what this seat would put in now to call (all of its stack when that is less)
    in_pot: int = 0  # what it has put in this hand: ante, bring-in, bets
    held: tuple[str, int | None] | None = None  # I-5: its action out of turn, held until its turn
    # the trainer's: a seat a drill asks about or answers with, in the reader's words (drawn with
    # a neutral highlight, never as the seat to act), and whether "in pot" may be shown
    note: str = ""
    in_pot_shown: bool = True


def decisions_of(hand: Hand | None) -> list[Event]:
    """The hand's decisions with their rules, and every action taken (a fold cites no rule, but
    the dealer reads the hand's actions in the same list), as events."""
    if hand is None:
        return []
    return decisions_among(hand.events)


def decisions_among(events: Sequence[Event]) -> list[Event]:
    """``decisions_of`` for some of a hand's events (those one input caused)."""
    return [e for e in events if e.text and (e.rules or isinstance(e, ActionTaken))]


class TablePresentation:
    """The screen's reads of one table: its session (seats, limits, currency) and the hand on it
    as it stands, the hand's number and the dealer's inputs so far. Read-only; built again when
    the table changes.

    ``replay`` gives the hand as dealt with some of those inputs applied: with it the prompt
    names what the latest input caused (an uncalled bet to return, P-2). ``last_events``, when
    the events of the latest input are already known, spares that replay."""

    def __init__(
        self,
        session: TableSession | None,
        hand_no: int = 0,
        inputs: Sequence[InputJson] = (),
        *,
        last_seal: Anchor | None = None,
        replay: Callable[[list[InputJson]], Hand] | None = None,
        last_events: Sequence[Event] | None = None,
    ):
        self.session = session
        self.hand: Hand | None = session.hand if session is not None else None  # the session's, not a copy
        self.hand_no = hand_no
        self.inputs: tuple[InputJson, ...] = tuple(inputs)
        self.last_seal = last_seal  # the last finished hand's seal (record/chain.Anchor), if committed
        self._replay = replay
        self._last_events: list[Event] | None = None if last_events is None else list(last_events)

    def shows(
        self, session: TableSession | None, hand_no: int, inputs: Sequence[InputJson], last_seal: Anchor | None
    ) -> bool:
        """Whether this presentation is of exactly this table state (the same session, hand,
        hand number, inputs and seal): a controller keeps it until one of them changes."""
        return (
            self.session is session
            and self.hand is (session.hand if session is not None else None)
            and self.hand_no == hand_no
            and self.last_seal is last_seal
            and len(self.inputs) == len(inputs)
            and (not inputs or self.inputs[-1] is inputs[-1])
        )

    @property
    def ruling_events(self) -> list[Event]:
        """The hand's decisions with their rules, and its actions (``decisions_of``)."""
        return decisions_of(self.hand)

    def money(self, cents: int) -> str:
        """An amount as the screen shows it (in the reader's way once the UI is loaded)."""
        return _shown_money(cents, self._currency())

    def _currency(self) -> str:
        return self.session.table.currency if self.session else "USD"

    def best_so_far(self) -> list[tuple[str, list[int], str]]:
        """At the showdown: the best hand shown so far (and the best low in Hi-Lo)."""
        h = self.hand
        return h.best_shown() if h is not None and h.phase in ("showdown", "done") else []

    def best_hands_so_far(self) -> list[BestShown]:
        """``best_so_far`` as the engine's BestShown (values, not words)."""
        h = self.hand
        return h.best_hands_shown() if h is not None and h.phase in ("showdown", "done") else []

    def voided(self) -> HandVoided | None:
        """The HandVoided event when a misdeal or a fouled deck voided the hand (I-6, I-7): every
        ante and bet goes back; else None."""
        return self.hand.voided if self.hand is not None else None

    def awarded_pots(self) -> list[PotAwarded | PotWonByFolds]:
        """The hand's awards as events (PotAwarded, or PotWonByFolds), in the order of ``awards``."""
        if self.hand is None or self.hand.phase != "done":
            return []
        return [e for e in self.hand.events if isinstance(e, (PotAwarded, PotWonByFolds))]

    # --- what the screen shows --------------------------------------------------------------------
    def prompt(self) -> Prompt:
        """What the dealer does now, in big words, with the physical steps that come first
        (burn, return an uncalled bet, push a pot) as notes."""
        p = self._prompt()
        steps = self._steps(p)
        if not steps:
            return p
        return Prompt(
            p.kind,
            p.seat,
            p.text,
            p.rules,
            tuple((s.text, s.rules) for s in steps) + p.notes,
            p.subject,
            steps + p.note_subjects,
        )

    def _steps(self, p: Prompt) -> tuple[Note, ...]:
        h = self.hand
        if h is None:
            return ()
        out: list[Note] = []
        for e in self._last_input_events():  # P-2: the chips go back before anything else
            if isinstance(e, UncalledBetReturned):
                out.append(e)
        if p.kind in ("card", "river") and h.plan.normal and len(h.deal_queue) == h.plan.live:
            out.append(h.plan)  # D-5: the burn, then the round
        shows_first = h.showdown_decision
        if p.kind == "show" and p.seat == h.showdown_order[0] and shows_first is not None:
            out.append(shows_first)  # W-1: who shows first, and why
        if p.kind == "award":
            for i, pot in enumerate(h.pots_awarded):
                pushes = tuple((seat, h.by_seat[seat].name, amount) for seat, amount in pot["winners"].items())
                out.append(PotPush(i, pot["amount"], pushes, h.rules.currency, tuple(pot["rules"])))
        return tuple(out)

    def _last_input_events(self) -> list[Event]:
        """The events the latest input of the hand caused (given when it was applied; after an
        undo, a resume or on a replayed moment, found by replaying the inputs before it)."""
        h = self.hand
        if h is None or not self.inputs:
            return []
        if self._last_events is None:
            if self._replay is None:
                return []
            before = self._replay(list(self.inputs[:-1]))
            self._last_events = h.events[len(before.events) :]
        return self._last_events

    def _prompt(self) -> Prompt:
        if self.session is None:
            return prompt_for("setup", NoTable())
        h = self.hand
        if h is None:
            seal = self.last_seal  # the last hand's, once its end is committed: read out with the awards
            sealed = (Sealed(seal.hand, seal.seal),) if seal is not None and seal.hand == self.hand_no else ()
            return prompt_for("between", BetweenHands(self.hand_no + 1), ("T-4",), notes=sealed)
        if h.phase == "deal":
            if h.plan.common_card:
                return prompt_for("common", CommonCardDue(h.plan), h.plan.rules)
            # a shortage procedure (burns pooled, no burn) must be done before the first card
            short = not h.plan.normal and len(h.deal_queue) == h.plan.live
            if h.street == 7:
                if short:
                    return prompt_for("river", RiverDue(h.plan), h.plan.rules)
                return prompt_for("river", RiverDue(), ("D-4",))
            expected = h.expected_deal()
            assert expected is not None  # dealing, and no common card: a seat is due (D-2)
            seat = expected[0]
            due = CardDue(seat, h.by_seat[seat].name, h.street == 3, h.plan if short else None)
            return prompt_for("card", due, (*h.plan.rules, "D-2") if short else ("D-2",), seat)
        if h.phase == "bet":
            to_act = h.to_act
            assert to_act is not None  # a betting round always has a player to act
            rules = tuple(h.decision_rules)
            opening = h.bring_in_decision if h.street == 3 else h.opening_decision
            if opening is not None and not h.round_started:  # the street's first actor, and why
                rules = opening.rules
            else:
                opening = None
            notes = tuple(h.raising_notes())
            return prompt_for(
                "action",
                ToAct(to_act.seat, to_act.name, opening),
                rules + tuple(r for n in notes for r in n.rules if r not in rules),
                to_act.seat,
                notes,
            )
        if h.phase == "showdown":
            seat = h.pending_show[0]
            return prompt_for("show", ShowDue(seat, seat == h.showdown_order[0]), ("W-1",), seat)
        if h.voided is not None:  # I-6, I-7: nothing to push but every ante and bet, back
            return prompt_for("award", VoidDue(h.voided.reason), h.voided.rules)
        rules = tuple(dict.fromkeys(["P-1"] + [r for pot in h.pots_awarded for r in pot["rules"]]))
        return prompt_for("award", AwardsDue(), rules)

    def choices(self) -> list[ActionChoice]:
        if self.hand is None or self.hand.phase != "bet":
            return []
        out = []
        p = self.hand.to_act
        assert p is not None  # a betting round always has a player to act
        for a in self.hand.legal_actions():
            call_amount = a.to - p.round_to if a.action == "call" and a.to is not None else None
            label = self._label(a.action, a.to, a.min_to, a.max_to, a.all_in, call_amount)
            out.append(ActionChoice(a.action, a.to, a.min_to, a.max_to, a.all_in, label, KEYS[a.action], call_amount))
        # two choices of one kind (fourth-street open pair): keys E / Shift+E style by position
        seen: dict[str, int] = {}
        for c in out:
            seen[c.key] = seen.get(c.key, 0) + 1
            if seen[c.key] == 2:
                c.key = SECOND_KEYS.get(c.key, c.key)
        return out

    def _label(
        self, action: str, to: int | None, min_to: int | None, max_to: int | None, all_in: bool, call_amount: int | None
    ) -> str:
        """A choice as its button says it, in English ("Call $5", "Raise to $20", "Bet $2-$10")."""
        name = BUTTON_NAMES[action]
        if action in ("fold", "check"):
            return name
        currency = self._currency()

        def m(cents: int) -> str:  # the English, whatever the screen shows
            return format_money(cents, currency)

        if min_to is not None and max_to is not None:
            return f"{name} {m(min_to)}-{m(max_to)}"
        if call_amount is not None:  # what goes in now, not the round's total
            return f"Call all-in {m(call_amount)}" if all_in else f"Call {m(call_amount)}"
        assert to is not None  # every other choice has its exact amount
        return f"All-in {m(to)}" if all_in else f"{name} {m(to)}"

    def seats(self) -> list[SeatView]:
        if self.session is None:
            return []
        views = []
        h = self.hand
        for seat, sp in sorted(self.session.seats.items()):
            v = SeatView(seat, sp.name, sp.stack, sitting_out=sp.sitting_out)
            if h is not None and seat in h.by_seat:
                p = h.by_seat[seat]
                # bets stand in front of the seat while their round is open; when it ends they
                # are swept into the pot (the engine keeps them until the next round opens)
                v.stack, v.in_hand = p.stack, True
                v.round_to = p.round_to if h.phase == "bet" else 0
                v.up = [format_card(c) for c in p.up]
                v.down_count = len(p.down)
                if h.street == 3 and h.phase == "deal" and not p.up:
                    v.down_count = 2  # D-3: both downcards are out before the first door card
                v.folded, v.all_in = p.folded, p.all_in and not p.folded
                v.to_act = h.phase == "bet" and h.to_act is p
                if p.shown:
                    v.shown = [format_card(c) for c in p.down]
                v.in_pot = p.total
                if h.phase == "bet" and not p.folded:
                    v.to_call = max(0, min(h.current_to - p.round_to, p.stack))
                held = h.held.get(seat)
                if held is not None:
                    v.held = (held.action, held.to)
            views.append(v)
        return views

    def street_deal(self) -> StreetDeal | None:
        """While a street's upcards (or third street's door cards) are dealt: each live seat in
        dealing order with the card it got, and the seat the next card goes to (D-2)."""
        h = self.hand
        if h is None or h.phase != "deal" or h.plan.common_card or h.street == 7:
            return None
        due = [q.seat for q in h.deal_queue]
        index = h.street - 3  # third street's door is the first upcard, fourth street's the second …
        slots = []
        for p in h.players:
            if p.folded:
                continue
            card = None if p.seat in due or len(p.up) <= index else format_card(p.up[index])
            slots.append(DealSlot(p.seat, p.name, card, bool(due) and p.seat == due[0]))
        return StreetDeal(h.street, tuple(slots), tuple(p.seat for p in h.players if p.folded))

    def pots(self) -> list[tuple[int, list[int]]]:
        """Main and side pots as they stand (P-1)."""
        h = self.hand
        if h is None:
            return []
        if h.phase == "done":
            return [(p["amount"], p["eligible"]) for p in h.pots_awarded]
        return [(amount, [p.seat for p in eligible]) for amount, eligible in pots_in_play(h.players)]

    def status(self) -> dict[str, object]:
        h = self.hand
        if h is None:
            return {}
        betting = h.phase == "bet"
        return {
            "street": h.street,
            "raises": max(0, h.levels - 1) if betting else 0,
            "cap_raises": h.rules.max_raises,
            "capped": betting and h.is_capped(),
            "betting": betting,
            "phase": h.phase,
            "stub": self._stub_on_the_table(h),
            "burns": h.burns,
            "common": format_card(h.common) if h.common is not None else None,
            "pot": h.pot_total() if h.phase != "done" else 0,
            "warning": self.warning(),
        }

    @staticmethod
    def _stub_on_the_table(h: Hand) -> int:
        """The stub as it lies on the table. On third street every live seat's two downcards are
        dealt before the first door card (D-3; RR: one card at a time, two rounds down, then one
        up), so while the dealer enters the door cards the stub is already short of the
        downcards of the seats whose door card is still to come; the engine counts a seat's
        three cards when its door card is entered."""
        if h.street == 3 and h.phase == "deal":
            return h.stub - 2 * sum(1 for q in h.deal_queue if not q.up)
        return h.stub

    def shortage_warning(self) -> ShortageAhead | None:
        """D-7: the event warning that the next street will be short, or None."""
        return self.hand.shortage_warning if self.hand is not None else None

    def warning(self) -> str:
        h = self.hand
        if h is None:
            return ""
        warning = h.shortage_warning  # D-7: the next street will be short
        return warning.text + " — D-7" if warning is not None else ""

    def awards(self) -> list[PotListing]:
        """Each pot with the amounts to push, and every shown hand's best five and name."""
        if self.hand is None or self.hand.phase != "done":
            return []
        return self.hand.pots_awarded

    def seen_cards(self) -> set[str]:
        if self.hand is None:
            return set()
        return {format_card(c) for c in self.hand.seen}

    def hand_in_progress(self) -> bool:
        """A hand is dealt (its antes are in) and its awards not yet confirmed."""
        return self.hand is not None
