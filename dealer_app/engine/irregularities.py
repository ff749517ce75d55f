"""Irregularities the dealer reports, and their remedies (catalog §9, I-1…I-8).

Each is an operation on the hand, like an action: it checks that the remedy applies now (and
refuses with the rule's reason where it does not, naming the floor, I-3), applies it, and
returns its events. The live table records each as an input, so undo, resume, replay and the
floor's step-through treat it like any other.

- I-1 ``expose_downcard``: the exposed card is the door card; the third card goes down.
- I-2 ``card_dealt_early``: the premature card goes back; the street is dealt with no new burn.
- I-4 ``correct_bring_in``: a door card was misread, so the wrong player brought in: chips
  back, the bring-in decided again, while the next player has not acted.
- I-5 ``act_out_of_turn``: held, and binding when the turn comes if the action to that
  player has not changed (HOUSE ``out_of_turn``: ``binding-unless-changed``); else void.
  Under ``floor``, recorded for the floor's ruling.
- I-6 ``misdeal`` (before substantial action), I-7 ``fouled_deck`` (any time before the
  awards): every ante and bet goes back and the hand is void.
"""

from __future__ import annotations

from dataclasses import dataclass

from dealer_app.engine.deck import plan_deal
from dealer_app.engine.errors import EngineError
from dealer_app.engine.events import (
    ActedOutOfTurn,
    ActionTaken,
    BringInChosen,
    BringInCorrected,
    CardDealtEarly,
    DowncardExposed,
    Event,
    HandOver,
    HandVoided,
    OutOfTurnHandling,
    OutOfTurnSettled,
    VoidReason,
)
from dealer_app.engine.says import QT_TRANSLATE_NOOP, PhaseArg, says
from dealer_app.engine.showdown import ShowdownLayer

IRREGULARITIES = ("I-1", "I-2", "I-4", "I-5", "I-6", "I-7")
# I-3: past this many reported in one hand, the floor decides. (No hand dealt by people comes near
# it; without a bound, a card "dealt early" reported thousands of times, each undone again, made
# every reader's replay of the hand quadratic: the eighth attack pass, 23 s for 4,000.)
MAX_REPORTED = 25


@dataclass(frozen=True)
class HeldAction:
    """I-5: an action taken out of turn, waiting for the player's turn."""

    action: str
    to: int | None
    facing: int  # the amount to call when it was taken: the action to the player then


class IrregularityLayer(ShowdownLayer):
    """The remedies of catalog §9, on top of the showdown layer (Hand inherits it)."""

    def act(self, seat: int, action: str, to: object = None, ruling: bool = False) -> list[Event]:
        raise NotImplementedError  # Hand's

    def _report(self, code: str) -> None:
        """One more irregularity reported in this hand, or the refusal past ``MAX_REPORTED`` (I-3)."""
        if self.reported >= MAX_REPORTED:
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors", "%1 irregularities have been reported in this hand: the floor decides the next (%2)"
                    ),
                    MAX_REPORTED,
                    code,
                ),
                (code, "I-3"),
            )
        self.reported += 1

    # --- I-1 -------------------------------------------------------------------------------------
    def expose_downcard(self, seat: int, card: int) -> list[Event]:
        """I-1: one of ``seat``'s first two cards was exposed while dealing third street: it is
        that player's door card (entered now, in dealing order), and the third card is dealt down.
        I-8: a card the dealer flashed, or one that left the table, is exposed: the same remedy."""
        if self.street != 3 or self.phase != "deal" or not self.deal_queue or self.deal_queue[0].seat != seat:
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "an exposed downcard (I-1) is entered as seat %1's door card, when it "
                        "is due on third street; later, the floor decides (I-3)",
                    ),
                    seat,
                ),
                ("I-1", "I-3"),
            )
        start = len(self.events)
        self._report("I-1")
        self._claim(card)
        self.events.append(DowncardExposed(seat, card))
        self.deal(seat, [card])
        return self.events[start:]

    # --- I-2 -------------------------------------------------------------------------------------
    def card_dealt_early(self) -> list[Event]:
        """I-2: a card of the next street was dealt before this betting round ended. It goes
        back into the stub (shuffled, without the burns); the burn before it stays burned, so
        the street is dealt without a new burn."""
        if self.phase != "bet" or self.street >= 7:
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "a card dealt too early (I-2) is reported during the betting of third "
                        "to sixth street, not now (%1 on street %2)",
                    ),
                    PhaseArg(self.phase),
                    self.street,
                ),
                ("I-2",),
            )
        start = len(self.events)
        self._report("I-2")
        if not self.early_burn:
            ahead = plan_deal(
                self.rules.shortage_procedure,
                self.street + 1,
                len(self.live),
                self.stub,
                self.burns,
                self.rules.burn_before_third,
            )
            if not ahead.normal or not ahead.burn:
                raise EngineError(
                    says(
                        QT_TRANSLATE_NOOP(
                            "Errors", "the deck is short for street %1 (D-7): the floor decides how to deal it (I-3)"
                        ),
                        self.street + 1,
                    ),
                    ("I-2", "D-7", "I-3"),
                )
            self.stub -= 1
            self.burns += 1
            self.early_burn = True
        self.events.append(CardDealtEarly(self.street + 1, self.stub))
        return self.events[start:]

    # --- I-4 -------------------------------------------------------------------------------------
    def correct_bring_in(self, seat: int, card: int) -> list[Event]:
        """I-4: ``seat``'s door card was misread as another, so the wrong player brought in.
        While the next player has not acted, the bring-in's chips go back and the bring-in is
        decided again with the right card; after that, the action stands."""
        if self.street != 3 or self.phase != "bet":
            raise EngineError(
                says(QT_TRANSLATE_NOOP("Errors", "a wrong bring-in (I-4) is corrected during third street's betting")),
                ("I-4",),
            )
        p = self.player(seat)
        acted = self._third_street_actions()
        if len(acted) > 1:
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "the player after the bring-in has acted: the bring-in stands (I-4); "
                        "the floor decides about the card (I-3)",
                    )
                ),
                ("I-4", "I-3"),
            )
        was = p.up[0] if p.up else None
        if card != was:
            self._claim(card)
        start = len(self.events)
        self._report("I-4")
        bringer = self.by_seat[self.bring_in_seat] if self.bring_in_seat is not None else None
        returned = bringer.round_to if bringer is not None else 0
        if bringer is not None and returned:
            bringer.stack += returned
            bringer.total -= returned
            bringer.round_to = 0
        if was is not None:
            del self.seen[was]
        p.up[0] = card
        self.seen[card] = (seat, "upcard")
        self.events.append(
            BringInCorrected(
                seat, was, card, returned, bringer.seat if bringer is not None else None, self.rules.currency
            )
        )
        self.held = {}
        self._begin_betting()  # B-2 again, with the right card
        return self.events[start:]

    def _third_street_actions(self) -> list[ActionTaken]:
        """The actions taken on third street since the bring-in was decided."""
        out: list[ActionTaken] = []
        for e in reversed(self.events):
            if isinstance(e, BringInChosen):
                break
            if isinstance(e, ActionTaken):
                out.append(e)
        return out[::-1]

    # --- I-5 -------------------------------------------------------------------------------------
    def act_out_of_turn(self, seat: int, action: str, to: int | None = None) -> list[Event]:
        """I-5: ``seat`` acted while another player had the turn. Action goes back to that
        player; the action out of turn is held (or, under HOUSE ``out_of_turn: floor``,
        recorded for the floor)."""
        p = self.player(seat)
        owed = self.to_act
        if self.phase != "bet" or owed is None:
            raise EngineError(
                says(QT_TRANSLATE_NOOP("Errors", "no betting round is open (%1)"), PhaseArg(self.phase)), ("I-5",)
            )
        if p is owed:
            raise EngineError(
                says(QT_TRANSLATE_NOOP("Errors", "it is seat %1's turn: that is not out of turn"), seat), ("I-5",)
            )
        if p.folded or p.stack == 0:
            raise EngineError(says(QT_TRANSLATE_NOOP("Errors", "seat %1 has no action in this round"), seat), ("I-5",))
        if action not in ("fold", "check", "call", "bet", "raise", "complete"):
            raise EngineError(says(QT_TRANSLATE_NOOP("Errors", "unknown action %1"), repr(action)), ("I-5",))
        start = len(self.events)
        self._report("I-5")
        handling: OutOfTurnHandling = "floor" if self.rules.out_of_turn == "floor" else "held"
        if handling == "held":
            self.held[seat] = HeldAction(action, to, self.current_to - p.round_to)
        self.events.append(ActedOutOfTurn(seat, action, to, owed.seat, handling, self.rules.currency))
        return self.events[start:]

    def _settle_out_of_turn(self) -> None:
        """I-5: the turn has come to a player whose action out of turn is held: it stands if
        the action to them has not changed (still the same amount to call), else it is void."""
        while self.phase == "bet" and self.to_act is not None and self.to_act.seat in self.held:
            p = self.to_act
            held = self.held.pop(p.seat)
            binding = self.current_to - p.round_to == held.facing
            if binding:
                try:
                    self.events.append(OutOfTurnSettled(p.seat, held.action, held.to, True, self.rules.currency))
                    self.act(p.seat, held.action, held.to)
                    continue
                except EngineError:
                    self.events.pop()  # not legal as it was said: treated as changed
            self.events.append(OutOfTurnSettled(p.seat, held.action, held.to, False, self.rules.currency))

    # --- I-6, I-7 ----------------------------------------------------------------------------------
    def misdeal(self) -> list[Event]:
        """I-6: before substantial action (two players after the bring-in have acted in turn,
        RR), every ante and bet goes back and the hand is dealt again."""
        if self.street > 3 or len(self._third_street_actions()) > 2 or self.phase == "done":
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "substantial action has taken place: the hand plays on, not a misdeal "
                        "(I-6); the floor decides (I-3)",
                    )
                ),
                ("I-6", "I-3"),
            )
        return self._void("misdeal", ("I-6",))

    def fouled_deck(self) -> list[Event]:
        """I-7: a card found twice, or missing: every bet and ante goes back, whatever the action."""
        if self.phase == "done":
            raise EngineError(
                says(QT_TRANSLATE_NOOP("Errors", "the hand is over: after the awards, the floor decides (I-3)")),
                ("I-7", "I-3"),
            )
        return self._void("fouled-deck", ("I-7",))

    def _void(self, reason: VoidReason, rules: tuple[str, ...]) -> list[Event]:
        start = len(self.events)
        returned = tuple((p.seat, p.total) for p in self.players if p.total)
        for p in self.players:
            p.stack += p.total
            p.total = 0
            p.round_to = 0
        self.phase, self.to_act, self._legal, self.pots_awarded, self.held = "done", None, [], [], {}
        self.voided = HandVoided(reason, returned, self.rules.currency, rules)
        self.events.append(self.voided)
        self.events.append(HandOver(showdown=False))
        return self.events[start:]
