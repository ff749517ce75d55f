"""A replay report in words, as a dealer would say it."""

from __future__ import annotations

from dealer_app.engine.money import format_money
from dealer_app.history.replay_report import ReplayReport
from dealer_app.history.units import to_units

STREET_NAMES = {3: "Third street", 4: "Fourth street", 5: "Fifth street", 6: "Sixth street", 7: "Seventh street"}


def _amount(entry: dict, m=str) -> str:
    if "min_to" in entry:
        text = f"{entry['action'].replace('_', ' ')} {m(entry['min_to'])}-{m(entry['max_to'])}"
    elif "to" in entry:
        text = f"{entry['action'].replace('_', ' ')} {m(entry['to'])}"
    else:
        text = entry["action"]
    return text + (" (all-in)" if entry.get("all_in") else "")


def report_text(report: ReplayReport | dict) -> str:
    r = report.to_dict() if isinstance(report, ReplayReport) else report
    names = r.get("players") or []
    currency = r.get("currency") or ""
    places = r.get("unit_places") or 0

    def m(amount) -> str:
        """An amount as the report holds it (the file's units) in words."""
        if not currency:
            return str(amount)
        return format_money(to_units(amount, places), currency)

    seats = r.get("seats") or list(range(1, len(names) + 1))

    def who(seat) -> str:
        """'seat 3', with the player's name when the file gives one."""
        if isinstance(seat, str):
            seat = int(seat)
        name = names[seats.index(seat)] if seat in seats and seats.index(seat) < len(names) else ""
        return f"seat {seat} ({name})" if name and name != f"p{seat}" else f"seat {seat}"

    if r.get("game") and r.get("profile"):
        out = [f"== {r['source']}  [{r['game']}, profile {r['profile']}, table {r.get('table') or 'from file'}]"]
    else:  # not replayed: there is no game, profile or table to name
        out = [f"== {r['source']}"]
    if not r.get("supported", True):
        out.extend(f"  refused: {e}" for e in r["errors"])
        return "\n".join(out)
    if r.get("bring_in"):
        b = r["bring_in"]
        out.append(f"  {b.get('text', 'Seat {} brings in'.format(b['seat']))} — {', '.join(b['rules'])}")
    for st in r["streets"]:
        d = st["deal"]
        out.append(
            f"  {STREET_NAMES[st['street']]}: {st.get('deal_words', '')} — stub {d['stub_after']}"
            f" ({', '.join(st.get('deal_rules', []))})"
        )
        if "warning" in d:
            out.append(f"    WARNING: {d['warning']['text']} — D-7")
        if st["first_to_act"] is not None and st["street"] > 3:
            out.append(
                f"    {st.get('text', 'Seat {} acts first'.format(st['first_to_act']))} — {', '.join(st['rules'])}"
            )
        elif st["first_to_act"] is None and st["rules"]:
            out.append(f"    no betting ({', '.join(st['rules'])})")
        for dec in st["decisions"]:
            legal = "; ".join(_amount(a, m) for a in dec["legal"])
            mark = "" if dec["legal_taken"] else f"  ILLEGAL: {dec.get('refused', '')}"
            out.append(
                f"    {who(dec['seat'])}: {_amount(dec['taken'], m)}   [legal: {legal}]"
                f" — {', '.join(dec['rules'])}{mark}"
            )
    if r["showdown_order"]:
        out.append(
            f"  Showdown: seat {r['showdown_order'][0]} shows first; order "
            + ", ".join(map(str, r["showdown_order"]))
            + " — W-1"
        )
    for pot in r["pots"]:
        out.append(f"  {pot.get('text', pot['amount'])} — {', '.join(pot.get('rules', []))}")
        for seat, h in pot.get("hands", {}).items():
            low = f"; low {h['low_name']}" if "low_name" in h else ""
            out.append(f"      {who(seat)}: {h['cards']} — {h['name']}{low}")
    if r.get("stopped"):
        out.append(f"  Stopped: {r['stopped']} — the hand has no result")
    elif r["net"]:
        out.append("  Net: " + ", ".join(f"{who(s)} {'+' if v > 0 else ''}{m(v)}" for s, v in r["net"].items()))
    for e in r.get("errors", []):
        out.append(f"  ERROR: {e}")
    return "\n".join(out)
