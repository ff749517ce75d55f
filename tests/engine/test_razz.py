"""Razz (catalog §13): the ace-to-five low (R-1) against two oracles, the bring-in (R-2), the
first actor (R-3), no fourth-street double bet (R-4), the odd chip (R-5), and every decision
of random hands against PokerKit's FixedLimitRazz."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pokerkit

from dealer_app.engine.cards import format_card, parse_card
from dealer_app.engine.evaluator import best_razz_five, describe_high, razz_board_value, razz_value
from dealer_app.engine.events import BringInChosen, FirstToAct
from dealer_app.engine.simulate import play_random_hand
from tests.engine.test_oracles import _play_both
from tests.support.helpers import new_hand, rules


def _cards(text: str) -> list[int]:
    return [c for c in (parse_card(t) for t in text.split()) if c is not None]


def _oracle_key(seven: list[int]) -> tuple:
    """An independent A-5 low, written from R-1's words: of every five, the fewest equal ranks
    (no pair, one pair, two pair, trips, full house, quads), then from the highest card down;
    the ace is one. The least key is the best low."""

    def key(five):
        ranks = [1 if c >> 2 == 12 else (c >> 2) + 2 for c in five]
        counts = Counter(ranks)
        shape = sorted(counts.values(), reverse=True)
        grouped = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
        return (shape, grouped)

    return min(key(five) for five in itertools.combinations(seven, 5))


def test_R1_low_order_agrees_with_an_independent_evaluator_and_pokerkit_on_50000_hands():
    rng = random.Random(13)
    deck = list(range(52))
    seen: dict[int, tuple] = {}
    pokerkit_pairs = 0
    for i in range(50_000):
        seven = rng.sample(deck, 7)
        value = razz_value(seven)
        key = _oracle_key(seven)
        assert seen.setdefault(value, key) == key, "equal values must be equal lows"
        if i % 10 == 0:  # PokerKit's own A-5 low: the same order on pairs of hands
            other = rng.sample(deck, 7)
            ours = (razz_value(seven) > razz_value(other)) - (razz_value(seven) < razz_value(other))
            a = pokerkit.RegularLowHand.from_game("".join(format_card(c) for c in seven))
            b = pokerkit.RegularLowHand.from_game("".join(format_card(c) for c in other))
            assert ours == (a > b) - (a < b), [format_card(c) for c in seven + other]
            pokerkit_pairs += 1
    by_value = sorted(seen.items())
    # a higher value is a better (smaller) low, strictly
    assert all(a[1] > b[1] for a, b in itertools.pairwise(by_value))
    assert len(by_value) > 1000 and pokerkit_pairs == 5000


def test_R1_pairs_count_against_and_straights_and_flushes_do_not():
    assert describe_high(razz_value(_cards("As 2s 3s 4s 5s Kc Kd"))) == "5-4-3-2-A low"  # a wheel in one suit
    assert razz_value(_cards("Ks Qc Jd Th 9s")) > razz_value(_cards("Ac As 2d 3h 4s"))  # any no-pair beats a pair
    assert razz_value(_cards("Ac As 2d 3h 4s")) > razz_value(_cards("2c 2s 3d 3h 4s"))  # a pair beats two pair
    assert describe_high(razz_value(_cards("9s 9c 5d 3h 2h Kd Kc"))) == "K-9-5-3-2 low"  # five ranks: no pair
    value, five = best_razz_five(_cards("9s 9c 5d 3h 2h 9d 5c"))  # four ranks: the lowest pair is kept
    assert describe_high(value) == "a pair of fives"
    assert [format_card(c) for c in five] == ["5d", "5c", "9s", "3h", "2h"]


def test_R2_the_highest_door_card_brings_in_king_of_spades_always_ace_of_clubs_never():
    r = rules("razz-10-20")
    h = new_hand(r, [50000] * 4, "Ac Kh Ks 7d")
    chosen = next(e for e in h.events if isinstance(e, BringInChosen))
    assert (chosen.seat, chosen.rules) == (3, ("R-2",))
    assert str(chosen.says) == "Seat 3 brings in: highest door card, K♠"
    h = new_hand(r, [50000] * 3, "Qd Qc 2s")
    assert next(e for e in h.events if isinstance(e, BringInChosen)).seat == 1  # equal ranks: the higher suit


def test_R3_the_lowest_board_acts_first_and_a_paired_board_is_worst():
    r = rules("razz-10-20")
    h = new_hand(r, [50000] * 3, "7c 4d Ks", "2c 3c 5c 6c 8c 9c")
    h.act(3, "bring_in")
    for seat in (1, 2):
        h.act(seat, "call")
    h.deal(1, [parse_card("7d")])  # 7-7: a paired board
    h.deal(2, [parse_card("Qh")])
    h.deal(3, [parse_card("As")])  # K-A
    first = next(e for e in reversed(h.events) if isinstance(e, FirstToAct))
    assert (first.seat, first.reason, first.rules) == (2, "low-board", ("R-3",))
    assert str(first.says) == "Seat 2 acts first: Q-4 low showing"
    assert razz_board_value(_cards("Kd Ks")) < razz_board_value(_cards("Kd Qs"))


def test_R4_an_open_pair_on_fourth_street_never_opens_the_big_bet():
    r = rules("razz-10-20", open_pair_double=True)
    h = new_hand(r, [50000] * 2, "Ks 5d", "2c 3c 4c 6c")
    h.act(1, "bring_in")
    h.act(2, "call")
    h.deal(1, [parse_card("Kh")])
    h.deal(2, [parse_card("5h")])  # both boards paired: the low pair of fives acts first
    bets = [a for a in h.legal_actions() if a.action == "bet"]
    assert [(a.to, a.min_to, a.max_to) for a in bets] == [(r.small_bet, None, None)]
    assert [n.case for n in h.raising_notes()] == ["no-double-bet-razz"]


def test_R5_equal_lows_split_and_the_odd_chip_goes_to_the_lowest_card_by_suit():
    r = rules("razz-10-20")
    rng = random.Random(5)
    seen_split = 0
    for _ in range(3000):
        h = play_random_hand(r, [rng.choice([7, 31, 100]) for _ in range(rng.randint(2, 6))], rng)
        for pot in h.pots_awarded:
            if len(pot["winners"]) < 2:
                continue
            seen_split += 1
            assert "R-5" in pot["rules"] and "W-4" in pot["rules"]
            shares = pot["winners"]
            if len(set(shares.values())) > 1:  # an odd chip: the tied hand with the lowest card by suit
                first = max(shares, key=lambda s: shares[s])
                lowest = {
                    s: min(
                        (1 if c >> 2 == 12 else (c >> 2) + 2, c & 3)
                        for c in h.by_seat[s].down + h.by_seat[s].up
                        if c is not None
                    )
                    for s in shares
                }
                assert lowest[first] == min(lowest.values())
    assert seen_split > 5


def test_razz_betting_and_payoffs_agree_with_pokerkit_fixed_limit_razz():
    stats = {"hands": 0, "decisions": 0, "fold_when_check": 0, "odd_chip_skipped": 0, "short_all_in_raise": 0}
    for seed in range(700):
        _play_both(seed, stats, "razz")
    assert stats["hands"] + stats["odd_chip_skipped"] == 700
    assert stats["hands"] >= 650 and stats["decisions"] > 5000
