"""Is a trainee's answer right? Each skill's answer is compared in the drill's own form (the
``answer`` of ``dealer-app drill --json``), so the window, the tests and any other tool judge
alike. Amounts are cents; seats are numbers."""

from __future__ import annotations

from dealer_app.engine.cards import CardError, parse_card
from dealer_app.engine.evaluator import hi_value


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


def is_right(skill: str, expected: dict, given: dict) -> bool:
    """Whether ``given`` answers the drill as ``expected`` does."""
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
        return hi_value([c for c in mine if c is not None]) == hi_value([c for c in right if c is not None])
    raise ValueError(f"unknown skill {skill!r}")
