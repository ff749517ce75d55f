"""A table between hands: seating, buy-ins, top-ups, and the next hand (T-1…T-5).

The session owns the hand being played (``hand``): nothing else keeps a copy, so a hand
rebuilt after an undo is the one whose stacks carry to the next hand. Every change has a
``check_…`` twin that raises the reason and changes nothing, so a caller can write its record
first and apply second.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from dealer_app.engine.errors import EngineError
from dealer_app.engine.hand import Hand
from dealer_app.engine.limits import BettingRules, HouseProfile, LimitTable, OptionValue
from dealer_app.engine.mix import GameOutlook, MixRotation, MixState
from dealer_app.engine.money import MAX_CENTS
from dealer_app.engine.player import SeatSpec
from dealer_app.engine.says import QT_TRANSLATE_NOOP, MoneyArg, Says, says


@dataclass
class SeatedPlayer:
    seat: int
    name: str
    stack: int
    sitting_out: bool = False


@dataclass(frozen=True)
class DepartedPlayer:
    """A player who left the table this session, with the chips they took (their cash-out)."""

    seat: int
    name: str
    stack: int


MAX_NAME_LENGTH = 32


def check_player_name(name: str) -> None:
    """A name the table can show and every file can write: no control or invisible
    formatting characters (a newline in a name would forge lines in a text history), and short
    enough for a seat box."""
    import unicodedata

    bad = next((c for c in name if unicodedata.category(c)[0] == "C"), None)
    if bad is not None:
        raise EngineError(
            says(
                QT_TRANSLATE_NOOP("Errors", "a player's name may not contain the control character %1"),
                f"U+{ord(bad):04X}",
            ),
            ("T-1",),
        )
    if len(name.strip()) > MAX_NAME_LENGTH:
        raise EngineError(
            says(
                QT_TRANSLATE_NOOP("Errors", "a player's name may be at most %1 characters (%2 given)"),
                MAX_NAME_LENGTH,
                len(name.strip()),
            ),
            ("T-1",),
        )


class TableSession:
    """The players at one table and their stacks, carried from hand to hand."""

    def __init__(
        self, table: LimitTable, profile: HouseProfile, overrides: dict[str, OptionValue] | None = None
    ) -> None:
        self.table, self.profile = table, profile
        # M-1: each game of a mixed table its own rules, the table's limits; M-2: its rotation
        rotation = MixRotation.of(table)
        self.mix = MixState(rotation) if rotation is not None else None
        self._rules = {g: BettingRules.build(table, profile, overrides, g) for g in table.games or (table.game,)}
        self.top_up_to_buy_in = (overrides or {}).get(
            "top_up_to_buy_in", table.overrides.get("top_up_to_buy_in", profile.option("top_up_to_buy_in"))
        )
        self.seats: dict[int, SeatedPlayer] = {}
        self.departed: dict[str, DepartedPlayer] = {}  # who left this session, by name (casefolded)
        self.redeal_due = False  # I-6, I-7: the last hand was void; the next is its redeal
        # the hand being played, from its deal until the awards are confirmed (finish_hand)
        self.hand: Hand | None = None

    @property
    def game(self) -> str:
        """The game the next (or current) hand is dealt as (M-1)."""
        if self.hand is not None:
            return self.hand.rules.game
        return self.mix.game if self.mix is not None else self.table.game

    @property
    def rules(self) -> BettingRules:
        """The rules of the game dealt now (at a mixed table, this hand's game: M-1)."""
        return self._rules[self.game]

    @rules.setter
    def rules(self, rules: BettingRules) -> None:  # (the floor's timeline replays under a hand's own rules)
        self._rules[rules.game] = rules

    def outlook(self) -> GameOutlook | None:
        """At a mixed table: this hand's game, the hands of it left, and the next (M-2)."""
        if self.mix is None:
            return None
        return self.mix.outlook(self.seats)

    def switch_game(self, game: str) -> None:
        """The floor switches a mixed table's game between hands (M-1, M-2): a new round of it."""
        if self.mix is None or game not in self.mix.rotation.games:
            raise EngineError(says(QT_TRANSLATE_NOOP("Errors", "%1 is not one of this table's games"), game), ("M-1",))
        self.check_between_hands(says(QT_TRANSLATE_NOOP("Errors", "switching the game")))
        self.mix.switch(game, self.seats)

    def _money(self, cents: int) -> MoneyArg:
        """An amount in a refusal: the engine's English; the UI writes it the reader's way."""
        return MoneyArg(cents, self.table.currency)

    @property
    def in_hand(self) -> bool:
        """A hand is open: being played, or ended with its awards not yet confirmed."""
        return self.hand is not None

    @staticmethod
    def _whole(value: object, what: Says) -> int:
        """Seats and chips are whole numbers (cents): a float, a bool or a text is refused."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise EngineError(
                says(QT_TRANSLATE_NOOP("Errors", "%1 must be a whole number, not %2"), what, repr(value)), ("T-2",)
            )
        return value

    def _chips(self, value: object, what: Says) -> int:
        """A number of chips: whole cents, and no stack past ``MAX_CENTS`` (the money the app
        reads and writes: engine/money.py)."""
        self._whole(value, what)
        assert isinstance(value, int)
        if value > MAX_CENTS:
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "%1 is at most %2, not %3"),
                    what,
                    self._money(MAX_CENTS),
                    self._money(value),
                ),
                ("T-2",),
            )
        return value

    def check_between_hands(self, what: Says) -> None:
        """T-4: seats and chips change only between hands; ``what`` is the change refused.
        I-6, I-7: after a void hand, not before its redeal (the same players are dealt again)."""
        if self.hand is None:
            if self.redeal_due:
                raise EngineError(
                    says(
                        QT_TRANSLATE_NOOP(
                            "Errors", "%1 after the redeal: the void hand is dealt again to the same players first"
                        ),
                        what,
                    ),
                    ("I-6", "I-7"),
                )
            return
        if self.hand.phase == "done":
            raise EngineError(
                says(QT_TRANSLATE_NOOP("Errors", "%1 only between hands: confirm the awards first"), what), ("T-4",)
            )
        raise EngineError(
            says(QT_TRANSLATE_NOOP("Errors", "%1 only between hands: finish the hand first"), what), ("T-4",)
        )

    # --- seats (T-1…T-4) ------------------------------------------------------------------------
    def check_sit(self, seat: int, name: str, buy_in: int) -> None:
        self.check_between_hands(says(QT_TRANSLATE_NOOP("Errors", "players join")))
        self._whole(seat, says(QT_TRANSLATE_NOOP("Errors", "a seat number")))
        self._chips(buy_in, says(QT_TRANSLATE_NOOP("Errors", "a buy-in (in cents)")))
        if not isinstance(name, str):
            raise EngineError(
                says(QT_TRANSLATE_NOOP("Errors", "a player's name must be text, not %1"), repr(name)), ("T-1",)
            )
        check_player_name(name)
        if not 1 <= seat <= self.rules.max_players:
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "seat %1 does not exist: this table has seats 1-%2"),
                    seat,
                    self.rules.max_players,
                ),
                ("T-1",),
            )
        if seat in self.seats:
            raise EngineError(
                says(QT_TRANSLATE_NOOP("Errors", "seat %1 is taken by %2"), seat, self.seats[seat].name), ("T-1",)
            )
        back = self.returning(name)
        least = self.least_buy_in(name)
        if buy_in < least:
            if back is not None and back.stack > 0:  # §12, T-3: a returning player is no new buy-in
                raise EngineError(
                    says(
                        QT_TRANSLATE_NOOP(
                            "Errors", "%1 left this session with %2: they come back with at least that, %3 is less"
                        ),
                        back.name,
                        self._money(back.stack),
                        self._money(buy_in),
                    ),
                    ("T-3",),
                )
            # T-3: a new player buys in for the table's full buy-in
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "a buy-in of %1 is below the table's %2"),
                    self._money(buy_in),
                    self._money(self.table.buy_in),
                ),
                ("T-3",),
            )
        if buy_in % self.rules.chip:
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "%1 is not a whole number of %2 chips"),
                    self._money(buy_in),
                    self._money(self.rules.chip),
                ),
                ("T-2",),
            )

    def returning(self, name: object) -> DepartedPlayer | None:
        """The player of this name who left the table this session, if one did."""
        return self.departed.get(name.strip().casefold()) if isinstance(name, str) and name.strip() else None

    def least_buy_in(self, name: object) -> int:
        """The fewest chips a player of this name may sit down with. T-3: a new player, the
        table's full buy-in. §12 (T-3): a player who left this session comes back with at least
        the chips they left with — even below the buy-in, since a returning player is not a new
        buy-in (as RR lets a player moved from a broken game play on with a short stack), and
        never with less, as card rooms hold a player who returns within the session to what
        they took ("no going south"); one who left with nothing buys in as new (T-5)."""
        back = self.returning(name)
        if back is None or back.stack <= 0:
            return self.table.buy_in
        return back.stack

    def check_new_name(self, seat: int, name: str) -> None:
        """A player who joins now may not take a name already at the table: two "Bob"s
        confuse the dealer and make a hand history ambiguous. (Checked for new players only,
        so a record written before this rule still replays.)"""
        wanted = (name.strip() if isinstance(name, str) else "") or f"Seat {seat}"
        for other in self.seats.values():
            if other.name.casefold() == wanted.casefold():
                raise EngineError(
                    says(
                        QT_TRANSLATE_NOOP("Errors", "seat %1 is already called %2: give another name"),
                        other.seat,
                        other.name,
                    ),
                    ("T-1",),
                )

    def sit(self, seat: int, name: str, buy_in: int) -> SeatedPlayer:
        self.check_sit(seat, name, buy_in)
        player = SeatedPlayer(seat, name.strip() or f"Seat {seat}", buy_in)
        self.seats[seat] = player
        self.departed.pop(player.name.casefold(), None)  # back at the table
        return player

    def seat_as_played(self, seat: int, name: str, stack: int) -> SeatedPlayer:
        """A player in the seat and with the stack a recorded hand started with: a fact of the
        record, not a buy-in, so T-3 and T-4 are not judged again (a player who lost chips, or
        came back with their chips, starts below the buy-in). The seat and stack are still
        whole numbers, and the seat one of the table's."""
        self._whole(seat, says(QT_TRANSLATE_NOOP("Errors", "a seat number")))
        self._chips(stack, says(QT_TRANSLATE_NOOP("Errors", "a stack (in cents)")))
        if not 1 <= seat <= self.rules.max_players or stack < 0 or seat in self.seats:
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "the record seats %1 in seat %2 with %3: not a seat of this table"),
                    name,
                    seat,
                    self._money(stack),
                ),
                ("T-1",),
            )
        player = SeatedPlayer(seat, name, stack)
        self.seats[seat] = player
        return player

    def check_top_up(self, seat: int, amount: int) -> None:
        """Chips are added between hands only (T-4)."""
        self.check_between_hands(says(QT_TRANSLATE_NOOP("Errors", "chips are added")))
        self._whole(amount, says(QT_TRANSLATE_NOOP("Errors", "a top-up (in cents)")))
        p = self._player(seat)
        self._chips(p.stack + amount, says(QT_TRANSLATE_NOOP("Errors", "a stack after a top-up (in cents)")))
        if amount <= 0 or amount % self.rules.chip:
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "a top-up must be a positive number of %1 chips"),
                    self._money(self.rules.chip),
                ),
                ("T-2",),
            )
        if self.top_up_to_buy_in and p.stack + amount < self.table.buy_in:
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors", "after a top-up the stack must reach the buy-in of %1; %2 + %3 does not"
                    ),
                    self._money(self.table.buy_in),
                    self._money(p.stack),
                    self._money(amount),
                ),
                ("T-4",),
            )

    def least_top_up(self, seat: int) -> int:
        """The smallest top-up seat ``seat`` may make: one chip, or (HOUSE ``top_up_to_buy_in``,
        T-4) what brings the stack to the buy-in."""
        p = self._player(seat)
        if self.top_up_to_buy_in and p.stack < self.table.buy_in:
            return max(self.rules.chip, self.table.buy_in - p.stack)
        return self.rules.chip

    def top_up(self, seat: int, amount: int) -> int:
        self.check_top_up(seat, amount)
        p = self.seats[seat]
        p.stack += amount
        return p.stack

    def check_sitting_out(self, seat: int) -> None:
        self.check_between_hands(says(QT_TRANSLATE_NOOP("Errors", "players sit out or in")))
        self._player(seat)

    def set_sitting_out(self, seat: int, out: bool) -> None:
        self.check_sitting_out(seat)
        self.seats[seat].sitting_out = out

    def check_leave(self, seat: int) -> None:
        self.check_between_hands(says(QT_TRANSLATE_NOOP("Errors", "players leave")))
        self._player(seat)

    def leave(self, seat: int) -> SeatedPlayer:
        """The player takes their stack (the cash-out) and may come back this session with it."""
        self.check_leave(seat)
        player = self.seats.pop(seat)
        self.departed[player.name.casefold()] = DepartedPlayer(seat, player.name, player.stack)
        return player

    def _player(self, seat: int) -> SeatedPlayer:
        self._whole(seat, says(QT_TRANSLATE_NOOP("Errors", "a seat number")))
        if seat not in self.seats:
            raise EngineError(says(QT_TRANSLATE_NOOP("Errors", "nobody sits in seat %1"), seat))
        return self.seats[seat]

    def dealt_in(self) -> list[SeatedPlayer]:
        """T-5: players with no chips (or sitting out) are not dealt in."""
        return self.dealt_in_with({s: p.stack for s, p in self.seats.items()})

    # --- the hand --------------------------------------------------------------------------------
    def next_hand(self, after_awards: bool = False) -> Hand:
        """The hand that would be dealt now, not yet the table's (see ``begin``).
        ``after_awards``: the hand that would follow once the current hand's awards are
        confirmed (its stacks carried), to record both in one step."""
        stacks = {p.seat: p.stack for p in self.seats.values()}
        if self.hand is not None:
            if not (after_awards and self.hand.phase == "done"):
                if self.hand.phase != "done":
                    raise EngineError(says(QT_TRANSLATE_NOOP("Errors", "the current hand has not ended")))
                raise EngineError(says(QT_TRANSLATE_NOOP("Errors", "confirm the awards of the current hand first")))
            stacks.update({hp.seat: hp.stack for hp in self.hand.players})
        players = [p for p in self.dealt_in_with(stacks)]
        if len(players) < 2:
            raise EngineError(
                says(QT_TRANSLATE_NOOP("Errors", "at least two players with chips are needed to deal")), ("T-1", "T-5")
            )
        return Hand(self._rules[self._game_of_next_hand()], [SeatSpec(p.seat, p.name, stacks[p.seat]) for p in players])

    def _game_of_next_hand(self) -> str:
        """The game the next hand is dealt as: with the current hand's awards still to confirm,
        the rotation as it will stand once they are (M-2; a voided hand is dealt again as is)."""
        if self.mix is None:
            return self.table.game
        if self.hand is None or self.hand.voided is not None:
            return self.mix.game
        after = replace(self.mix, to_pass=set(self.mix.to_pass))
        after.hand_dealt(self.seats)
        return after.game

    def dealt_in_with(self, stacks: dict[int, int]) -> list[SeatedPlayer]:
        return [p for s, p in sorted(self.seats.items()) if stacks[s] > 0 and not p.sitting_out]

    def begin(self, hand: Hand) -> Hand:
        if self.hand is not None:
            raise EngineError("the current hand has not ended")
        if any(self.seats[p.seat].stack != p.start for p in hand.players):
            raise EngineError("a hand must start from the stacks at the table")
        self.hand, self.redeal_due = hand, False
        return hand

    def new_hand(self) -> Hand:
        return self.begin(self.next_hand())

    def fresh_copy_of_hand(self) -> Hand:
        """The current hand as it was dealt, before any input (to replay inputs into)."""
        if self.hand is None:
            raise EngineError("no hand is open")
        return Hand(
            self.rules, [SeatSpec(p.seat, p.name, p.start) for p in self.hand.players], self.hand.unknown_upcards
        )  # (a replayed file's hand may lack upcards; the live table's never)

    def replace_hand(self, hand: Hand) -> None:
        """The current hand, rebuilt (after an undo): the same seats and starting stacks."""
        if self.hand is None:
            raise EngineError("no hand is open")
        old = [(p.seat, p.start) for p in self.hand.players]
        new = [(p.seat, p.start) for p in hand.players]
        if old != new:
            raise EngineError(f"a rebuilt hand must have the same seats and stacks ({new} is not {old})")
        self.hand = hand

    def check_finish(self) -> None:
        if self.hand is None or self.hand.phase != "done":
            raise EngineError("the hand has not ended")

    def finish_hand(self) -> None:
        """The awards are confirmed: carry the stacks back to the seats; between hands now."""
        self.check_finish()
        assert self.hand is not None
        for hp in self.hand.players:
            self.seats[hp.seat].stack = hp.stack
        self.redeal_due = self.hand.voided is not None
        self.hand = None
        if self.mix is not None and not self.redeal_due:  # (a voided hand is dealt again as the same game)
            self.mix.hand_dealt(self.seats)
