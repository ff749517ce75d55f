"""A drill as the trainer shows it: its moment on the felt (``DrillMoment``: what would give
the answer away is not drawn until the answer is in), the skill's name, the question and the
answer in words. The trainer's window, the drill review, the exam dialogs, the spot panel, the
training PDF and the trend chart all read drills through here."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from dealer_app.engine.cards import parse_card
from dealer_app.engine.evaluator import hi_value, razz_value
from dealer_app.engine.limits import LimitsError, load_table
from dealer_app.floor.imported import timeline_of
from dealer_app.floor.timeline import Moment
from dealer_app.ui.drill_facts import (
    chips_words,
    remedy_answer,
)
from dealer_app.ui.words import action_name, fill, high_hand, low_hand, say
from dealer_app.ui.words import card as card_words

if TYPE_CHECKING:
    from dealer_app.live.presentation import SeatView
    from dealer_app.training.drills import Drill

translate = QCoreApplication.translate
SEAT_SKILLS = ("bring-in", "first-to-act", "shows-first")


class DrillMoment(Moment):
    """A drill's moment as the trainee sees it (a presentation of the drill's hand, replayed): what would give the answer away is not drawn
    (the seat to act for a seat question, the pot, the stub, the shortage warning, the awards)
    until the answer is in; the table stays as it stood when asked (Winners: the stacks before
    the push, the all-in seats still all-in, the pots in the middle). ``asked`` is the seat a
    question is about, ``highlight`` the answer's seats afterwards: both marked with a neutral
    note, never as the seat to act."""

    skill = ""
    answered = False
    highlight: tuple[int, ...] = ()
    asked: int | None = None

    def _unpushed(self) -> bool:
        return self.skill in ("winners", "best-five", "low-hand", "split-pot") and not self.answered

    def seats(self) -> list[SeatView]:
        views = super().seats()
        won: dict[int, int] = {}
        if self._unpushed():  # the stacks before the push
            for pot in super().awards():
                for seat, amount in pot["winners"].items():
                    won[seat] = won.get(seat, 0) + amount
        for v in views:
            if self.skill in SEAT_SKILLS or (self.skill == "spot" and not self.answered):
                v.to_act = False  # (a seat question's, after the answer too: the answer is marked as such)
            if won:
                v.stack -= won.get(v.seat, 0)
                if v.in_hand and not v.folded and v.stack == 0:
                    v.all_in = True  # all-in as it was when asked (a pot won would lift the tag)
            if v.seat == self.asked:
                v.note = translate("Training", "ASKED")
            elif self.answered and v.seat in self.highlight and self.skill != "winners":
                v.note = translate("Training", "ANSWER")
            if self.skill in ("pot", "chip-count") and not self.answered:
                v.in_pot_shown = False  # (each seat's chips in the pot would add up to the answer)
        return views

    def status(self) -> dict:
        st = dict(super().status())
        if st and not self.answered and self.skill in ("stub", "shortage"):
            st["stub"] = "?"
        if st and self._unpushed() and self.hand is not None:  # the pots in the middle, not yet pushed
            st["phase"], st["pot"] = "showdown", sum(p["amount"] for p in self.hand.pots_awarded)
        return st

    def pots(self):
        hide = self.skill in ("pot", "side-pots", "chip-count") and not self.answered
        return [] if hide else super().pots()

    def awards(self):
        return [] if self._unpushed() else super().awards()

    def shortage_warning(self):
        return None if self.skill == "shortage" and not self.answered else super().shortage_warning()


def titled(m: Moment, table: str) -> Moment:
    """The table's own title on the felt (a replayed hand knows only the table's name)."""

    if m.session is not None:
        # (if the table cannot be read, the drill's own copy of the amounts is drawn, under its name)
        with contextlib.suppress(LimitsError, OSError):
            m.session.table = load_table(table)
    return m


def moment_of(drill: Drill) -> DrillMoment:
    assert drill.hand is not None  # (a drill made in this process keeps its hand)
    timeline = timeline_of(drill.hand, drill.table, 1)
    m = timeline.moment_as(len(timeline.steps) - 1, DrillMoment)
    m.skill = drill.skill
    if drill.skill in ("best-five", "low-hand"):
        m.asked = drill.answer["seat"]
    elif drill.skill in ("make-change", "colour-up"):
        m.asked = drill.case["seat"]
    elif drill.skill == "irregularity" and drill.case["kind"] not in ("misdeal", "dealt-early", "fouled-deck"):
        m.asked = drill.case["seat"]  # the seat the irregularity is about
    titled(m, drill.table)
    return m


def skill_name(skill: str) -> str:
    """A skill as the trainer's screens name it."""
    names = {
        "bring-in": translate("Training", "Bring-in"),
        "first-to-act": translate("Training", "First to act"),
        "legal-action": translate("Training", "Legal actions"),
        "pot": translate("Training", "Pot"),
        "side-pots": translate("Training", "Side pots"),
        "shows-first": translate("Training", "Who shows first"),
        "shortage": translate("Training", "Deck shortage"),
        "stub": translate("Training", "Stub"),
        "winners": translate("Training", "Winners"),
        "best-five": translate("Training", "Best five"),
        "low-hand": translate("Training", "Low hand"),
        "chip-count": translate("Training", "Count the chips"),
        "make-change": translate("Training", "Make change"),
        "colour-up": translate("Training", "Colour up"),
        "split-pot": translate("Training", "Pay a split pot"),
        "irregularity": translate("Training", "Irregularities"),
        "spot-the-error": translate("Training", "Spot the dealer's error"),
    }
    return names.get(skill, skill)


def razz_question(skill: str) -> str | None:
    """The question at a Razz table: the game, and the rule of §13 the answer turns on (None: a
    skill Razz does not ask)."""
    words = {
        "bring-in": translate("Training", "Razz: who brings in (R-2, the highest door card)?"),
        "first-to-act": translate("Training", "Razz: who acts first on this street (R-3, the lowest board)?"),
        "legal-action": translate("Training", "Razz: what may the player to act do, for how much (R-4)?"),
        "pot": translate("Training", "Razz: how much is in the pot now?"),
        "side-pots": translate("Training", "Razz: what are the pots, and who is eligible for each?"),
        "shows-first": translate("Training", "Razz: who shows first (R-5, W-1)?"),
        "shortage": translate("Training", "Razz: the deck is short: what does the dealer do before this round?"),
        "stub": translate("Training", "Razz: how many cards are left in the stub?"),
        "winners": translate("Training", "Razz: who wins which pot, and how much (R-1, the lowest hand; R-5)?"),
        "best-five": translate("Training", "Razz: what is this player's best low (R-1, ace to five)?"),
        "chip-count": translate("Training", "Razz: how much is in the pot stacked here?"),
        "make-change": translate("Training", "Razz: what change does the dealer give, in the fewest chips?"),
        "colour-up": translate("Training", "Razz: colour up: the same value in the fewest chips?"),
    }
    return words.get(skill)


def question_text(drill: Drill) -> str:
    if drill.game == "razz":
        asked = razz_question(drill.skill)
        if asked is not None:
            return asked
    words = {
        "bring-in": translate("Training", "Who brings in?"),
        "first-to-act": translate("Training", "Who acts first on this street?"),
        "legal-action": translate("Training", "What may the player to act do, with the exact amounts?"),
        "pot": translate("Training", "How much is in the pot now?"),
        "side-pots": translate("Training", "What are the pots, and who is eligible for each?"),
        "shows-first": translate("Training", "Who shows first?"),
        "shortage": translate("Training", "The deck is short: what does the dealer do before this round?"),
        "stub": translate("Training", "How many cards are left in the stub?"),
        "winners": translate("Training", "Who wins which pot, and how much?"),
        "best-five": translate("Training", "What are this player's best five cards?"),
        "low-hand": translate("Training", "What is this player's best low (eight or better)?"),
        "chip-count": translate("Training", "How much is in the pot stacked here?"),
        "make-change": translate("Training", "What change does the dealer give, in the fewest chips?"),
        "colour-up": translate("Training", "Colour up: the same value in the fewest chips?"),
        "split-pot": translate("Training", "How much does each winner get, in the table's chips?"),
        "irregularity": translate("Training", "Which remedy, and does it apply now?"),
    }
    return words[drill.skill]


def answer_seats(drill: Drill) -> tuple[int, ...]:
    a = drill.answer
    if "seat" in a:
        return (a["seat"],)
    if drill.skill == "winners":
        return tuple(sorted({int(s) for p in a["pots"] for s in p["winners"]}))
    return ()


def answer_words(drill: Drill, m: Moment) -> str:
    a = drill.answer
    if drill.skill in SEAT_SKILLS:
        return fill(translate("Training", "seat %1"), str(a["seat"]))
    if drill.skill == "pot":
        return m.money(a["pot"])
    if drill.skill == "stub":
        return fill(translate("Training", "%1 cards"), str(a["stub"]))
    if drill.skill == "shortage" and drill.hand is not None:
        return say(drill.hand.plan)  # the engine's plan in words (its counts before the round)
    if drill.skill == "shortage":
        burn = translate("Training", "burn a card") if a["burn"] else translate("Training", "no burn")
        pool = translate("Training", "shuffle the burns into the stub") if a["reshuffle_burns"] else ""
        deal = (
            translate("Training", "one common card")
            if a["common_card"]
            else translate("Training", "a card to each player")
        )
        parts = [burn, pool, deal]
        return ", ".join(x for x in parts if x)
    if drill.skill == "legal-action":
        return "; ".join(_legal_words(x, m) for x in a["legal"])
    seats_word, seat_word = translate("Training", "seats"), translate("Training", "seat")
    if drill.skill == "side-pots":
        return "; ".join(f"{m.money(p['amount'])}: {seats_word} {' '.join(map(str, p['eligible']))}" for p in a["pots"])
    if drill.skill == "winners":
        return "; ".join(
            f"{m.money(p['amount'])}: " + ", ".join(f"{seat_word} {s} {m.money(v)}" for s, v in p["winners"].items())
            for p in a["pots"]
        )
    if drill.skill == "chip-count":
        return m.money(a["amount"])
    if drill.skill in ("make-change", "colour-up") and drill.hand is not None:
        said = chips_words([(int(c), n) for c, n in a["chips"].items()], drill.case, drill.hand.rules.currency)
        return f"{m.money(a['change'])}: {said}" if drill.skill == "make-change" else said
    if drill.skill == "split-pot":
        return ", ".join(f"{seat_word} {s} {m.money(v)}" for s, v in a["shares"].items())
    if drill.skill == "irregularity":
        return remedy_answer(a)

    cards = [c for c in (parse_card(text) for text in a["cards"]) if c is not None]
    if drill.skill == "low-hand":
        return (
            f"{' '.join(card_words(c) for c in cards)} ({low_hand(cards)})"
            if cards
            else translate("Training", "no low")
        )
    value = razz_value(cards) if drill.game == "razz" else hi_value(cards)  # (Razz: the best low, R-1)
    return f"{' '.join(card_words(c) for c in cards)} ({high_hand(value)})"


def _legal_words(x: dict, m: Moment) -> str:

    name = action_name(x["action"])
    if "min_to" in x:
        return f"{name} {m.money(x['min_to'])}–{m.money(x['max_to'])}"
    return f"{name} {m.money(x['to'])}" if "to" in x else name
