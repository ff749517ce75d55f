"""Engine speed beside PokerKit and phevaluator, on this machine, in one run (issue #2).

    python benchmarks/bench_engine.py [--seconds 5] [--games stud razz]

Plays random eight-handed fixed-limit hands to the showdown (everyone checks or calls, some
bets and raises) through our engine and through PokerKit's FixedLimitSevenCardStud, and the
same for Razz beside PokerKit's FixedLimitRazz (issue 29: keys prefixed ``razz_``), and
evaluates random seven-card hands with ours and phevaluator. Prints a JSON summary.
Target: our hands per second at least 20 times PokerKit's, in each game.

It measures the engine that Python imports: the plain-Python source in the development venv
(``.venv/bin/python benchmarks/bench_engine.py``).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
import warnings

from dealer_app.engine import ENGINE_BUILD
from dealer_app.engine.evaluator import hi_value
from dealer_app.engine.hand import Hand, SeatSpec
from dealer_app.engine.limits import BettingRules, load_profile

STACK = 1_000_000


def our_rules(game="stud"):
    # tda-tournament: the profile PokerKit's stud matches best
    return BettingRules.fixed(load_profile("tda-tournament"), game, 100, 500, 1000, 2000, 100)


def our_hand(rules, rng):
    deck = list(range(52))
    rng.shuffle(deck)
    h = Hand(rules, [SeatSpec(i + 1, "", STACK) for i in range(8)])
    # the same policy as pokerkit_hand: call or check, one time in ten the biggest choice.
    # Written lean because this loop is timed with the engine: fold is only ever listed
    # first, so legal[1] is the first choice that is not a fold.
    random, act, deal, legal_actions = rng.random, h.act, h.deal, h.legal_actions
    while True:
        phase = h.phase
        if phase == "bet":
            legal = legal_actions()
            a = legal[-1] if random() < 0.1 else legal[legal[0].action == "fold"]
            act(h.to_act.seat, a.action, a.to if a.min_to is None else a.min_to)
        elif phase == "deal":
            if h.plan.common_card:
                h.deal_common(deck.pop())
            else:
                seat, n = h.expected_deal()
                deal(seat, [deck.pop(), deck.pop(), deck.pop()] if n == 3 else [deck.pop()])
        elif phase == "showdown":
            h.show(h.pending_show[0])
        else:
            return h


def pokerkit_hand(rng, game="stud"):
    from pokerkit import Automation, FixedLimitRazz, FixedLimitSevenCardStud

    auto = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    variant = FixedLimitRazz if game == "razz" else FixedLimitSevenCardStud
    s = variant.create_state(auto, True, 100, 500, 1000, 2000, [STACK] * 8, 8)
    while s.status:
        if s.can_post_bring_in():
            if rng.random() < 0.9:
                s.post_bring_in()
            else:
                s.complete_bet_or_raise_to()
        elif rng.random() < 0.1 and s.can_complete_bet_or_raise_to():
            s.complete_bet_or_raise_to()
        else:
            s.check_or_call()
    return s


def rate(fn, seconds):
    n, start = 0, time.perf_counter()
    while True:
        fn()
        n += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return n / elapsed, n


def main():
    warnings.simplefilter("ignore")  # PokerKit warns when eight players run the deck short
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--games", nargs="+", choices=("stud", "razz"), default=["stud", "razz"])
    args = ap.parse_args()
    rng = random.Random(1)
    out = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "seconds_each": args.seconds,
        "engine_build": ENGINE_BUILD,
    }
    for game in args.games:
        key = "" if game == "stud" else f"{game}_"  # (stud's keys as they always were)
        rules = our_rules(game)
        ours, n = rate(lambda rules=rules: our_hand(rules, rng), args.seconds)
        out[f"{key}ours_hands_per_s"], out[f"{key}ours_hands"] = round(ours), n
        try:
            pk, n = rate(lambda game=game: pokerkit_hand(rng, game), args.seconds)
            out[f"{key}pokerkit_hands_per_s"], out[f"{key}pokerkit_hands"] = round(pk, 1), n
            out[f"{key}ratio_ours_to_pokerkit"] = round(ours / pk, 1)
        except ImportError:
            out["pokerkit"] = "not installed (pip install -e '.[test]')"
    hands = [rng.sample(range(52), 7) for _ in range(20000)]
    i = iter(range(10**12))
    ev, _ = rate(lambda: hi_value(hands[next(i) % 20000]), args.seconds)
    out["ours_evals_per_s"] = round(ev)
    try:
        from phevaluator import evaluate_cards

        from dealer_app.engine.cards import format_card

        named = [[format_card(c) for c in h] for h in hands]
        j = iter(range(10**12))
        ph, _ = rate(lambda: evaluate_cards(*named[next(j) % 20000]), args.seconds)
        out["phevaluator_evals_per_s"] = round(ph)
    except ImportError:
        out["phevaluator"] = "not installed"
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
