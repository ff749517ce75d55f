"""Replay recorded hands through the engine and report every decision it makes.

The report (one dict per hand) is the contract of ``dealer-app replay --json``: keys named in
issue #2 stay exactly as they are; new keys may be added.
"""

from __future__ import annotations

import functools
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any

from dealer_app.engine.cards import CardError, parse_cards
from dealer_app.engine.errors import EngineError, IllegalAction
from dealer_app.engine.events import (
    ActionTaken,
    BringInChosen,
    DealPlanned,
    FirstToAct,
    NoBetting,
    ShortageAhead,
    UncalledBetReturned,
)
from dealer_app.engine.hand import Hand, SeatSpec
from dealer_app.engine.limits import OPTION_VALUES, BettingRules, LimitsError, load_profile, load_table
from dealer_app.engine.money import units_currency
from dealer_app.history.phh import VARIANT_NAMES, PHHHand
from dealer_app.history.phh import actions as phh_actions
from dealer_app.history.replay_report import ReplayReport
from dealer_app.history.units import NotWholeUnits, from_units, to_units

if TYPE_CHECKING:
    from pathlib import Path

DEFAULT_PROFILE = "us-cardroom"


class ReplayError(ValueError):
    pass


def unit_places(hand: PHHHand, table_name: str | None = None) -> int:
    """How many decimals the file's amounts use. The engine counts in whole units, so a file
    written in dollars (``antes = [0.25]``) is played in cents and reported back in dollars.
    With a limit table (``--table`` or ``_table``) amounts are cents: 0."""
    f = hand.fields
    if table_name or f.get("_table"):
        return 0
    antes = f.get("antes", 0)
    values = [f.get("bring_in"), f.get("small_bet"), f.get("big_bet")] + (antes if isinstance(antes, list) else [antes])
    values += list(f.get("starting_stacks") or [])
    for raw in hand.actions:
        amount = _step(raw)[1].amount  # (split once: the replay splits the same lines)
        if amount is not None:
            values.append(amount)
    places = 0
    for v in values:
        if v is None or isinstance(v, bool) or type(v) is int or (type(v) is str and v.isascii() and v.isdigit()):
            continue  # whole: no decimals to count (the usual case, so it is quick)
        try:
            exponent = Decimal(str(v)).normalize().as_tuple().exponent
        except InvalidOperation:
            continue  # reported where the amount is used
        if isinstance(exponent, int) and exponent < 0:
            # beyond millionths no chip exists: the amount is then refused where it is used
            places = max(places, min(-exponent, 6))
    if 0 < places <= 2 and f.get("currency") in ("USD", "EUR"):
        places = 2  # cents, so the words read "$0.50"
    return places


def _where(hand: PHHHand, index: int) -> str:
    """ "file:line" of the hand's action ``index`` (the file alone where the line is unknown)."""
    line = hand.lines[index] if index < len(hand.lines) else 0
    return f"{hand.source}:{line}" if line else hand.source


@functools.lru_cache(maxsize=4096)
def _cards(text: str) -> tuple:
    """``parse_cards``, remembered: a file of 10,000 hands spells the same few thousand card
    runs over and over (a CardError is not remembered, and is raised each time)."""
    return tuple(parse_cards(text))


@functools.lru_cache(maxsize=8192)
def _step(raw: str) -> tuple[str, phh_actions.Action, str, str | None]:
    """What an action line is (a bet, a deal, a board card, a show or muck; else why not),
    its parts, who it is about (the actor, or whom the dealer deals to) and its cards.
    Remembered: a day's hands repeat the same few thousand lines ("p2 cc", "d dh p4 7h")
    over and over (all immutable: shared, never changed)."""
    a = phh_actions.parse_action(raw)
    if a.is_betting:
        return "bet", a, a.actor, None
    if a.verb == phh_actions.DEAL_HOLE and a.by_dealer and a.target is not None:
        return "deal", a, a.target, a.cards
    if a.verb == phh_actions.DEAL_BOARD and a.by_dealer and a.cards is not None:
        return "board", a, a.actor, a.cards
    if a.verb == phh_actions.SHOW_OR_MUCK and a.actor[:1] == "p":
        return "show", a, a.actor, a.cards
    if a.by_dealer and a.verb in (phh_actions.DEAL_HOLE, phh_actions.DEAL_BOARD):
        return "incomplete deal", a, a.actor, None
    return "unknown", a, a.actor, None


def _units(value, places: int, what: str) -> int:
    """A file amount in the engine's whole units (T-2: never a float for chips)."""
    if places == 0:  # the usual "cbr 2000" and stacks of whole chips, plainly far below MAX_CENTS
        if type(value) is int and 0 <= value < 10**12:
            return value
        if type(value) is str and value.isascii() and value.isdigit() and len(value) <= 12:
            return int(value)  # (isascii: "²" is a digit to isdigit, not to int)
    try:
        return to_units(value, places)
    except NotWholeUnits:
        unit = "cents (with a limit table amounts are cents)" if places == 0 else f"1/{10**places}"
        raise ReplayError(f"{what}: {value} is not a whole number of {unit}") from None
    except ValueError as exc:  # not a number, infinite, too large
        raise ReplayError(f"{what}: {exc}") from None


class RulesMemo(dict):
    """The rules of the hands of one run (one ``replay`` or ``export``), by everything that
    decides them (the folder of limit tables too): 10,000 hands at one table are 10,000
    lookups, not 10,000 loads of its YAML. A run's files do not change under it; the next run
    starts a new memo."""

    def rules(
        self,
        hand: PHHHand,
        profile_name: str | None,
        table_name: str | None,
        options: dict | None,
        places: int,
        limits_dir: Path | None = None,
    ) -> BettingRules:
        f = hand.fields
        key = repr(
            (
                limits_dir,
                profile_name,
                table_name,
                sorted((options or {}).items()),
                places,
                hand.game,
                [
                    f.get(k)
                    for k in ("_profile", "_table", "_options", "currency", "antes", "bring_in", "small_bet", "big_bet")
                ],
            )
        )
        if key not in self:
            self[key] = rules_for(hand, profile_name, table_name, options, places, limits_dir)
        return self[key]


def rules_for(
    hand: PHHHand,
    profile_name: str | None,
    table_name: str | None,
    options: dict | None = None,
    places: int = 0,
    limits_dir: Path | None = None,
) -> BettingRules:
    """The rules a hand is replayed under; ``places`` as ``unit_places`` gives them. Tables and
    profiles named are loaded from ``limits_dir`` (``--limits``; None: ``settings.limits_dir``)."""
    rules = _base_rules(hand, profile_name, table_name, places, limits_dir)
    currency = hand.fields.get("currency")
    if not rules.currency:  # amounts come from the file
        if places and not (places == 2 and currency in ("USD", "EUR")):
            currency = units_currency(places)
        if currency:
            rules = rules.with_options(currency=currency)
    opts = dict(hand.fields.get("_options") or {})
    opts.update(options or {})
    unknown = sorted(set(opts) - set(OPTION_VALUES))
    if unknown:
        raise ReplayError(f"unknown house option(s) {', '.join(unknown)} (known: {', '.join(OPTION_VALUES)})")
    return rules.with_options(**opts) if opts else rules


def _base_rules(
    hand: PHHHand, profile_name: str | None, table_name: str | None, places: int = 0, limits_dir: Path | None = None
) -> BettingRules:
    game = hand.game
    if game is None:
        raise ReplayError(f"{hand.variant!r} is not a stud game this app replays")
    f = hand.fields
    profile = load_profile(profile_name or f.get("_profile") or DEFAULT_PROFILE, limits_dir)
    table_name = table_name or f.get("_table")
    if table_name:
        table = load_table(table_name, limits_dir)
        if table.game != game:
            raise ReplayError(f"table {table.name} is {table.game}, the hand is {game}")
        return BettingRules.build(table, profile)
    try:
        antes = f.get("antes", 0)
        ante = max(_units(a, places, "antes") for a in (antes if isinstance(antes, list) and antes else [antes]))
        return BettingRules.fixed(
            profile,
            game,
            ante=ante,
            bring_in=_units(f["bring_in"], places, "bring_in"),
            small_bet=_units(f["small_bet"], places, "small_bet"),
            big_bet=_units(f["big_bet"], places, "big_bet"),
        )
    except KeyError as exc:
        raise ReplayError(f"missing field {exc.args[0]!r} (needed without --table)") from None


def _seats(hand: PHHHand, places: int = 0) -> list[SeatSpec]:
    stacks = hand.fields.get("starting_stacks")
    if not isinstance(stacks, list) or not stacks:
        raise ReplayError("missing field 'starting_stacks'")
    names = hand.fields.get("players") or [f"p{i + 1}" for i in range(len(stacks))]
    seats = _seat_numbers(hand.fields.get("seats"), len(stacks))
    return [
        SeatSpec(seats[i], str(names[i]) if i < len(names) else f"p{i + 1}", _units(s, places, "starting_stacks"))
        for i, s in enumerate(stacks)
    ]


def _seat_numbers(seats, players: int) -> list[int]:
    """The seat of each PHH player (p1, p2, …): the file's ``seats`` where it gives them
    (a site's seat numbers, the live table's), so the report says "seat 8" where the history
    does; else 1, 2, 3 … in player order."""
    if (
        isinstance(seats, list)
        and len(seats) == players
        and all(type(x) is int and 1 <= x <= 10 for x in seats)
        and seats == sorted(set(seats))
    ):
        return list(seats)
    return list(range(1, players + 1))


def _no_player(h: Hand, player: str) -> int:
    raise ReplayError(f"there is no player {player} in this hand (p1-p{len(h.players)})")


def _translate(h: Hand, legal: list, verb: str, arg: str | None, places: int = 0):
    """PHH verb → (engine action, to), given the actions legal now."""
    if verb == "f":
        return "fold", None
    if verb == "cc":
        for a in legal:
            if a.action == "check":
                return "check", None
        return "call", None
    kinds = {a.action: a for a in legal}
    if verb == "pb":
        a = kinds.get("bring_in")
        if a is None:
            return "bring_in", None
        return "bring_in", a.to if a.to is not None else min(h.rules.bring_in, a.max_to)
    if verb == "cbr":
        to = _units(arg, places, "cbr")
        if "bring_in" in kinds:  # the bring-in player opening for more than the force
            if "complete" in kinds or kinds["bring_in"].min_to is None:
                return ("bring_in" if to == kinds["bring_in"].to else "complete"), to
            return "bring_in", to
        for kind in ("bet", "complete", "raise"):
            if kind in kinds:
                return kind, _as_fixed_raise(h, kinds[kind], to)
        return "raise", to
    raise ReplayError(f"unknown PHH action {verb!r}")


def _as_fixed_raise(h: Hand, legal, to: int) -> int:
    """PokerKit (and the PHH files it writes) never lets a bet or raise exceed what the most an
    opponent can still put in: a fixed-limit raise over a short stack is written as a raise to
    that stack ("p2 cbr 750000" where the raise is to 1,200,000 and 450,000 comes back uncalled,
    P-2). Read as the table plays it: the full fixed raise, whose excess the engine returns."""
    if legal.to is None or to >= legal.to or h.to_act is None:
        return to
    most = max(
        (p.round_to + p.stack for p in h.players if p is not h.to_act and not p.folded),
        default=0,
    )
    return legal.to if to == most and to > h.current_to else to


def replay_hand(
    hand: PHHHand,
    profile: str | None = None,
    table: str | None = None,
    options: dict | None = None,
    with_events: bool = True,
    memo: RulesMemo | None = None,
    with_decisions: bool = True,
    limits_dir: Path | None = None,
) -> ReplayReport:
    """Replay one PHH hand; return its report (see the module doc)."""
    return replay_with_engine(hand, profile, table, options, with_events, memo, with_decisions, limits_dir)[0]


def replay_with_engine(
    hand: PHHHand,
    profile: str | None = None,
    table: str | None = None,
    options: dict | None = None,
    with_events: bool = True,
    memo: RulesMemo | None = None,
    with_decisions: bool = True,
    limits_dir: Path | None = None,
) -> tuple[ReplayReport, Hand | None]:
    """Replay one PHH hand; return the report and the engine's hand (None if it never started).
    ``with_events``: the report's ``events`` (every event as a dict; the export and the
    command line without ``--events`` do without). ``with_decisions``: the report's
    ``streets``, ``bring_in`` and ``pots`` (each street's deal and first actor, what was legal
    at every action, and each pot's award, with the rules and words: ``--check`` and the
    export read none of them). ``limits_dir``: where named tables and profiles are loaded from
    (``--limits``; None: ``settings.limits_dir``)."""
    report = ReplayReport(hand.source, hand.game)
    if hand.game is None:
        name = VARIANT_NAMES.get(hand.variant, hand.variant or "an unnamed variant")
        report.errors.append(
            f"{hand.source}: {name} (variant {hand.variant!r}) is not supported; only F7S and F7S/8 are replayed"
        )
        report.supported = False
        return report, None
    report.supported = True
    try:
        places = unit_places(hand, table)
        rules = (memo if memo is not None else RulesMemo()).rules(hand, profile, table, options, places, limits_dir)
        report.profile, report.table = rules.profile, rules.table
        # a file's own decimal units ("units/2") are no currency: the amounts speak for themselves
        report.currency = "" if rules.currency.startswith("units/") else rules.currency
        report.unit_places = places
        h = Hand(rules, _seats(hand, places), unknown_upcards=True)
    except (LimitsError, ReplayError, EngineError) as exc:
        report.errors.append(f"{hand.source}: {exc}")
        return report, None
    # the report's streets are what was legal and why, street by street: --check and the
    # export read neither, and keeping them up is a fifth of a replay's time
    streets = _Streets(h, report) if with_decisions else None
    if streets is not None:
        streets.sync()
    stopped = None
    # PHH player p3 is the third of the hand's players, in seat order
    seat_of = {f"p{i + 1}": p.seat for i, p in enumerate(h.players)}
    for index, raw in enumerate(hand.actions):
        try:
            _play_line(h, hand, index, raw, seat_of, places, report, streets)
        except (EngineError, CardError, ReplayError, ValueError) as exc:
            stopped = f"{_where(hand, index)}: {raw}: {exc}"
            report.errors.append(stopped)
            break
        finally:
            if streets is not None:
                streets.sync()
    if stopped is None:
        _finish(h, report, hand)
    if streets is not None:
        streets.sync()
    _fill_result(h, hand, report, places, stopped, with_events, with_decisions)
    return report, h


class _Streets:
    """The report's streets, kept up with the hand's events as they come: each street's deal,
    shortage warning and first actor, and which street a betting decision belongs to."""

    def __init__(self, h: Hand, report: ReplayReport):
        self.h, self.report = h, report
        self.by_number: dict[int, dict] = {}
        self.seen = 0
        self.betting: dict | None = None  # the street whose betting round an action belongs to

    def sync(self) -> None:
        h, report = self.h, self.report
        for ev in h.events[self.seen :]:
            if isinstance(ev, DealPlanned):
                st = {
                    "street": ev.street,
                    "first_to_act": None,
                    "rules": [],
                    "deal": ev.plan.as_dict(),
                    "deal_rules": list(ev.rules),
                    "deal_words": ev.text,
                    "decisions": [],
                }
                self.by_number[ev.street] = st
                report.streets.append(st)
            elif isinstance(ev, ShortageAhead):
                self.by_number[h.street]["deal"]["warning"] = {"street": ev.street, "text": ev.text}
            elif isinstance(ev, BringInChosen):
                report.bring_in = {"seat": ev.seat, "rules": list(ev.rules), "text": ev.text}
            elif isinstance(ev, FirstToAct):
                st = self.by_number[ev.street]
                st["first_to_act"], st["rules"], st["text"] = ev.seat, list(ev.rules), ev.text
                self.betting = st
            elif isinstance(ev, NoBetting):
                self.by_number[ev.street]["rules"] = list(ev.rules)
        self.seen = len(h.events)

    def decided(self, decision: dict) -> None:
        (self.betting or self.by_number[max(self.by_number)])["decisions"].append(decision)


def _play_line(
    h: Hand,
    hand: PHHHand,
    index: int,
    raw: str,
    seat_of: dict[str, int],
    places: int,
    report: ReplayReport,
    streets: _Streets | None,
) -> None:
    """One action line of the file, played on the engine's hand (``streets``: the report's,
    kept up only when it has them)."""
    kind, a, who, shown = _step(raw)
    if kind == "bet":
        _bet(h, hand, index, raw, a, seat_of.get(who) or _no_player(h, who), places, report, streets)
    elif kind == "deal":
        h.deal(seat_of.get(who) or _no_player(h, who), list(_cards(shown)) if shown else [None])
    elif kind == "board":
        cards = _cards(shown)
        if len(cards) != 1:
            raise EngineError(f"a stud board deal is one common card, got {shown!r}", ("D-8",))
        h.deal_common(cards[0])
    elif kind == "show":
        seat = seat_of.get(who) or _no_player(h, who)
        if h.phase == "done":
            report.note(f"{_where(hand, index)}: {raw}: shown after the hand ended")
        elif h.phase in ("deal", "bet") and shown:
            h.expose(seat, list(_cards(shown)))  # W-5: turned up early, all-in
        elif shown and "?" not in shown:
            h.show(seat, list(_cards(shown)))
        else:
            h.muck(seat)
    elif kind == "incomplete deal":
        raise EngineError(f"incomplete deal {raw!r}")
    else:
        raise ReplayError(f"unknown PHH action {raw!r}")


def _bet(
    h: Hand,
    hand: PHHHand,
    index: int,
    raw: str,
    a: phh_actions.Action,
    seat: int,
    places: int,
    report: ReplayReport,
    streets: _Streets | None,
) -> None:
    """A betting action: applied if legal; if not, reported (I-3) and applied as a floor
    ruling so the replay goes on. With the report's ``streets`` what was legal is kept too."""
    legal_now = h.legal_actions()
    decision: dict[str, object] | None = None
    if streets is not None:  # (--check and the export want the hand, not what was legal at every action)
        decision = {
            "seat": h.to_act.seat if h.to_act else None,
            "legal": [x.as_dict() for x in legal_now],
            "rules": list(h.decision_rules),
            "line": hand.lines[index] if index < len(hand.lines) else 0,
            "index": index,
        }
    action, to = _translate(h, legal_now, a.verb, a.amount, places)
    refused = None
    try:
        emitted = h.act(seat, action, to)
    except IllegalAction as exc:
        refused = str(exc)
        report.illegal.append(f"{_where(hand, index)}: {raw}: {exc}")
        emitted = h.act(seat, action, to, ruling=True)
    if decision is None or streets is None:
        return
    decision["legal_taken"] = refused is None
    if refused is not None:
        decision["refused"] = refused
    taken: dict[str, object] = {"action": action}
    done = next(e for e in emitted if isinstance(e, ActionTaken))
    if done.to is not None:
        taken["to"] = done.to
        decision["amount"] = done.amount
    decision["taken"] = taken
    decision["seat"] = seat
    streets.decided(decision)


def _fill_result(
    h: Hand, hand: PHHHand, report: ReplayReport, places: int, stopped: str | None, with_events: bool, with_pots: bool
) -> None:
    """The end of the report: the showdown, pots, net, uncalled bets, finishing stacks."""
    report.showdown_order = list(h.showdown_order)
    report.last_round_players = list(h.last_round_players)
    if with_pots:
        report.pots = [
            {
                "amount": p["amount"],
                "eligible": p["eligible"],
                "winners": {str(k): v for k, v in p["winners"].items()},
                "rules": p["rules"],
                "hands": {str(k): v for k, v in p.get("hands", {}).items()},
                "text": p["text"],
            }
            for p in h.pots_awarded
        ]
    report.complete = h.phase == "done"
    # an aborted hand has no result: its chips are still in front of the players
    report.net = {str(s): v for s, v in h.net().items()} if stopped is None else {}
    report.stopped = stopped
    uncalled: dict[str, Any] = {}
    for ev in h.events:
        if type(ev) is UncalledBetReturned:  # (event classes are final: the cheaper test, ~100 times a hand)
            uncalled[str(ev.seat)] = uncalled.get(str(ev.seat), 0) + ev.amount
    report.uncalled = uncalled
    finishing = hand.fields.get("finishing_stacks")
    if isinstance(finishing, list) and h.phase == "done":
        ours = [p.stack for p in h.players]
        try:
            report.finishing_stacks_match = ours == [_units(x, places, "finishing_stacks") for x in finishing]
        except ReplayError as exc:
            report.errors.append(f"{hand.source}: {exc}")
    if with_events:
        report.events = [e.as_dict() for e in h.events]
    report.players = [p.name for p in h.players]
    report.seats = [p.seat for p in h.players]
    if places:
        _to_file_units(report, places)


def _to_file_units(report: ReplayReport, places: int) -> None:
    """Amounts in the report as the file wrote them (0.5, not 50): the engine's whole units
    divided back. Only the output is decimal; no chip was ever a float."""

    def v(units):
        return from_units(units, places)

    def amounts(d: dict, keys=("to", "min_to", "max_to", "amount", "pot")):
        for k in keys:
            if isinstance(d.get(k), int) and not isinstance(d[k], bool):
                d[k] = v(d[k])
        if isinstance(d.get("winners"), dict):
            d["winners"] = {s: v(x) for s, x in d["winners"].items()}

    for st in report.streets:
        for dec in st["decisions"]:
            for entry in dec["legal"] + [dec.get("taken", {})]:
                amounts(entry)
            amounts(dec, ("amount",))
    for pot in report.pots:
        amounts(pot, ("amount",))
    report.net = {s: v(x) for s, x in report.net.items()}
    report.uncalled = {s: v(x) for s, x in (report.uncalled or {}).items()}
    for ev in report.events or []:
        amounts(ev)


def _finish(h: Hand, report: ReplayReport, hand: PHHHand) -> None:
    """At the end of the file: settle a showdown the file left open (known cards show)."""
    if h.phase == "showdown":
        for seat in h.pending_show:
            p = h.by_seat[seat]
            if h.phase != "showdown":
                break
            if seat not in h.pending_show:
                continue
            if all(c is not None for c in p.down):
                h.show(seat)
            else:
                try:
                    h.muck(seat)
                except EngineError:
                    report.errors.append(f"{hand.source}: seat {seat}'s hand is unknown at the showdown")
                    return
    if h.phase != "done":
        waiting = ""
        due = h.expected_deal()
        if h.phase == "deal" and due:
            waiting = f": seat {due[0]} is due a card"
        elif h.phase == "bet" and h.to_act:
            waiting = f": seat {h.to_act.seat} is to act"
        last = max(hand.lines) if hand.lines else 0
        where = f"{hand.source}:{last}" if last else hand.source
        report.errors.append(f"{where}: the file ends before the hand does ({h.phase} on street {h.street}{waiting})")


def failed_report(source: str, message: str) -> ReplayReport:
    """The report of a file or hand that was not replayed at all."""
    return ReplayReport(source, errors=[message], supported=False, never_replayed=True)
