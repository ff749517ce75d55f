"""Showdown: who shows first (W-1), pots and side pots (P-1), who wins what (W-3, W-4, H-2, H-3)."""

from __future__ import annotations

from dealer_app.engine.cards import format_card, format_cards
from dealer_app.engine.evaluator import (best_high_five, best_low_five, describe_high, describe_low,
                                         hi_value, lo8_value)


def showdown_order(hand):
    """W-1: the last bettor or raiser of the last round shows first; if nobody bet, the first
    player to act in it. The others follow clockwise. W-5: when everyone is all-in, all show."""
    live = hand.live
    rules = ["W-1"]
    lead = hand.last_round_aggressor
    why = "made the last bet or raise"
    if (lead is None or lead.folded) and hand.rules.checked_showdown_from == "dealers-left":
        lead = live[0]
        why = "nobody bet the last round; clockwise from the dealer's left (house option)"
    if lead is None or lead.folded:
        lead = hand.last_round_first
        why = "acted first in the last round, in which nobody bet"
    if lead is None or lead.folded:
        lead = live[0]
        why = "no betting took place; clockwise from the dealer's left"
    if sum(1 for p in live if p.can_act) <= 1:
        rules.append("W-5")
    i = hand.players.index(lead)
    n = len(hand.players)
    order = [hand.players[(i + k) % n].seat for k in range(n) if not hand.players[(i + k) % n].folded]
    words = f"Seat {lead.seat} shows first ({why}); then " + ", ".join(f"seat {s}" for s in order[1:])
    return order, tuple(rules), words


def build_pots(players) -> list[tuple[int, list]]:
    """P-1: main pot and side pots from each player's total contribution.

    Returns ``(amount, eligible players)`` from the main pot outwards.
    """
    live_levels = sorted({p.total for p in players if not p.folded})
    pots = []
    prev = 0
    for level in live_levels:
        amount = sum(min(p.total, level) - min(p.total, prev) for p in players)
        eligible = [p for p in players if not p.folded and p.total >= level]
        if amount:
            if pots and [q.seat for q in pots[-1][1]] == [q.seat for q in eligible]:
                pots[-1] = (pots[-1][0] + amount, eligible)
            else:
                pots.append((amount, eligible))
        prev = level
    extra = sum(max(0, p.total - prev) for p in players)
    if extra and pots:  # chips of folded players above every live player's total
        pots[-1] = (pots[-1][0] + extra, pots[-1][1])
    return pots


def pots_in_play(players) -> list[tuple[int, list]]:
    """Pots as they stand mid-hand: split only at all-in players' totals (P-1); everyone not
    all-in can still match, so is eligible for every pot."""
    live = [p for p in players if not p.folded]
    levels = sorted({p.total for p in live if p.stack == 0})
    top = max((p.total for p in players), default=0)
    if not levels or levels[-1] < top:
        levels.append(top)
    pots, prev = [], 0
    for level in levels:
        amount = sum(min(p.total, level) - min(p.total, prev) for p in players)
        eligible = [p for p in live if p.total >= level or p.stack > 0]
        if amount:
            pots.append((amount, eligible))
        prev = level
    return pots


def _odd_chip_key(hand, p, five):
    if hand.rules.odd_chip == "best-five":
        return max(five)
    return max(_cards(hand, p))


def _cards(hand, p):
    return [c for c in p.down if c is not None] + p.up + ([hand.common] if hand.common is not None else [])


def split_amount(amount: int, winners: list, chip: int) -> dict:
    """W-4: equal shares in the smallest chip; odd chips one each, in ``winners`` order."""
    n = len(winners)
    share = (amount // (n * chip)) * chip
    out = {w: share for w in winners}
    left = amount - share * n
    i = 0
    while left > 0:
        piece = min(chip, left)
        out[winners[i % n]] += piece
        left -= piece
        i += 1
    return out


def award(hand) -> list[dict]:
    """Award every pot among the players who showed; H-2/H-3 split hi-lo pots."""
    chip = hand.rules.chip
    stud8 = hand.rules.game == "stud8"
    info = {}
    for p in hand.live:
        if p.mucked:
            continue
        cards = _cards(hand, p)
        if any(c is None for c in cards):
            continue
        hv, five = best_high_five(cards)
        entry = {"hi": hv, "five": five, "desc": describe_high(hv)}
        if stud8:
            lv = lo8_value(cards)
            entry["lo"] = lv
            if lv is not None:
                lf = best_low_five(cards)
                entry["lo_five"], entry["lo_desc"] = lf, describe_low(lf)
        info[p.seat] = entry
    results = []
    pots = build_pots(hand.players)
    for index, (amount, eligible) in enumerate(pots):
        contenders = [p for p in eligible if p.seat in info] or [q for q in eligible if not q.mucked] or eligible
        rules = ["P-1"] if len(pots) > 1 else []
        rules.append("W-3")
        name = "main pot" if index == 0 else f"side pot {index}"
        winners: dict[int, int] = {}
        hands = {p.seat: {"cards": format_cards(info[p.seat]["five"], sep=" "), "name": info[p.seat]["desc"]}
                 for p in contenders if p.seat in info}

        def share(players, key, amount):
            best = max(key(p) for p in players)
            tied = [p for p in players if key(p) == best]
            if len(tied) > 1:
                rules.append("W-4")
                tied.sort(key=lambda p: -_odd_chip_key(hand, p, info[p.seat]["five"]) if p.seat in info else 0)
            for seat, amt in split_amount(amount, [p.seat for p in tied], chip).items():
                winners[seat] = winners.get(seat, 0) + amt
            return tied

        scored = [p for p in contenders if p.seat in info]
        if not scored:
            winners = split_amount(amount, [contenders[0].seat], chip)
            text = f"{name} {hand.money(amount)} to seat {contenders[0].seat}"
        elif stud8:
            rules.append("H-2")
            lows = [p for p in scored if info[p.seat]["lo"] is not None]
            if lows:
                low_half = (amount // (2 * chip)) * chip
                high_half = amount - low_half
                hi_w = share(scored, lambda p: info[p.seat]["hi"], high_half)
                lo_w = share(lows, lambda p: -info[p.seat]["lo"], low_half)
                for p in lows:
                    hands[p.seat]["low"] = format_cards(info[p.seat]["lo_five"], sep=" ")
                    hands[p.seat]["low_name"] = info[p.seat]["lo_desc"]
                if high_half != low_half:
                    rules.append("H-3")
                text = (f"{name} {hand.money(amount)}: high {hand.money(high_half)} to seat(s) {', '.join(str(p.seat) for p in hi_w)} "
                        f"({info[hi_w[0].seat]['desc']}), low {hand.money(low_half)} to seat(s) "
                        f"{', '.join(str(p.seat) for p in lo_w)} ({info[lo_w[0].seat]['lo_desc']})")
            else:
                rules.append("H-3")
                hi_w = share(scored, lambda p: info[p.seat]["hi"], amount)
                text = (f"{name} {hand.money(amount)}: no qualifying low; all to seat(s) "
                        f"{', '.join(str(p.seat) for p in hi_w)} ({info[hi_w[0].seat]['desc']})")
        else:
            hi_w = share(scored, lambda p: info[p.seat]["hi"], amount)
            text = (f"{name} {hand.money(amount)} to seat(s) {', '.join(str(p.seat) for p in hi_w)} "
                    f"({info[hi_w[0].seat]['desc']})")
        results.append({"amount": amount, "eligible": [p.seat for p in eligible], "winners": winners,
                        "rules": list(dict.fromkeys(rules)), "hands": hands, "text": text})
    return results
