"""Is a trainee's answer right? Each skill's answer is compared in the drill's own form (the
``answer`` of ``dealer-app drill --json``), so the window, the tests and any other tool judge
alike. Amounts are cents; seats are numbers. A Razz drill's best five is its best low (R-1):
judged by the Razz value, as the engine's showdown values it."""

from __future__ import annotations

from dealer_app.engine.cards import CardError, parse_card
from dealer_app.engine.evaluator import hi_value, lo8_value, razz_value


def _chips(given: dict) -> list[tuple[int, int]] | None:
    """{cents: count} as (cents, count) pairs, or None where a count is not a whole number ≥ 0."""
    out = []
    for cents, n in (given.get("chips") or {}).items():
        if isinstance(n, bool) or not isinstance(n, int) or n < 0 or not str(cents).isdigit():
            return None
        if n:
            out.append((int(cents), n))
    return out


def _cards_of(given: dict) -> list[int] | None:
    cards = given.get("cards") or []
    if len(set(cards)) != len(cards):
        return None
    try:
        mine = [parse_card(c) for c in cards]
    except CardError:
        return None
    return None if any(c is None for c in mine) else [c for c in mine if c is not None]


def _legal_set(legal: list[dict]) -> set[tuple]:
    return {(a["action"], a.get("to"), a.get("min_to"), a.get("max_to")) for a in legal}


def _pots(pots: list[dict], key: str) -> list[tuple]:
    out = []
    for p in pots:
        value = p.get(key)
        if key == "eligible":
            value = tuple(sorted(int(s) for s in value or ()))
        else:  # winners: {seat: amount}
            value = tuple(sorted((int(s), int(a)) for s, a in (value or {}).items()))
        out.append((int(p.get("amount", 0)), value))
    return out


def is_right(skill: str, expected: dict, given: dict, game: str = "stud") -> bool:
    """Whether ``given`` answers the drill as ``expected`` does (``game``: the drill's table's)."""
    if not isinstance(given, dict):
        return False
    if skill in ("bring-in", "first-to-act", "shows-first"):
        return given.get("seat") == expected["seat"]
    if skill in ("pot", "stub"):
        return given.get(skill) == expected[skill]
    if skill == "shortage":
        return all(bool(given.get(k)) == expected[k] for k in ("burn", "reshuffle_burns", "common_card"))
    if skill == "legal-action":
        return _legal_set(given.get("legal") or []) == _legal_set(expected["legal"])
    if skill == "side-pots":
        return _pots(given.get("pots") or [], "eligible") == _pots(expected["pots"], "eligible")
    if skill == "winners":
        return _pots(given.get("pots") or [], "winners") == _pots(expected["pots"], "winners")
    if skill == "best-five":  # any five of equal rank (W-3): a kicker of either suit, a straight's either card
        value = razz_value if game == "razz" else hi_value  # (Razz: the best low, R-1)
        cards = given.get("cards") or []
        if given.get("seat", expected["seat"]) != expected["seat"] or len(cards) != 5 or len(set(cards)) != 5:
            return False
        try:
            mine = [parse_card(c) for c in cards]
        except CardError:
            return False
        if any(c is None for c in mine):
            return False
        right = [parse_card(c) for c in expected["cards"]]
        return value([c for c in mine if c is not None]) == value([c for c in right if c is not None])
    if skill == "low-hand":  # H-2: any five of the same low ranks (suits never matter); none: no cards
        picked = _cards_of(given)
        if picked is None or given.get("seat", expected["seat"]) != expected["seat"]:
            return False
        if not expected["cards"]:
            return picked == []
        low = [c for c in (parse_card(c) for c in expected["cards"]) if c is not None]
        return len(picked) == 5 and lo8_value(picked) is not None and lo8_value(picked) == lo8_value(low)
    if skill == "chip-count":
        return given.get("amount") == expected["amount"]
    if skill in ("make-change", "colour-up"):  # the same value, in as few chips as the answer's
        counted = _chips(given)
        paid = [(int(c), n) for c, n in expected["chips"].items()]
        return (
            counted is not None
            and sum(c * n for c, n in counted) == sum(c * n for c, n in paid)
            and sum(n for _c, n in counted) == sum(n for _c, n in paid)
        )
    if skill == "split-pot":
        shares = {int(s): a for s, a in (given.get("shares") or {}).items() if a}
        return shares == {int(s): a for s, a in expected["shares"].items()}
    if skill == "irregularity":  # the remedy, and whether it applies now (the floor's I-3: it does)
        return given.get("remedy") == expected["remedy"] and (
            expected["remedy"] == "I-3" or given.get("applies") is expected["applies"]
        )
    raise ValueError(f"unknown skill {skill!r}")
