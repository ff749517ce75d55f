"""What the dealer typed, as a typed input or a refusal in the dealer's words.

The controller asks ``DealerInputs`` (over the table as it stands, its ``TablePresentation``)
to turn a typed card, an action and its amount, shown cards or a reported irregularity into
the record's typed input (record/inputs.py); what cannot be one is refused here, before the
engine is asked, with the rule IDs the dealer reads (D-1, D-2, D-4, W-3, I-3 …). It also says
why an action is not offered (``why_not``) and which irregularities apply now. Nothing here
touches the table or the record: the controller applies and records what it returns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from dealer_app.engine.cards import CardArg, CardError, format_card, parse_card, parse_cards
from dealer_app.engine.errors import EngineError
from dealer_app.engine.irregularities import IRREGULARITIES
from dealer_app.engine.limits import LimitsError, load_profile, load_table
from dealer_app.engine.says import QT_TRANSLATE_NOOP, ActionArg, MoneyArg, says
from dealer_app.live.errors import CardNotDue, InputError, as_input_error
from dealer_app.live.input_log import FLOOR_IRREGULARITIES, replayed
from dealer_app.live.record_writer import dealer_confirms, floor_confirms
from dealer_app.record.inputs import Act, Common, Deal, Irregularity, Muck, River, Show

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from dealer_app.engine.hand import Hand
    from dealer_app.engine.limits import HouseProfile, LimitTable
    from dealer_app.live.presentation import TablePresentation
    from dealer_app.live.record_writer import Confirmation
    from dealer_app.record.rows import FloorRefusedRow
    from dealer_app.record.store import Store


def table_limits(
    table: object, profile: object, players: object, limits_dir: Path | None
) -> tuple[LimitTable, HouseProfile]:
    """The limit table and house profile a table is opened with (``profile`` None: the table's
    own), read from ``limits_dir``; refuses names that are not text and players that are not
    a list (T-1), and says why a limit file cannot be read."""
    if not isinstance(table, str) or not (profile is None or isinstance(profile, str)):
        raise InputError(
            says(
                QT_TRANSLATE_NOOP("Errors", "a limit table and a profile are named by text, not %1 / %2"),
                repr(table),
                repr(profile),
            )
        )
    if not isinstance(players, (list, tuple)):
        raise InputError(
            says(QT_TRANSLATE_NOOP("Errors", "the players are a list of (seat, name, buy-in), not %1"), repr(players)),
            ("T-1",),
        )
    try:
        t = load_table(table, limits_dir)
        p = load_profile(profile or t.profile, limits_dir)
    except LimitsError as exc:  # file:line: field: problem
        raise InputError(str(exc)) from None
    except OSError as exc:
        raise InputError(
            says(QT_TRANSLATE_NOOP("Errors", "%1: the limit table cannot be read (%2)"), table, exc)
        ) from None
    return t, p


class DealerInputs:
    """The dealer's typing read against one table state (``shown``: the table as it stands)."""

    def __init__(self, shown: TablePresentation) -> None:
        self.shown = shown

    def card(self, text: object) -> Deal | Common:
        """The next card in dealing order: a door card, an upcard or the common card (D-2)."""
        prompt = self.shown.prompt()
        if not isinstance(text, str):
            raise InputError(
                says(QT_TRANSLATE_NOOP("Errors", "a card is typed as text (ah, td, 10d), not %1"), repr(text)), ("D-1",)
            )
        text = text.strip()
        try:
            card = parse_card(text)
        except CardError as exc:
            raise InputError(exc.says or str(exc), ("D-1",)) from None
        if card is None:
            raise InputError(
                says(QT_TRANSLATE_NOOP("Errors", "an upcard is always seen: enter its rank and suit")), ("D-4",)
            )
        if prompt.kind == "card":
            return Deal(cast("int", prompt.seat), (format_card(card),))  # (a card prompt names its seat)
        if prompt.kind == "common":
            return Common(format_card(card))
        h = self.shown.hand
        inputs = self.shown.inputs
        if h is not None and h.phase == "bet" and inputs and inputs[-1][0] in (Deal.kind, Common.kind):
            raise CardNotDue(
                says(
                    QT_TRANSLATE_NOOP("Errors", "street %1 is complete: %2 is one card too many"),
                    h.street,
                    CardArg(card),
                ),
                format_card(card),
                h.street,
            )
        raise CardNotDue(
            says(QT_TRANSLATE_NOOP("Errors", "no card is due now (%1)"), prompt.subject), format_card(card), None
        )

    def river(self) -> River:
        if self.shown.prompt().kind != "river":
            raise InputError(says(QT_TRANSLATE_NOOP("Errors", "the river is not due now")))
        return River()

    def act(self, action: str, to: int | None = None) -> Act:
        """An action of the seat to act, its amount inside the range its button offers."""
        p = self.shown.prompt()
        if p.kind != "action":
            raise InputError(says(QT_TRANSLATE_NOOP("Errors", "no action is due now (%1)"), p.subject))
        ranges = [
            (c, c.min_to, c.max_to)
            for c in self.shown.choices()
            if c.action == action and c.min_to is not None and c.max_to is not None
        ]
        if ranges and isinstance(to, int) and not any(least <= to <= most for _c, least, most in ranges):
            c, least, most = ranges[0]
            session = self.shown.session
            currency = session.table.currency if session else "USD"
            h = self.shown.hand
            assert h is not None  # an action prompt is a hand's
            raise InputError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "%1 %2–%3: %4 is outside that range"),
                    ActionArg(c.action, button=True),
                    MoneyArg(least, currency),
                    MoneyArg(most, currency),
                    MoneyArg(to, currency),
                ),
                h.decision_rules,
            )
        return Act(cast("int", p.seat), action, to)  # (an action prompt names its seat)

    def betting_unit(self) -> int:
        """The step of a spread or split amount: the smallest bet of the table (S0, S2: whole
        limits), never less than a chip."""
        if self.shown.session is None:
            return 1
        r = self.shown.session.rules
        unit = r.min_bet if r.structure == "split" else r.small_bet if r.structure == "spread" else r.chip
        return max(unit, r.chip)

    def show(self, seat: int, cards: str | None = None) -> Show:
        """A seat's cards shown at the showdown; typed cards that are fewer than its downcards
        (and none of its upcards) are refused (W-3)."""
        if cards is not None and not isinstance(cards, str):
            raise InputError(
                says(QT_TRANSLATE_NOOP("Errors", "shown cards are typed as text (ah kd 7c), not %1"), repr(cards)),
                ("D-1",),
            )
        if cards:
            try:
                given = parse_cards(cards)
            except CardError as exc:
                raise InputError(exc.says or str(exc), ("D-1",)) from None
            h = self.shown.hand
            p = h.by_seat.get(seat) if h is not None and isinstance(seat, int) else None
            if p is not None and len(given) < len(p.down) and not set(given) & set(p.up):
                missing = len(p.down) - len(given)
                raise InputError(
                    says(
                        QT_TRANSLATE_NOOP("Errors", "seat %1 has %2 downcards: %3 typed, %4 more to type"),
                        seat,
                        len(p.down),
                        len(given),
                        missing,
                    ),
                    ("W-3",),
                )
        return Show(seat, cards)

    def muck(self, seat: int) -> Muck:
        return Muck(seat)

    def irregularity(
        self,
        code: str,
        seat: int | None = None,
        card: str | None = None,
        action: str | None = None,
        to: int | None = None,
        floor: tuple[str, str] | None = None,
        trace: Callable[[FloorRefusedRow], None] | None = None,
        store: Store | None = None,
    ) -> tuple[Irregularity, Confirmation]:
        """A reported irregularity and who confirms it: the dealer, or for voiding a hand
        (I-6, I-7) the floor (``floor``: account name and passphrase, checked; a refused try
        given to ``trace`` to record). An unknown code is refused (I-3)."""
        if code not in IRREGULARITIES:
            raise InputError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "%1 is not an irregularity the table reports (%2)"),
                    repr(code),
                    ", ".join(IRREGULARITIES),
                ),
                ("I-3",),
            )
        confirmed_by = dealer_confirms()
        if code in FLOOR_IRREGULARITIES:
            confirmed_by = floor_confirms(floor, trace, store)
        return Irregularity(code, seat, card.strip() if isinstance(card, str) else card, action, to), confirmed_by

    def irregularities_now(self) -> list[str]:
        """The irregularities whose remedy applies at this moment (what the dealer's menu
        offers); each of the others is refused with its reason if reported."""
        h = self.shown.hand
        if h is None:
            return []
        offered = []
        for code in IRREGULARITIES:
            if code in ("I-1",) and not (h.street == 3 and h.phase == "deal"):
                continue
            if code in ("I-2", "I-5") and h.phase != "bet":
                continue
            if code == "I-4" and not (h.street == 3 and h.phase == "bet"):
                continue
            if code in ("I-6", "I-7") and h.phase == "done":
                continue
            offered.append(code)
        return offered

    def why_not(self, action: str, second: bool = False) -> InputError:
        """Why ``action`` is not among the choices now (``second``: its second key, G or T, the
        big bet of a fourth-street open pair): in the dealer's words for the usual cases, else
        the engine's own refusal, tried on a copy of the hand (the table is not touched)."""
        h = self.shown.hand
        if h is None or h.phase != "bet" or h.to_act is None:
            return InputError(
                says(QT_TRANSLATE_NOOP("Errors", "no action is due now (%1)"), self.shown.prompt().subject)
            )
        p = h.to_act
        offered = {a.action for a in h.legal_actions()}
        if second and action in offered:
            return InputError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "the second %1 is the big bet an open pair on fourth street allows; there is none here",
                    ),
                    ActionArg(action),
                ),
                ("L-3",),
            )
        bring_in_due = h.street == 3 and not h.round_started and p.seat == h.bring_in_seat
        # the usual reasons in the dealer's words; any other is the engine's own refusal
        if action == "call" and h.current_to <= p.round_to:
            return InputError(
                says(QT_TRANSLATE_NOOP("Errors", "there is no bet to call")), ("B-3",) if bring_in_due else ("A-6",)
            )
        if action == "check" and h.current_to > p.round_to:
            return InputError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "there is a bet to call: %1"),
                    MoneyArg(h.current_to - p.round_to, h.rules.currency),
                )
            )
        if action == "check" and bring_in_due:
            return InputError(
                says(QT_TRANSLATE_NOOP("Errors", "seat %1 brings in: bring in or complete"), p.seat), ("B-2", "B-3")
            )
        if action == "bring_in":
            return InputError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors", "the bring-in is only the first action of third street, by the lowest door card"
                    )
                ),
                ("B-2",),
            )
        if (
            action in ("bet", "raise", "complete")
            and action not in offered
            and any(a in offered for a in ("bet", "raise", "complete"))
        ):
            other = next(a for a in ("bet", "raise", "complete") if a in offered)
            return InputError(
                says(QT_TRANSLATE_NOOP("Errors", "it is %1 here, not %2"), ActionArg(other), ActionArg(action))
            )
        trial = self._trial()
        try:
            trial.act(p.seat, action, None)
        except (EngineError, CardError) as exc:
            return as_input_error(exc)
        return InputError(says(QT_TRANSLATE_NOOP("Errors", "%1 needs its amount"), ActionArg(action)))

    def _trial(self) -> Hand:
        """A copy of the hand as it stands (dealt again, the inputs in force applied)."""
        session = self.shown.session
        assert session is not None  # a hand is on the table
        return replayed(session, self.shown.inputs)
