"""KingsClub text hand histories: Limit Seven Card Stud and Limit Seven Card Stud Hi-Lo (cash).

KingsClub writes every amount without a currency sign and with cents only where there are
any ("44", "33.16"): amounts are read in hundredths. A call, like a raise, gives the player's
total for the round ("calls 121.16"). Files before 2022 name the streets one too late: the
third-street deal has no header and "*** 3RD STREET ***" stands before the fourth-street
cards; the parser counts the deals, not the headers. There is no "Uncalled bet" line and no
total pot: "wins pot (X)" is after the rake and without the returned bet.
"""

from __future__ import annotations

import re

from dealer_app.history.importers.base import (
    HandBuilder,
    ImportError_,
    LocatedMoney,
    Money,
    Refusal,
    SiteRules,
    header_match,
    parse_hands,
)

HEADER = re.compile(r"^#(\d+): (.*)$")
STAKES = re.compile(r" - ([\d,]+(?:\.\d+)?)/([\d,]+(?:\.\d+)?)\s*$")
AMT = r"([\d,]+(?:\.\d+)?)"
SEAT = re.compile(rf"^Seat (\d+): (.+?) \({AMT}\)$")
STREET = re.compile(r"^\*\*\* (3RD|4TH|5TH|6TH|7TH) STREET \*\*\*")
DEALT = re.compile(r"^Dealt to (.+?): ((?:\[[^\]]*\] ?)+)$")
ACTIONS = [
    (re.compile(rf"^: posts ante {AMT}$"), "ante"),
    (re.compile(rf"^ brings in for {AMT}(, and is all in)?$"), "bring_in"),
    (re.compile(rf"^ calls {AMT}(, and is all in)?$"), "call_to"),
    (re.compile(rf"^ (?:bets|raises to) {AMT}(, and is all in)?$"), "raise_to"),
    (re.compile(r"^ checks$"), "check"),
    (re.compile(r"^ folds$"), "fold"),
    (re.compile(r"^ shows \[([^\]]*)\]"), "show"),
    (re.compile(r"^ mucks"), "muck"),
]
WINS = re.compile(rf"^(.+?) wins (?:the )?(?:high |low |main |side )*pot(?: #?\d+)? \({AMT}\)")
RAKE = re.compile(rf"^Rake {AMT}$")
SITE = "KingsClub"
# The two KingsClub stud hands the engine can replay need no option away from the catalog's
# us-cardroom profile. (The third, 37581152, raises by less than a bet: refused, see apply.)
RULES: SiteRules = ("us-cardroom", {})


def game_of(header: str) -> tuple[str | None, str]:
    h = header.lower()
    if "razz" in h:  # (R-1…R-5: ace-to-five Razz; deuce-to-seven Razz is another game)
        if "2-7" in h or "deuce" in h:
            return None, "2-7 Razz is not supported"
        if "no limit" in h or "pot limit" in h:
            return None, "no-limit and pot-limit Razz are not supported"
        return "razz", ""
    if "stud" not in h:
        name = header.split(" - ")[0].strip()
        return None, f"{name or 'this game'} is not a stud game"
    if "no limit" in h or "pot limit" in h:
        return None, "no-limit and pot-limit stud are not supported"
    if "five card" in h or "5 card" in h:
        return None, "five-card stud is not supported"
    if not h.startswith("limit "):
        return None, "only fixed-limit stud is supported"
    if "hi-lo" in h or "hi/lo" in h:
        return "stud8", ""
    if "seven card stud" in h:
        return "stud", ""
    return None, "this stud game is not supported"


def looks_like(text: str) -> bool:
    lines = text.lstrip("\ufeff").splitlines()[:3]
    return (
        len(lines) >= 3
        and bool(HEADER.match(lines[0].strip()))
        and " - " in lines[0]
        and lines[2].startswith("Table '")
    )


def parse(text: str, source: str):
    """Yield ImportedHand or Refusal for every hand in the text."""
    return parse_hands(text, source, HEADER, parse_hand)


def parse_hand(block: list[str], first_line: int, source: str, bring_ins: dict):
    m = header_match(HEADER, block[0].strip().lstrip("\ufeff"))
    hand_id, rest = m.group(1), m.group(2)
    game, why = game_of(rest)
    if game is None:
        return Refusal(source, hand_id, first_line, why)
    stakes = STAKES.search(rest)
    if not stakes:
        raise ImportError_("no stakes in the header", first_line)
    money = LocatedMoney(True, block, first_line)
    b = HandBuilder(source, SITE, hand_id, game, first_line)
    b.small_bet, b.big_bet = money(stakes.group(1)), money(stakes.group(2))
    read_lines(b, block, first_line, money)
    b.settle_bring_in(bring_ins)
    return b.build()


def read_lines(b: HandBuilder, block: list[str], first_line: int, money: Money):
    dealt_this_street: set[str] = set()
    summary = False
    rake = 0
    for offset, raw in enumerate(block[1:], start=1):
        line_no, line = first_line + offset, raw.strip()
        if not line or STREET.match(line):
            continue  # the headers may be a street late: the deals say which street it is
        if line.startswith("*** SUMMARY"):
            b.flush_deals(line_no)
            summary = True
            continue
        if summary:
            r, w = RAKE.match(line), WINS.match(line)
            winner = b.name_in(line) if w else None
            if r:
                rake = money(r.group(1))
            elif w and winner:
                b.collected(winner, money(w.group(2)), line_no)
            continue
        s = SEAT.match(line)
        if s and b.street == 0:
            b.seat(int(s.group(1)), s.group(2), money(s.group(3)))
            continue
        d = DEALT.match(line)
        if d:
            name = d.group(1)
            if b.street == 0 or name in dealt_this_street:
                if b.street >= 7:
                    raise ImportError_("an eighth card dealt", line_no)
                b.begin_street(b.street + 1 if b.street else 3, line_no)
                dealt_this_street = set()
            dealt_this_street.add(name)
            b.dealt(name, [g.replace("X", "??") for g in re.findall(r"\[([^\]]*)\]", d.group(2))], line_no)
            continue
        name = b.name_in(line)
        if name is None:
            continue
        tail = line[len(name) :]
        for rx, verb in ACTIONS:
            a = rx.match(tail)
            if a:
                apply(
                    b,
                    name,
                    verb,
                    money(a.group(1)) if verb not in ("check", "fold", "show", "muck") else None,
                    a,
                    line_no,
                )
                break
    if b.street == 0:
        raise ImportError_("no cards dealt", first_line + len(block) - 1)
    b.flush_deals(first_line + len(block))
    # the winners' amounts are after the rake; the pot before it is theirs plus the rake
    b.total(sum(b.expected.collected.values()) + rake, rake, b.expected.lines.get("collected", first_line))
    expect_returned_bet(b)


def apply(b: HandBuilder, name: str, verb: str, amount, a, line_no: int):
    if verb == "ante":
        b.ante(name, amount)
    elif verb == "bring_in":
        b.bring_in = b.bring_in or amount
        b.act(name, "bring_in", line_no, amount=amount)
    elif verb == "call_to":
        b.act(name, "call", line_no, amount=amount - b.round_to.get(name, 0))
    elif verb == "raise_to":
        facing = max(b.round_to.values(), default=0)
        step = b.small_bet if b.street <= 4 else b.big_bet
        if step is None:  # parse_hand reads both bets from the header before any line
            raise ImportError_("the stakes are missing from the header", line_no)
        all_in = a.group(2) is not None
        if facing > (b.bring_in or 0) and amount - facing < step and not all_in:
            # hand 37581152: after a completion to 44 the server let a raise go to 77.16, a
            # bring-in (33.16) above it, not a bet: raises counted from the bring-in. No house
            # rule deals that way, so the hand cannot be replayed as the server played it.
            raise ImportError_(
                f"the server raised by {shown(amount - facing)} over {shown(facing)}, less than a "
                f"full bet of {shown(step)} (KingsClub counted the raise from the bring-in, not the "
                f"completion): not a fixed-limit raise",
                line_no,
            )
        b.act(name, "raise", line_no, to=amount)
    elif verb in ("check", "fold"):
        b.act(name, verb, line_no)
    elif verb == "show":
        b.show(name, a.group(1), line_no)
    else:
        b.muck(name, line_no)


def shown(cents: int) -> str:
    """An amount as KingsClub writes it (33.16, 44)."""
    return f"{cents // 100:,}" + (f".{cents % 100:02d}" if cents % 100 else "")


def expect_returned_bet(b: HandBuilder):
    """A last bet nobody called: KingsClub leaves it out of the pot, so the engine must
    return it (P-2)."""
    returned = b.returned_bet()
    if returned:
        b.uncalled(returned[0], returned[1], b.expected.lines.get("collected", b.start_line))
