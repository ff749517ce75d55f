"""Limit tables and house-rule profiles from YAML (T-1…T-4, L-1…L-7, catalog §10, §11).

Every problem is reported as ``file:line: field: problem``; one broken file never stops the
others from loading (``load_folder`` collects errors beside the good tables).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict, TypeVar, Unpack, cast, overload

import yaml

from dealer_app.engine.bounded import LIMITS_FILE_BYTES, FileRefused, read_bounded
from dealer_app.engine.money import CURRENCY_SYMBOLS, _short, format_money, to_cents
from dealer_app.engine.says import QT_TRANSLATE_NOOP, Says, says
from dealer_app.settings import limits_dir as default_limits_dir  # (every folder: settings.py)

if TYPE_CHECKING:
    from collections.abc import Callable, Collection

GAMES = ("stud", "stud8", "razz")
# the games whose house chooses the fourth-street double bet (L-3); Razz never has it
DOUBLE_BET_GAMES = ("stud", "stud8")
STRUCTURES = ("fixed", "spread", "split")

# one HOUSE option's value (catalog §10): a flag, a count or a word; top_up_to_buy_in may be None
OptionValue = bool | int | str | None
# a profile's or table's options by name; open_pair_double may be {game: bool}
Options = dict[str, OptionValue | dict[str, OptionValue]]


class RuleOptions(TypedDict, total=False):
    """The options BettingRules takes, each with its type: what ``OPTION_VALUES`` allows of it
    (top_up_to_buy_in is the session's, not the rules')."""

    burn_before_third: bool
    shortage_procedure: str
    common_card_first_actor: str
    first_actor_tiebreak: str
    open_pair_double: bool
    max_raises: int
    heads_up_uncapped: str
    short_allin_reopen: str
    odd_chip: str
    fold_when_check_free: bool
    checked_showdown_from: str
    out_of_turn: str


class RuleChanges(RuleOptions, total=False):
    """What ``BettingRules.with_options`` changes: options, and the currency amounts are shown in."""

    currency: str


# HOUSE options with their allowed values (catalog §10).
OPTION_VALUES: dict[str, tuple[OptionValue, ...]] = {
    "burn_before_third": (True, False),
    "shortage_procedure": ("pool-burns", "casinos-austria", "tda"),
    "common_card_first_actor": ("sixth-street", "best-showing"),
    "first_actor_tiebreak": ("position", "suit"),
    "open_pair_double": (True, False),
    "max_raises": (3, 4),
    "heads_up_uncapped": ("any-round", "last-round", "never"),
    "short_allin_reopen": ("half", "full"),
    "odd_chip": ("all-cards", "best-five"),
    "top_up_to_buy_in": (True, False, None),
    # not in the catalog (A-6 names check or bet): whether a player may fold when checking
    # is free. Live rooms let a player muck at any time; online servers (PokerStars) do too.
    "fold_when_check_free": (False, True),
    # not in the catalog: who shows first when nobody bet the last round. W-1 says the first
    # player to act in it; PokerStars shows clockwise from the dealer's left (seat 1).
    "checked_showdown_from": ("first-actor", "dealers-left"),
    # I-5: an action out of turn is binding unless the action to the player changes, or is
    # always referred to the floor
    "out_of_turn": ("binding-unless-changed", "floor"),
}
# options added after profiles and records were first written, with the value they had then
LATER_OPTIONS: dict[str, OptionValue] = {"out_of_turn": "binding-unless-changed"}


class LimitsProblem(str):
    """One problem of a limits file, "file:line: field: problem" in English (it is a str, so
    every reader of the problems reads it as before); ``says`` is the same as data, for the
    dealer's language, when the problem is worded as a ``Says``."""

    says: Says | None

    def __new__(cls, where: str, problem: str | Says) -> LimitsProblem:
        self = super().__new__(cls, f"{where}: {problem}")
        self.says = says("%1: %2", where, problem) if isinstance(problem, Says) else None
        return self

    def __reduce__(self) -> tuple[type[str], tuple[str]]:  # sent to another process as the plain English text
        return (str, (str(self),))


class LimitsError(ValueError):
    """One or more problems in a limits file, each ``file:line: field: problem``."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class HouseProfile:
    name: str
    title: str
    min_players: int
    max_players: int
    options: Options  # option -> value; open_pair_double may be {game: bool}
    path: str = ""

    def option(self, name: str, game: str = "stud") -> OptionValue:
        value = self.options[name]
        if isinstance(value, dict):
            return value.get(game, False)  # (open_pair_double names no Razz: R-4, never)
        return value


@dataclass(frozen=True)
class LimitTable:
    name: str
    title: str
    game: str
    structure: str
    currency: str
    buy_in: int
    ante: int
    bring_in: int
    small_bet: int  # fixed: small bet; spread: minimum bet; split: lower limit
    big_bet: int  # fixed: big bet; spread: maximum bet; split: higher limit
    min_bet: int  # smallest bet on 3rd/4th street (fixed: small bet; split: the ante)
    chip: int
    seats: int
    profile: str
    overrides: Options = field(default_factory=dict)
    path: str = ""
    # the table's chips, smallest first: (cents, colour). Not kept in a hand's record (as_played):
    # the trainer's chip drills read them; () means the default set of chip_set()
    chips: tuple[tuple[int, str], ...] = field(default=(), compare=False)
    # M-1, M-2: a mixed table's games in their order (``game`` is the first) and how they turn:
    # "hands N" or "orbit" (engine/mix.py). () and "": one game all night.
    games: tuple[str, ...] = ()
    mix_rotation: str = ""

    @property
    def mixed(self) -> bool:
        return len(self.games) > 1

    @property
    def stakes(self) -> str:
        if self.structure == "split":
            return "/".join(format_money(x, self.currency) for x in (self.ante, self.small_bet, self.big_bet))
        return f"{format_money(self.small_bet, self.currency)}-{format_money(self.big_bet, self.currency)}"


@dataclass(frozen=True)
class BettingRules:
    """A table's amounts with its profile's options resolved: what the engine reads."""

    game: str
    structure: str
    ante: int
    bring_in: int
    small_bet: int
    big_bet: int
    min_bet: int
    chip: int
    max_players: int
    burn_before_third: bool
    shortage_procedure: str
    common_card_first_actor: str
    first_actor_tiebreak: str
    open_pair_double: bool
    max_raises: int
    heads_up_uncapped: str
    short_allin_reopen: str
    odd_chip: str
    fold_when_check_free: bool = False
    checked_showdown_from: str = "first-actor"
    out_of_turn: str = "binding-unless-changed"
    profile: str = "us-cardroom"
    table: str | None = None
    currency: str = "USD"

    @classmethod
    def build(
        cls,
        table: LimitTable,
        profile: HouseProfile,
        overrides: dict[str, OptionValue] | None = None,
        game: str | None = None,
    ) -> BettingRules:
        """The rules of ``table`` under ``profile``; at a mixed table, of its ``game`` (M-1: each
        game its own rules, the table's limits)."""
        game = game or table.game
        opts: Options = {k: profile.option(k, game) for k in OPTION_VALUES}
        opts.update({k: v for k, v in table.overrides.items()})
        opts.update(overrides or {})
        open_pair_double = opts.get("open_pair_double")
        if isinstance(open_pair_double, dict):
            opts["open_pair_double"] = open_pair_double.get(game, False)  # Razz never)
        opts.pop("top_up_to_buy_in", None)
        # where the options come in they are held to OPTION_VALUES (a profile's or table's YAML by
        # _check_options; a record's were written from such): each value has its field's type
        rule_options = cast("RuleOptions", opts)
        return cls(
            game=game,
            structure=table.structure,
            ante=table.ante,
            bring_in=table.bring_in,
            small_bet=table.small_bet,
            big_bet=table.big_bet,
            min_bet=table.min_bet,
            chip=table.chip,
            max_players=min(table.seats, profile.max_players),
            profile=profile.name,
            table=table.name,
            currency=table.currency,
            **rule_options,
        )

    @classmethod
    def fixed(
        cls,
        profile: HouseProfile,
        game: str,
        ante: int,
        bring_in: int,
        small_bet: int,
        big_bet: int,
        chip: int = 1,
        overrides: dict[str, OptionValue] | None = None,
    ) -> BettingRules:
        """Fixed limit from bare amounts (a PHH file without a table)."""
        table = LimitTable(
            name="",
            title="",
            game=game,
            structure="fixed",
            currency="",
            buy_in=0,
            ante=ante,
            bring_in=bring_in,
            small_bet=small_bet,
            big_bet=big_bet,
            min_bet=small_bet,
            chip=chip,
            seats=8,
            profile=profile.name,
        )
        rules = cls.build(table, profile, overrides)
        return replace(rules, table=None)

    def with_options(self, **options: Unpack[RuleChanges]) -> BettingRules:
        return replace(self, **options)


# --- YAML with line numbers ---------------------------------------------------------------


def _compose(path: Path) -> tuple[dict[str, object], dict[str, int]]:
    """The file's top-level fields and the line each stands on. Anything the safe loader
    refuses (``!!python/object``, an unhashable key ``? [a, b]``, a recursive anchor) or that
    is not a mapping of named fields is a LimitsError naming the file and line: one broken
    file never stops the others."""
    try:  # a regular file of at most LIMITS_FILE_BYTES (a FIFO, /dev/zero, 8 MB of keys: refused by name)
        text = read_bounded(path, LIMITS_FILE_BYTES).decode("utf-8")
    except FileRefused as exc:
        raise LimitsError([LimitsProblem(f"{path}:1: file", exc.reason)]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise LimitsError(
            [LimitsProblem(f"{path}:1: file", says(QT_TRANSLATE_NOOP("Errors", "cannot read (%1)"), str(exc)))]
        ) from None
    try:
        _check_depth(path, text)  # (PyYAML's composer recurses once per level: bounded before it runs)
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        raise LimitsError([f"{path}:{_yaml_line(exc)}: yaml: {getattr(exc, 'problem', None) or exc}"]) from None
    except RecursionError:
        raise LimitsError(
            [
                LimitsProblem(
                    f"{path}:1: yaml", says(QT_TRANSLATE_NOOP("Errors", "nested more than %1 levels deep"), YAML_DEPTH)
                )
            ]
        ) from None
    if node is None or not isinstance(node, yaml.MappingNode):
        raise LimitsError(
            [LimitsProblem(f"{path}:1: file", says(QT_TRANSLATE_NOOP("Errors", "expected a mapping of fields")))]
        )
    data: dict[str, object] = {}
    lines: dict[str, int] = {}
    constructor = yaml.SafeLoader(text)
    for key_node, value_node in node.value:
        line = key_node.start_mark.line + 1
        if not isinstance(key_node, yaml.ScalarNode) or not isinstance(key_node.value, str):
            raise LimitsError(
                [
                    LimitsProblem(
                        f"{path}:{line}: yaml", says(QT_TRANSLATE_NOOP("Errors", "a field name must be a plain word"))
                    )
                ]
            )
        try:
            data[key_node.value] = constructor.construct_object(value_node, deep=True)
        except yaml.YAMLError as exc:
            raise LimitsError(
                [f"{path}:{_yaml_line(exc, line)}: {key_node.value}: {getattr(exc, 'problem', None) or exc}"]
            ) from None
        except (RecursionError, TypeError, ValueError) as exc:  # a self-referencing anchor
            raise LimitsError(
                [
                    LimitsProblem(
                        f"{path}:{line}: {key_node.value}",
                        says(QT_TRANSLATE_NOOP("Errors", "cannot be read (%1)"), type(exc).__name__),
                    )
                ]
            ) from None
        lines[key_node.value] = line
    return data, lines


# a table is a few levels deep (options: open_pair_double: stud: true); 100,000 "[" made
# PyYAML recurse until Python stopped it (and took 791 MB on the way)
YAML_DEPTH = 32
_OPENS = (
    yaml.BlockMappingStartToken,
    yaml.BlockSequenceStartToken,
    yaml.FlowMappingStartToken,
    yaml.FlowSequenceStartToken,
)
_CLOSES = (yaml.BlockEndToken, yaml.FlowMappingEndToken, yaml.FlowSequenceEndToken)


def _check_depth(path: Path, text: str) -> None:
    """A LimitsError naming the line where the text nests deeper than YAML_DEPTH (read by
    PyYAML's scanner, which does not recurse)."""
    depth = 0
    for token in yaml.scan(text, Loader=yaml.SafeLoader):
        if isinstance(token, _OPENS):
            depth += 1
            if depth > YAML_DEPTH:
                raise LimitsError(
                    [
                        LimitsProblem(
                            f"{path}:{token.start_mark.line + 1}: yaml",
                            says(QT_TRANSLATE_NOOP("Errors", "nested more than %1 levels deep"), YAML_DEPTH),
                        )
                    ]
                )
        elif isinstance(token, _CLOSES):
            depth -= 1


def _yaml_line(exc: Exception, default: int = 1) -> int:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    return mark.line + 1 if mark else default


_T = TypeVar("_T")


class _Checker:
    """A file's fields as YAML gave them, read with their types checked: a field missing or of
    the wrong kind is a problem (``problems``) and reads as the default."""

    def __init__(self, path: Path, data: dict[str, object], lines: dict[str, int]) -> None:
        self.path, self.data, self.lines = path, data, lines
        self.problems: list[str] = []

    def fail(self, fld: str, problem: str | Says) -> None:
        self.problems.append(LimitsProblem(f"{self.path}:{self.lines.get(fld.split('.')[0], 1)}: {fld}", problem))

    @overload
    def get(self, fld: str, kind: type[_T], required: bool = True, default: None = None) -> _T | None: ...
    @overload
    def get(self, fld: str, kind: type[_T], required: bool = True, *, default: _T) -> _T: ...
    def get(self, fld: str, kind: type[_T], required: bool = True, default: _T | None = None) -> _T | None:
        """The field ``fld`` if it is a ``kind``; else ``default`` (and a problem, if it is
        there or ``required``)."""
        if fld not in self.data:
            if required:
                self.fail(fld, says(QT_TRANSLATE_NOOP("Errors", "missing")))
            return default
        value = self.data[fld]
        # YAML's true/false are ints to Python; a bool is only right where bool is asked for
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            self.fail(fld, says(QT_TRANSLATE_NOOP("Errors", "expected %1, got %2"), kind.__name__, _short(value)))
            return default
        return value

    def money(self, fld: str, required: bool = True, default: int | None = None) -> int | None:
        if fld not in self.data:
            if required:
                self.fail(fld, says(QT_TRANSLATE_NOOP("Errors", "missing")))
            return default
        try:
            cents = to_cents(self.data[fld])
        except ValueError as exc:
            self.fail(fld, str(exc))
            return default
        if cents <= 0:
            self.fail(fld, says(QT_TRANSLATE_NOOP("Errors", "must be more than zero, got %1"), _short(self.data[fld])))
            return default
        return cents

    def choice(self, fld: str, allowed: tuple[object, ...], value: object) -> bool:
        if value not in allowed:
            self.fail(
                fld,
                says(QT_TRANSLATE_NOOP("Errors", "%1 is not one of %2"), _short(value), ", ".join(map(str, allowed))),
            )
            return False
        return True


def _check_game(chk: _Checker, games: tuple[str, ...]) -> str | None:
    """The table's ``game``: one of GAMES; at a mixed table the first of its games, which it
    may leave out (M-1)."""
    game = chk.get("game", str, required=not games, default=games[0] if games else None)
    if game is not None:
        chk.choice("game", GAMES, game)
        if games and game != games[0]:
            chk.fail("game", says(QT_TRANSLATE_NOOP("Errors", "must be the first of the table's games (M-1)")))
    return game


def _check_games(chk: _Checker) -> tuple[tuple[str, ...], str]:
    """A mixed table's ``games`` (M-1: two or more of GAMES, each once, in the order dealt) and
    ``mix_rotation`` (M-2: ``hands N``, N from 1 to 100, default ``hands 8``; or ``orbit``)."""
    if "games" not in chk.data:
        if "mix_rotation" in chk.data:
            chk.fail("mix_rotation", says(QT_TRANSLATE_NOOP("Errors", "only a table with games turns (M-2)")))
        return (), ""
    listed = chk.get("games", list, default=[])
    games = tuple(g for g in listed if isinstance(g, str) and g in GAMES)
    if len(games) != len(listed) or len(set(games)) != len(games) or len(games) < 2:
        chk.fail(
            "games",
            says(
                QT_TRANSLATE_NOOP("Errors", "expected two or more different games of %1, got %2"),
                ", ".join(GAMES),
                _short(listed),
            ),
        )
        return (), ""
    rotation = chk.get("mix_rotation", str, required=False, default="hands 8").strip()
    if not is_mix_rotation(rotation):
        chk.fail(
            "mix_rotation",
            says(
                QT_TRANSLATE_NOOP("Errors", "expected 'hands N' (N from 1 to 100) or 'orbit', got %1"), _short(rotation)
            ),
        )
    return games, rotation


def is_mix_rotation(text: str) -> bool:
    """M-2: ``hands N`` (1 ≤ N ≤ 100) or ``orbit``."""
    words = text.split()
    if words == ["orbit"]:
        return True
    return len(words) == 2 and words[0] == "hands" and words[1].isdigit() and 1 <= int(words[1]) <= 100


def _check_options(chk: _Checker, options: object, prefix: str, game: str | None = None) -> Options:
    out: Options = {}
    if not isinstance(options, dict):
        chk.fail(prefix, says(QT_TRANSLATE_NOOP("Errors", "expected a mapping of options")))
        return out
    for key, value in options.items():
        fld = f"{prefix}.{key}"
        if key not in OPTION_VALUES:
            chk.fail(fld, says(QT_TRANSLATE_NOOP("Errors", "unknown option (known: %1)"), ", ".join(OPTION_VALUES)))
            continue
        if key == "open_pair_double" and isinstance(value, dict):
            for g, v in value.items():
                if g not in GAMES:
                    chk.fail(
                        f"{fld}.{g}", says(QT_TRANSLATE_NOOP("Errors", "unknown game (known: %1)"), ", ".join(GAMES))
                    )
                elif v not in (True, False):
                    chk.fail(f"{fld}.{g}", says(QT_TRANSLATE_NOOP("Errors", "%1 is not true or false"), _short(v)))
                elif g not in DOUBLE_BET_GAMES and v:
                    chk.fail(f"{fld}.{g}", says(QT_TRANSLATE_NOOP("Errors", "Razz never has the double bet (R-4)")))
            if not game and not set(DOUBLE_BET_GAMES) <= set(value):
                chk.fail(
                    fld,
                    says(QT_TRANSLATE_NOOP("Errors", "needs a value for each game: %1"), ", ".join(DOUBLE_BET_GAMES)),
                )
            out[key] = value
            continue
        if (type(value) is not type(OPTION_VALUES[key][0]) and value is not None) or value not in OPTION_VALUES[key]:
            chk.fail(
                fld,
                says(
                    QT_TRANSLATE_NOOP("Errors", "%1 is not one of %2"),
                    _short(value),
                    ", ".join(map(str, OPTION_VALUES[key])),
                ),
            )
            continue
        out[key] = value
    return out


def _file_key(path: Path) -> tuple[object, ...]:
    """What identifies a file's content for the parse cache: an edited file is parsed again."""
    try:
        st = os.stat(path)
    except OSError:
        return (str(path), None, None)
    return (str(path), st.st_ino, st.st_mtime_ns, st.st_size)


# Replaying or exporting 10,000 hands asks for the same table and profile 10,000 times; the
# YAML is parsed once per file version (it was half of the replay's time). The objects are
# frozen, so sharing them is safe.
_PARSED: dict[tuple[object, ...], HouseProfile | LimitTable] = {}
_Parsed = TypeVar("_Parsed", HouseProfile, LimitTable)


def _cached(kind: type[_Parsed], path: Path, extra: tuple[object, ...], parse: Callable[[], _Parsed]) -> _Parsed:
    key = (kind, _file_key(path), extra)
    if key[1][-1] is None:
        return parse()  # no such file: let the parser say so
    found = _PARSED.get(key)
    if not isinstance(found, kind):  # not parsed yet (the key's kind says what was parsed)
        if len(_PARSED) > 256:
            _PARSED.clear()
        found = _PARSED[key] = parse()
    return found


def parse_profile(path: Path) -> HouseProfile:
    path = Path(path)
    return _cached(HouseProfile, path, (), lambda: _parse_profile(path))


def _parse_profile(path: Path) -> HouseProfile:
    data, lines = _compose(path)
    chk = _Checker(path, data, lines)
    name = chk.get("name", str) or path.stem
    if name != path.stem:
        chk.fail(
            "name", says(QT_TRANSLATE_NOOP("Errors", "%1 differs from the file name %2"), _short(name), repr(path.stem))
        )
    title = chk.get("title", str, required=False, default=name)
    players: dict[object, object] = chk.get("players", dict, default={}) or {}
    lo, hi = players.get("min", 2), players.get("max", 8)
    if not (isinstance(lo, int) and isinstance(hi, int) and 2 <= lo <= hi <= 8):
        chk.fail(
            "players",
            says(
                QT_TRANSLATE_NOOP(
                    "Errors", "min and max must be whole numbers with 2 <= min <= max <= 8 (T-1), got %1"
                ),
                _short(players),
            ),
        )
        lo, hi = 2, 8
    options = _check_options(chk, chk.get("options", dict, default={}) or {}, "options")
    if "options" in data:  # a profile written before an option existed plays as it did then
        options = {**{k: v for k, v in LATER_OPTIONS.items() if k not in options}, **options}
    missing = [k for k in OPTION_VALUES if k not in options]
    if missing and "options" in data:
        chk.fail("options", says(QT_TRANSLATE_NOOP("Errors", "missing %1"), ", ".join(missing)))
    if chk.problems:
        raise LimitsError(chk.problems)
    return HouseProfile(name=name, title=title, min_players=lo, max_players=hi, options=options, path=str(path))


def parse_table(path: Path, profiles: Collection[str] | None = None) -> LimitTable:
    """The table in ``path``; its profile must be one of ``profiles`` (their names) if given."""
    path = Path(path)
    known = None if profiles is None else tuple(sorted(profiles))
    return _cached(LimitTable, path, (known,), lambda: _parse_table(path, profiles))


def _parse_table(path: Path, profiles: Collection[str] | None) -> LimitTable:
    data, lines = _compose(path)
    chk = _Checker(path, data, lines)
    known = {
        "name",
        "title",
        "game",
        "structure",
        "currency",
        "buy_in",
        "ante",
        "bring_in",
        "small_bet",
        "big_bet",
        "min_bet",
        "max_bet",
        "lower_limit",
        "higher_limit",
        "chip",
        "seats",
        "profile",
        "options",
        "source",
        "chips",
        "games",
        "mix_rotation",
    }
    for key in data:
        if key not in known:
            chk.fail(key, says(QT_TRANSLATE_NOOP("Errors", "unknown field (known: %1)"), ", ".join(sorted(known))))
    name = chk.get("name", str) or path.stem
    if name != path.stem:
        chk.fail(
            "name", says(QT_TRANSLATE_NOOP("Errors", "%1 differs from the file name %2"), _short(name), repr(path.stem))
        )
    games, mix_rotation = _check_games(chk)
    game = _check_game(chk, games)
    structure = chk.get("structure", str)
    if structure is not None:
        chk.choice("structure", STRUCTURES, structure)
    currency = chk.get("currency", str, required=False, default="USD")
    if currency is not None and not chk.choice("currency", tuple(CURRENCY_SYMBOLS), currency):
        currency = "USD"
    buy_in, ante, bring_in = chk.money("buy_in"), chk.money("ante"), chk.money("bring_in")
    chip = chk.money("chip")
    seats = chk.get("seats", int)
    if isinstance(seats, int) and not 2 <= seats <= 8:
        chk.fail("seats", says(QT_TRANSLATE_NOOP("Errors", "must be 2 to 8 (T-1), got %1"), seats))
    small = big = min_bet = None
    if structure == "fixed":
        small, big = chk.money("small_bet"), chk.money("big_bet")
        min_bet = small
    elif structure == "spread":
        small, big = chk.money("min_bet"), chk.money("max_bet")
        min_bet = small
    elif structure == "split":
        small, big = chk.money("lower_limit"), chk.money("higher_limit")
        min_bet = chk.money("min_bet", required=False, default=ante)
    profile = chk.get("profile", str)
    if profile and profiles is not None and profile not in profiles:
        chk.fail(
            "profile",
            says(
                QT_TRANSLATE_NOOP("Errors", "unknown house profile %1 (known: %2)"),
                _short(profile),
                ", ".join(sorted(profiles)),
            ),
        )
    overrides = _check_options(chk, data.get("options", {}) or {}, "options", game=game)
    # consistency between amounts
    if small is not None and big is not None and small > big:
        chk.fail(
            "big_bet" if structure == "fixed" else "max_bet" if structure == "spread" else "higher_limit",
            says(
                QT_TRANSLATE_NOOP("Errors", "must not be below the smaller limit (%1 < %2 cents reversed)"), small, big
            ),
        )
    if bring_in is not None and small is not None and bring_in > small:
        chk.fail("bring_in", says(QT_TRANSLATE_NOOP("Errors", "must not exceed the small bet / lower limit (B-3)")))
    if ante is not None and bring_in is not None and ante > bring_in:
        chk.fail("ante", says(QT_TRANSLATE_NOOP("Errors", "must not exceed the bring-in (B-1, B-3)")))
    if chip:
        for fld, amount in (
            ("buy_in", buy_in),
            ("ante", ante),
            ("bring_in", bring_in),
            ("small", small),
            ("big", big),
            ("min_bet", min_bet),
        ):
            if amount is not None and amount % chip:
                chk.fail(
                    fld if fld in data else "chip",
                    says(
                        QT_TRANSLATE_NOOP("Errors", "%1 cents is not a multiple of the smallest chip (%2 cents, T-2)"),
                        amount,
                        chip,
                    ),
                )
    if buy_in is not None and big is not None and buy_in < big:
        chk.fail("buy_in", says(QT_TRANSLATE_NOOP("Errors", "is smaller than one big bet")))
    chips = _check_chips(chk, chip)
    if chk.problems:
        raise LimitsError(chk.problems)
    # each field read above is there unless its absence or kind was a problem, and there were none
    assert game is not None and structure is not None and seats is not None and profile is not None
    assert buy_in is not None and ante is not None and bring_in is not None and chip is not None
    assert small is not None and big is not None and min_bet is not None
    return LimitTable(
        name=name,
        title=chk.get("title", str, required=False, default=name),
        game=game,
        structure=structure,
        currency=currency,
        buy_in=buy_in,
        ante=ante,
        bring_in=bring_in,
        small_bet=small,
        big_bet=big,
        min_bet=min_bet,
        chip=chip,
        seats=seats,
        profile=profile,
        overrides=overrides,
        path=str(path),
        chips=chips,
        games=games,
        mix_rotation=mix_rotation,
    )


def _check_chips(chk: _Checker, chip: int | None) -> tuple[tuple[int, str], ...]:
    """``chips:`` a list of ``{amount: 5, colour: red}``, smallest first, the table's ``chip``
    the smallest (T-2), each a multiple of it. Absent: () (chip_set() derives a set)."""
    if "chips" not in chk.data:
        return ()
    raw = chk.data["chips"]
    if not isinstance(raw, list) or not raw:
        chk.fail("chips", says(QT_TRANSLATE_NOOP("Errors", "expected a list of chips (amount and colour)")))
        return ()
    out: list[tuple[int, str]] = []
    for i, item in enumerate(raw):
        fld = f"chips.{i + 1}"
        if not isinstance(item, dict) or set(item) != {"amount", "colour"} or not isinstance(item["colour"], str):
            chk.fail(fld, says(QT_TRANSLATE_NOOP("Errors", "expected an amount and a colour, got %1"), _short(item)))
            continue
        try:
            cents = to_cents(item["amount"])
        except ValueError as exc:
            chk.fail(fld, str(exc))
            continue
        if cents <= 0 or (out and cents <= out[-1][0]):
            chk.fail(fld, says(QT_TRANSLATE_NOOP("Errors", "the chips go from the smallest up, each above zero")))
            continue
        if chip and cents % chip:
            chk.fail(
                fld,
                says(
                    QT_TRANSLATE_NOOP("Errors", "%1 cents is not a multiple of the smallest chip (%2 cents, T-2)"),
                    cents,
                    chip,
                ),
            )
            continue
        out.append((cents, item["colour"].strip()))
    if out and chip and out[0][0] != chip:
        chk.fail(
            "chips",
            says(QT_TRANSLATE_NOOP("Errors", "the smallest chip must be the table's chip (%1 cents, T-2)"), chip),
        )
    return tuple(out)


# the usual colours of a card room's chips; a table names its own with ``chips:``
CHIP_COLOURS = {
    25: "blue",
    50: "pink",
    100: "white",
    500: "red",
    2500: "green",
    10000: "black",
    50000: "purple",
    100000: "yellow",
}


def chip_set(table: LimitTable) -> tuple[tuple[int, str], ...]:
    """The table's chips, smallest first: its ``chips:``, else its smallest chip and the usual
    denominations above it ($1, $5, $25, $100, …) up to the first that reaches the buy-in."""
    if table.chips:
        return table.chips
    out = [(table.chip, CHIP_COLOURS.get(table.chip, "grey"))]
    for cents in sorted(CHIP_COLOURS):
        if cents > table.chip and not cents % table.chip and out[-1][0] < max(table.buy_in, 2500):
            out.append((cents, CHIP_COLOURS[cents]))
    return tuple(out)


@dataclass
class LimitsCatalog:
    tables: dict[str, LimitTable]
    profiles: dict[str, HouseProfile]
    problems: list[str]


def load_folder(folder: Path | None = None) -> LimitsCatalog:
    """Load every profile in ``folder/house`` and every table in ``folder``; collect problems."""
    folder = Path(folder) if folder else default_limits_dir()
    profiles, tables, problems = {}, {}, []
    house = folder / "house"
    for path in sorted(house.glob("*.yaml")) if house.is_dir() else []:
        try:
            p = parse_profile(path)
            profiles[p.name] = p
        except LimitsError as exc:
            problems.extend(exc.problems)
    for path in sorted(folder.glob("*.yaml")):
        try:
            t = parse_table(path, profiles or None)
            tables[t.name] = t
        except LimitsError as exc:
            problems.extend(exc.problems)
    order = {"fixed": 0, "spread": 1, "split": 2}
    tables = dict(
        sorted(
            # stud first, then Hi-Lo, then Razz (GAMES' order): typed stakes find the stud table
            tables.items(),
            key=lambda kv: (GAMES.index(kv[1].game), order.get(kv[1].structure, 3), kv[1].small_bet, kv[1].big_bet),
        )
    )
    return LimitsCatalog(tables=tables, profiles=profiles, problems=problems)


def load_profile(name_or_path: str, folder: Path | None = None) -> HouseProfile:
    p = Path(name_or_path)
    if p.suffix in (".yaml", ".yml") or p.exists():
        return parse_profile(p)
    folder = Path(folder) if folder else default_limits_dir()
    path = folder / "house" / f"{name_or_path}.yaml"
    if not path.exists():
        known = sorted(x.stem for x in (folder / "house").glob("*.yaml"))
        raise LimitsError(
            [
                LimitsProblem(
                    f"{path}:1: profile",
                    says(
                        QT_TRANSLATE_NOOP("Errors", "unknown house profile %1 (known: %2)"),
                        repr(name_or_path),
                        ", ".join(known),
                    ),
                )
            ]
        )
    return parse_profile(path)


def load_table(name_or_path: str, folder: Path | None = None) -> LimitTable:
    p = Path(name_or_path)
    folder = Path(folder) if folder else default_limits_dir()
    if not (p.suffix in (".yaml", ".yml") or p.exists()):
        p = folder / f"{name_or_path}.yaml"
        if not p.exists():
            known = sorted(x.stem for x in folder.glob("*.yaml"))
            raise LimitsError(
                [
                    LimitsProblem(
                        f"{p}:1: table",
                        says(
                            QT_TRANSLATE_NOOP("Errors", "unknown table %1 (known: %2)"),
                            repr(name_or_path),
                            ", ".join(known),
                        ),
                    )
                ]
            )
    profiles = {x.stem: None for x in (folder / "house").glob("*.yaml")} if (folder / "house").is_dir() else None
    return parse_table(p, profiles)


# --- a table and profile as played, kept in the hand record -------------------------------


def as_played(obj: LimitTable | HouseProfile) -> dict[str, object]:
    """The values a table or profile was opened with, for the record (JSON-safe). A table's
    chips are the trainer's, not the hand's: not kept."""
    from dataclasses import asdict

    out = asdict(obj)
    out.pop("chips", None)
    if not out.get("games"):  # (one game: recorded as before mixed tables existed)
        out.pop("games", None)
        out.pop("mix_rotation", None)
    return out


# fields of a table or profile as played that say where and how it is called, not how it is played
# (a file in another folder, a title in another language: the same rules)
WHERE_NOT_WHAT = frozenset({"path", "title"})


def played_differently(played: object, house: LimitTable | HouseProfile) -> str | None:
    """The first field in which rules as a record keeps them (``as_played``'s JSON) differ from
    ``house``'s as played, or None (the same rules)."""

    if not isinstance(played, dict):
        return "(all)"
    mine, theirs = json.loads(json.dumps(played, default=repr)), json.loads(json.dumps(as_played(house)))
    fields = (set(mine) | set(theirs)) - WHERE_NOT_WHAT
    return next((str(k)[:40] for k in sorted(fields) if mine.get(k) != theirs.get(k)), None)


def _from_record(cls: type[_Parsed], data: object, what: str) -> _Parsed:
    from dataclasses import MISSING, fields

    if not isinstance(data, dict):
        raise LimitsError([f"record: {what}: expected a mapping of fields, got {type(data).__name__}"])
    known = {f.name: f for f in fields(cls)}
    unknown = sorted(set(data) - set(known))
    missing = sorted(
        n for n, f in known.items() if n not in data and f.default is MISSING and f.default_factory is MISSING
    )
    if unknown or missing:
        raise LimitsError(
            [
                f"record: {what}: "
                + "; ".join(
                    ([f"unknown fields {', '.join(unknown)}"] if unknown else [])
                    + ([f"missing fields {', '.join(missing)}"] if missing else [])
                )
            ]
        )
    return cls(**data)


def table_from_record(data: object) -> LimitTable:
    if isinstance(data, dict) and isinstance(data.get("games"), list):
        data = {**data, "games": tuple(data["games"])}  # (JSON has lists)
    table = _from_record(LimitTable, data, "limit table")
    for name in ("buy_in", "ante", "bring_in", "small_bet", "big_bet", "min_bet", "chip", "seats"):
        value = getattr(table, name)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise LimitsError([f"record: limit table {table.name}: {name}: {value!r} is not a whole number of cents"])
    if table.games and (
        len(table.games) < 2 or any(g not in GAMES for g in table.games) or not is_mix_rotation(table.mix_rotation)
    ):
        raise LimitsError([f"record: limit table {table.name}: games {table.games!r} / {table.mix_rotation!r} unknown"])
    if table.game not in GAMES or table.structure not in STRUCTURES:
        raise LimitsError(
            [f"record: limit table {table.name}: game {table.game!r} / structure {table.structure!r} unknown"]
        )
    return table


def profile_from_record(data: object) -> HouseProfile:
    profile = _from_record(HouseProfile, data, "house profile")
    for name, value in LATER_OPTIONS.items():  # a record written before the option existed
        profile.options.setdefault(name, value)
    missing = [o for o in OPTION_VALUES if o not in profile.options]
    if missing:
        raise LimitsError([f"record: house profile {profile.name}: missing options {', '.join(missing)}"])
    return profile
