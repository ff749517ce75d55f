"""Compare what a server did with what our engine decides (issue #3): one verdict per hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer_app.history import importers
from dealer_app.history.phh.actions import shown_players
from dealer_app.history.replay import replay_hand

if TYPE_CHECKING:
    from pathlib import Path

    from dealer_app.history.importers.base import ImportedHand
    from dealer_app.history.replay_report import ReplayReport


def site_rules(site: str) -> tuple[str, dict]:
    """How ``site`` deals, as a profile plus options: each importer module documents its own."""
    return importers.site_rules().get(site, ("us-cardroom", {}))


def __getattr__(name: str):
    """``SITE_RULES``: every site's rules (importers.SITE_RULES), loaded when first asked for."""
    if name == "SITE_RULES":
        return importers.site_rules()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _chips_back(report, server_uncalled: dict, p_of) -> tuple[dict, list]:
    """The engine's uncalled bets by player, and the pots the award compares. A pot only one
    player could win is that player's own chips back (an ante above an all-in ante, P-1): a
    server that writes it as an uncalled bet returned (Full Tilt) says the same thing (P-2)."""
    returned = {p_of(seat): amount for seat, amount in (report.uncalled or {}).items()}
    pots = list(report.pots)
    for pot in report.pots:
        player = p_of(pot["eligible"][0]) if len(pot["eligible"]) == 1 else None
        if player is not None and server_uncalled.get(player) == returned.get(player, 0) + pot["amount"]:
            returned[player] = server_uncalled[player]
            pots.remove(pot)
    return returned, pots


def verdict(
    imp: ImportedHand,
    profile: str | None = None,
    options: dict | None = None,
    table: str | None = None,
    memo=None,
    limits_dir: Path | None = None,
) -> dict:
    """Replay an imported hand; list every disagreement with the server, with its line.

    Without ``profile`` the site's own rules apply (SITE_RULES); with one, exactly that
    profile (the site's options are then not added)."""
    site_profile, site_options = site_rules(imp.site)
    opts = {} if profile else dict(site_options)
    opts.update(options or {})
    report = replay_hand(
        imp.phh, profile or site_profile, table, opts, with_events=False, memo=memo, limits_dir=limits_dir
    )
    e = imp.expected
    problems: list[str] = []
    lines = imp.phh.lines

    def at(index):
        return lines[index] if index is not None and index < len(lines) else 0

    # the server's facts are by PHH player (p1, p2 …), the engine's by seat (the site's own)
    player_at = {seat: i + 1 for i, seat in enumerate(report.seats or [])}

    def p_of(seat):
        return player_at.get(int(seat), int(seat)) if seat is not None else None

    problems += report.errors + report.illegal
    decisions = {d["index"]: d for st in report.streets for d in st["decisions"]}
    if e.bring_in is not None and report.bring_in and p_of(report.bring_in["seat"]) != e.bring_in:
        problems.append(
            f"line {e.lines.get('bring_in', 0)}: bring-in: server seat {imp.seats[e.bring_in - 1]}, "
            f"engine seat "
            f"{report.bring_in['seat']} ({', '.join(report.bring_in['rules'])})"
        )
    for st in report.streets:
        want = e.first_actors.get(st["street"])
        if want is not None and p_of(st["first_to_act"]) != want:
            got = p_of(st["first_to_act"])
            problems.append(
                f"line {e.lines.get(st['street'], 0)}: street {st['street']}: first to act: server "
                f"{imp.names[want - 1]}, engine "
                f"{imp.names[got - 1] if got else 'nobody'} ({', '.join(st['rules'])})"
            )
    for index, player, amount in e.amounts:
        d = decisions.get(index)
        if d is not None and d.get("amount") is not None and d["amount"] != amount:
            problems.append(f"line {at(index)}: {imp.names[player - 1]} put in {amount}, the engine {d['amount']}")
    for index, line in e.capped:
        d = decisions.get(index)
        if d is not None and any(x["action"] in ("raise", "bet", "complete") for x in d["legal"]):
            problems.append(
                f"line {line}: server capped the betting; the engine still allows a raise ({', '.join(d['rules'])})"
            )
    for index, line in e.double_bet:
        d = decisions.get(index)
        if d is not None and len([x for x in d["legal"] if x["action"] in ("bet", "raise")]) < 2:
            problems.append(f"line {line}: server allows a double bet (open pair); the engine does not (L-3)")
    returned, pots = _chips_back(report, e.uncalled, p_of)
    if e.uncalled and returned != e.uncalled:
        problems.append(
            f"line {e.lines.get('uncalled', 0)}: uncalled bets: server {e.uncalled}, engine {returned} (P-2)"
        )
    total = sum(p["amount"] for p in pots)
    if e.total_pot is not None and report.complete and total != e.total_pot:
        problems.append(f"line {e.lines.get('total', 0)}: total pot: server {e.total_pot}, engine {total}")
    if report.complete and e.collected:
        won: dict[int | None, int] = {}
        for pot in pots:
            for seat, amount in pot["winners"].items():
                won[p_of(seat)] = won.get(p_of(seat), 0) + amount
        diff = {p: won.get(p, 0) - e.collected.get(p, 0) for p in set(won) | set(e.collected)}
        if any(v < 0 for v in diff.values()) or sum(diff.values()) != e.rake or (e.rake == 0 and any(diff.values())):
            problems.append(
                f"line {e.lines.get('collected', 0)}: collected: server {e.collected} (rake {e.rake}), engine {won}"
            )
    # W-1 orders the players of the last betting round; where an all-in player (in an earlier
    # pot only) shows is a display convention (PokerStars shows them when their pot is paid)
    engine_order = [p_of(s) for s in report.showdown_order]
    in_last_round = {p_of(s) for s in report.last_round_players or report.showdown_order}
    server = [p for p in e.showdown if p in in_last_round]
    shown = [p for p in engine_order if p in server]
    if len(server) >= 2 and shown != server:
        problems.append(
            f"line {e.lines.get('showdown', 0)}: showdown order (by player): server {e.showdown}, "
            f"engine {engine_order} (W-1)"
        )
    report.site = imp.site
    report.verdict = {"agrees": not problems, "problems": problems}
    return {
        "source": imp.source,
        "site": imp.site,
        "hand": imp.hand_id,
        "game": imp.game,
        "profile": report.profile,
        "options": opts,
        "agrees": not problems,
        "problems": problems,
        "report": report,
    }


def phh_verdict(report: ReplayReport, hand) -> list[str]:
    """For a PHH hand: every action legal, the file's finishing stacks and show order met."""
    problems = list(dict.fromkeys(list(report.errors) + list(report.illegal)))
    if report.finishing_stacks_match is False:
        problems.append(f"{hand.source}: finishing stacks differ from the file's")
    seats = report.seats or []
    shows = shown_players(hand.actions)
    shows = [seats[p - 1] if 0 < p <= len(seats) else p for p in shows]  # players to seats
    order = [p for p in report.showdown_order if p in shows]
    if len(shows) >= 2 and order != shows[: len(order)]:
        problems.append(f"{hand.source}: showdown order: file {shows}, engine {report.showdown_order} (W-1)")
    return problems
