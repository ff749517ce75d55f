"""Property tests: thousands of random hands under every table and profile (P-3, D-1, A-7)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_app.engine.errors import EngineError, IllegalAction
from dealer_app.engine.simulate import play_random_hand
from tests.support.helpers import clone_by_replay, rules

TABLES = ["stud-1-2", "stud-10-20", "stud-1-5-spread", "stud-1-3-spread", "casinos-austria-5-10-20", "stud8-10-20"]
PROFILES = ["us-cardroom", "casinos-austria", "tda-tournament"]


def _rules(table, profile):
    r = rules(table, profile)
    return r


hands = st.tuples(
    st.sampled_from(TABLES),
    st.sampled_from(PROFILES),
    st.integers(2, 8),
    st.integers(0, 2**32 - 1),
    st.floats(0.0, 0.6),
    st.floats(0.0, 0.3),
)


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands)
def test_P3_D1_random_hands_conserve_chips_and_end(params):
    table, profile, n, seed, aggression, fold_rate = params
    r = _rules(table, profile)
    n = min(n, r.max_players)
    rng = random.Random(seed)
    stacks = [
        rng.choice([r.ante + r.chip, r.bring_in * 3, r.big_bet * 4, r.big_bet * 40]) + rng.randrange(0, 20) * r.chip
        for _ in range(n)
    ]
    h = play_random_hand(r, stacks, rng, aggression, fold_rate, check=lambda h: h.check_invariants())
    assert h.phase == "done"
    assert sum(p.stack for p in h.players) == sum(stacks)
    assert sum(h.net().values()) == 0
    # every chip put in came back out through the pots (P-1, P-2)
    assert sum(p["amount"] for p in h.pots_awarded) == sum(p.total for p in h.players)


def _illegal_candidates(h):
    legal = h.legal_actions()
    cands = [("fold", None), ("check", None), ("call", None)]
    for kind in ("bring_in", "complete", "bet", "raise"):
        for to in (
            h.current_to + 1,
            h.current_to + h.rules.chip,
            h.rules.small_bet,
            h.rules.big_bet,
            h.current_to + h.rules.big_bet,
            h.current_to + 3 * h.rules.big_bet,
            10**9,
        ):
            cands.append((kind, to))
    out = []
    for kind, to in cands:
        ok = any(
            a.action == kind
            and (a.allows(to) if to is not None else True)
            and (a.min_to is None or to % h.rules.chip == 0 or to == a.max_to)
            for a in legal
        )
        if not ok:
            out.append((kind, to))
    return out


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TABLES), st.sampled_from(PROFILES), st.integers(2, 8), st.integers(0, 2**32 - 1))
def test_every_listed_action_accepted_everything_else_refused(table, profile, n, seed):
    r = _rules(table, profile)
    n = min(n, r.max_players)
    rng = random.Random(seed)
    stacks = [rng.choice([r.big_bet * 2, r.big_bet * 30]) for _ in range(n)]
    checked = 0

    def probe(h):
        nonlocal checked
        if h.phase != "bet" or rng.random() > 0.25:
            return
        checked += 1
        seat = h.to_act.seat
        for a in h.legal_actions():
            tos = [a.to] if a.min_to is None else [a.min_to, a.max_to]
            for to in tos:
                clone = clone_by_replay(h)
                clone.act(seat, a.action, to)  # accepted
                clone.check_invariants()
        before = (h.pot_total(), [p.stack for p in h.players], len(h.events))
        for kind, to in _illegal_candidates(h):
            with pytest.raises(IllegalAction) as err:
                h.act(seat, kind, to)
            assert str(err.value)  # a reason
        others = [p.seat for p in h.players if p.seat != seat]
        with pytest.raises(IllegalAction, match="out of turn"):
            h.act(others[0], "fold")
        assert (h.pot_total(), [p.stack for p in h.players], len(h.events)) == before  # nothing changed

    play_random_hand(r, stacks, rng, check=probe)


def test_deal_errors_change_nothing():
    r = rules()
    rng = random.Random(7)
    h = play_random_hand(r, [5000] * 3, rng, fold_rate=0.0, aggression=0.0, check=lambda h: None)
    assert h.phase == "done"
    with pytest.raises(EngineError):
        h.deal(1, [0])
