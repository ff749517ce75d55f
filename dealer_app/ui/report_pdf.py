"""The ruling report: one recorded hand as a PDF for the file (QPdfWriter + QTextDocument).

The table, its limits and profile, the players and their stacks, every row of the hand's
timeline, the table drawn as it stood at the disputed moment, the legal options then, the
texts of the rules cited (in the UI's language), each ruling with its case and who made it,
the seals of the hand and of each ruling, whether the record proves itself, signature lines;
every page footed "Page x of y" with the hand, its seal and when the report was generated.
Read back by the tests with ``pdftotext``.
"""

from __future__ import annotations

import html
from datetime import UTC
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QMarginsF, QRectF, QSize, QSizeF, Qt, QUrl
from PySide6.QtGui import (
    QFont,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QTextBlock,
    QTextCursor,
    QTextDocument,
    QTextFormat,
)

from dealer_app.engine.catalog import rule_texts
from dealer_app.engine.events import HandVoided
from dealer_app.floor.cases import record_entries, room_entries
from dealer_app.record.chain import seal_code
from dealer_app.record.floor_signing import shown_floor_name
from dealer_app.ui.qt_bridge import ControllerBridge
from dealer_app.ui.rulings import rule_html
from dealer_app.ui.table_view import TableView
from dealer_app.ui.words import (
    case_category,
    case_status,
    choice_words,
    fill,
    game_words,
    language,
    rotation_words,
    say,
    step_text,
    table_title,
)

if TYPE_CHECKING:
    from dealer_app.floor.timeline import HandTimeline, Moment

translate = QCoreApplication.translate


def _report_words() -> dict[str, str]:
    """Every label of the report, in the UI's language (each a literal for lupdate)."""
    return {
        "A hand from a file, not from the record: it has no seal.": translate(
            "Report", "A hand from a file, not from the record: it has no seal."
        ),
        "Burns": translate("Report", "Burns"),
        "Case": translate("Report", "Case"),
        "Date": translate("Report", "Date"),
        "Floor supervisor": translate("Report", "Floor supervisor"),
        "Game": translate("Report", "Game"),
        "Generated": translate("Report", "Generated"),
        "Input": translate("Report", "Input"),
        "Main pot": translate("Report", "Main pot"),
        "Name": translate("Report", "Name"),
        "Page %1 of %2": translate("Report", "Page %1 of %2"),
        "Played": translate("Report", "Played"),
        "Pots and who won them": translate("Report", "Pots and who won them"),
        "Received by (regulator)": translate("Report", "Received by (regulator)"),
        "Seals": translate("Report", "Seals"),
        "Seven Card Stud": translate("Report", "Seven Card Stud"),
        "Seven Card Stud Hi-Lo": translate("Report", "Seven Card Stud Hi-Lo"),
        "Side pot %1": translate("Report", "Side pot %1"),
        "Signature": translate("Report", "Signature"),
        "Signatures": translate("Report", "Signatures"),
        "Stack after the remedy": translate("Report", "Stack after the remedy"),
        "Stack at the end": translate("Report", "Stack at the end"),
        "The hand": translate("Report", "The hand"),
        "Time (UTC)": translate("Report", "Time (UTC)"),
        "Time zone": translate("Report", "Time zone"),
        "What the rules made of it": translate("Report", "What the rules made of it"),
        "Witness": translate("Report", "Witness"),
        "covers the hand and this ruling": translate("Report", "covers the hand and this ruling"),
        "every time in this report is UTC, as the record keeps it": translate(
            "Report", "every time in this report is UTC, as the record keeps it"
        ),
        "Camera / time reference": translate("Report", "Camera / time reference"),
        "Decision": translate("Report", "Decision"),
        "Facts": translate("Report", "Facts"),
        "Hand": translate("Report", "Hand"),
        "Legal options then": translate("Report", "Legal options then"),
        "Limits": translate("Report", "Limits"),
        "No ruling is recorded for this hand.": translate("Report", "No ruling is recorded for this hand."),
        "Player": translate("Report", "Player"),
        "Players": translate("Report", "Players"),
        "Pots": translate("Report", "Pots"),
        "Profile": translate("Report", "Profile"),
        "Record": translate("Report", "Record"),
        "Remedy": translate("Report", "Remedy"),
        "Rules": translate("Report", "Rules"),
        "Rules cited": translate("Report", "Rules cited"),
        "Ruling": translate("Report", "Ruling"),
        "Ruling report": translate("Report", "Ruling report"),
        "Rulings": translate("Report", "Rulings"),
        "Seal": translate("Report", "Seal"),
        "Seat": translate("Report", "Seat"),
        "Stack at the start": translate("Report", "Stack at the start"),
        "Stack at this moment": translate("Report", "Stack at this moment"),
        "Stub": translate("Report", "Stub"),
        "Table": translate("Report", "Table"),
        "The record does NOT prove itself:": translate("Report", "The record does NOT prove itself:"),
        "The record proves itself: every row matches its keyed hash.": translate(
            "Report", "The record proves itself: every row matches its keyed hash."
        ),
        "The rules cited": translate("Report", "The rules cited"),
        "The table at the disputed moment": translate("Report", "The table at the disputed moment"),
        "Timeline": translate("Report", "Timeline"),
        "Witnesses": translate("Report", "Witnesses"),
        "ante": translate("Report", "ante"),
        "at step": translate("Report", "at step"),
        "bring-in": translate("Report", "bring-in"),
        "by": translate("Report", "by"),
        "chips moved between seats": translate("Report", "chips moved between seats"),
        "none (the decision only)": translate("Report", "none (the decision only)"),
        "none: the hand has not ended": translate("Report", "none: the hand has not ended"),
        "seat": translate("Report", "seat"),
        "seats": translate("Report", "seats"),
        "step": translate("Report", "step"),
        "the hand voided: every chip back": translate("Report", "the hand voided: every chip back"),
        # the moment the report shows, and why that one
        "The table at step %1": translate("Report", "The table at step %1"),
        "This is the moment the last ruling (%1) is about.": translate(
            "Report", "This is the moment the last ruling (%1) is about."
        ),
        "This is the end of the hand: no ruling is recorded for it.": translate(
            "Report", "This is the end of the hand: no ruling is recorded for it."
        ),
        "This is the moment asked for (report --moment, or the step shown in the floor console); it is the "
        "moment the last ruling (%1) is about.": translate(
            "Report",
            "This is the moment asked for (report --moment, or the step shown in the floor "
            "console); it is the moment the last ruling (%1) is about.",
        ),
        "This is the moment asked for (report --moment, or the step shown in the floor console); the last "
        "ruling (%1) is about step %2.": translate(
            "Report",
            "This is the moment asked for (report --moment, or the step shown in the floor "
            "console); the last ruling (%1) is about step %2.",
        ),
        "This is the moment asked for (report --moment, or the step shown in the floor console); no ruling is "
        "recorded for this hand.": translate(
            "Report",
            "This is the moment asked for (report --moment, or the step shown in the floor "
            "console); no ruling is recorded for this hand.",
        ),
        # the legal options when no one is to act
        "Seat %1 (%2) is to act:": translate("Report", "Seat %1 (%2) is to act:"),
        "None: cards are being dealt, so no one is to act; the dealer deals as the line above says.": translate(
            "Report", "None: cards are being dealt, so no one is to act; the dealer deals as the line above says."
        ),
        "None: it is the showdown; the players show or muck in turn, and no one bets.": translate(
            "Report", "None: it is the showdown; the players show or muck in turn, and no one bets."
        ),
        "None: the hand was declared void.": translate("Report", "None: the hand was declared void."),
        "None: the hand is over.": translate("Report", "None: the hand is over."),
        # the rules cited: the moment's apart from the rulings'
        "At the moment (step %1):": translate("Report", "At the moment (step %1):"),
        "The ruling cites:": translate("Report", "The ruling cites:"),
        "The rulings cite:": translate("Report", "The rulings cite:"),
        "none": translate("Report", "none"),
        # a hand declared void (I-6 misdeal, I-7 fouled deck)
        "misdeal": translate("Report", "misdeal"),
        "fouled deck": translate("Report", "fouled deck"),
        "The hand was declared void at step %1: %2 (%3), confirmed by the floor: %4.": translate(
            "Report", "The hand was declared void at step %1: %2 (%3), confirmed by the floor: %4."
        ),
        "No pot was played for: every ante and bet went back to its player: %1.": translate(
            "Report", "No pot was played for: every ante and bet went back to its player: %1."
        ),
        "No chips had gone in: none went back.": translate("Report", "No chips had gone in: none went back."),
        "Stacks after the void: %1.": translate("Report", "Stacks after the void: %1."),
        "The same players are dealt the hand again (the redeal).": translate(
            "Report", "The same players are dealt the hand again (the redeal)."
        ),
    }


# a block's user state (``-qt-user-state`` in the report's HTML): it stays on the page of the block
# after it, as every heading does (the disputed moment's heading, why that moment and who is to act
# stay with the table's picture)
KEEP_WITH_NEXT = 1


def disputed_moment(timeline: HandTimeline, moment: int | None) -> int:
    """The moment the report shows: the one asked for, else the last ruling's, else the end."""
    if moment is not None:
        return max(0, min(moment, len(timeline.steps) - 1))
    rulings = timeline.rulings()
    return rulings[-1].moment if rulings else len(timeline.steps) - 1


def table_picture(m: Moment, size: QSize | None = None):
    """The table view the dealer uses, drawn at this moment (offscreen)."""
    size = size or QSize(760, 560)

    bridge = ControllerBridge(m)
    view = TableView(bridge)
    view.resize(size)
    picture = view.grab().toImage()
    view.deleteLater()
    return picture


def report_html(store, timeline: HandTimeline, index: int, generated_at: str | None = None, asked: bool = False) -> str:
    """The report's body. What a regulator asks of it (issue 26 §3): the record's check first;
    the case; table, game, date and time zone; every input with its time and what the rules made
    of it (an action out of turn held, binding or void included); pots and who won them; stacks
    at the start, at the disputed moment, at the end and after the remedy; the legal options then;
    each ruling with its floor, witnesses and camera reference; the seals that cover the hand and
    each ruling; the rules' texts; signature lines. ``asked``: the moment ``index`` was asked for
    (``report --moment``, the console's step), not the last ruling's: the report says which."""
    word = _report_words()
    m = timeline.moment(index)
    session = m.session
    assert session is not None and m.hand is not None
    t, currency = session.table, session.table.currency
    e = html.escape
    seal = _seal(store, timeline)
    verdict, failed = record_verdict(store)
    colour = "#b00020" if failed else "#1b5e20"
    entries = _case_entries(store, timeline)
    first_at = timeline.steps[0].at if timeline.steps else ""
    parts = [
        f"<h1>{e(word['Ruling report'])}</h1>",
        f"<p style='color:{colour}; font-weight:bold'>{e(verdict)}</p>",
    ]  # ("The record proves …")
    cases: dict[str, list] = {}
    for entry in entries:
        cases.setdefault(entry.case, []).append(entry)
    if cases:
        parts.append(
            f"<p><b>{e(word['Case'])}:</b> "
            + "; ".join(
                f"{e(number)} — {e(case_category(rows[0].category))}, {e(case_status(rows[-1].status))}"
                for number, rows in cases.items()
            )
            + "</p>"
        )
    parts += [
        f"<p><b>{e(word['Table'])}:</b> {e(table_title(t))} ({e(t.name)}) &nbsp; <b>{e(word['Game'])}:</b> "
        f"{e(_game(m.hand.rules.game))}{e(_mixed(t))} &nbsp; <b>{e(word['Profile'])}:</b> {e(session.profile.name)} &nbsp; "
        f"<b>{e(word['Hand'])}:</b> {e(_hand_name(timeline))}</p>",
        f"<p><b>{e(word['Played'])}:</b> {e(utc_text(first_at))} &nbsp; <b>{e(word['Time zone'])}:</b> "
        f"{e(word['every time in this report is UTC, as the record keeps it'])}</p>",
        f"<p><b>{e(word['Limits'])}:</b> {e(word['ante'])} {e(m.money(t.ante))}, {e(word['bring-in'])} "
        f"{e(m.money(t.bring_in))}, {e(m.money(t.small_bet))}/{e(m.money(t.big_bet))} ({e(t.structure)})</p>",
        f"<p><b>{e(word['Seal'])}:</b> {e(seal or word['none: the hand has not ended'])} &nbsp; "
        f"<b>{e(word['Record'])}:</b> {e(record_name(store, timeline))}</p>",
    ]
    # --- seals: the hand's, and each ruling's (a ruling's row is chained after the hand: its seal
    # covers the hand and the ruling both)
    parts.append(
        f"<h2>{e(word['Seals'])}</h2><ul><li><b>{e(word['The hand'])}:</b> "
        f"{e(seal or word['none: the hand has not ended'])}</li>"
    )
    for entry in entries:
        parts.append(
            f"<li><b>{e(word['Ruling'])} {e(entry.case)} ({e(utc_text(entry.at))}):</b> "
            f"{e(entry.seal or '—')} — {e(word['covers the hand and this ruling'])}</li>"
        )
    parts.append("</ul>")
    # --- stacks and pots
    end = timeline.moment(len(timeline.steps) - 1)
    now = {v.seat: v.stack for v in m.seats()}
    final = {v.seat: v.stack for v in end.seats()}
    moved: dict[int, int] = {}
    for given in timeline.rulings():
        for seat_no, amount in given.chips.items():
            moved[seat_no] = moved.get(seat_no, 0) + amount
    parts.append(
        f"<h2>{e(word['Players'])}</h2><table border='1' cellpadding='3' cellspacing='0'>"
        f"<tr><th>{e(word['Seat'])}</th><th>{e(word['Player'])}</th><th>{e(word['Stack at the start'])}</th>"
        f"<th>{e(word['Stack at this moment'])} ({e(word['step'])} {index})</th><th>{e(word['Stack at the end'])}"
        f"</th><th>{e(word['Stack after the remedy'])}</th></tr>"
    )
    for seat_no, name, stack in timeline.seats:
        at_end = final.get(seat_no, stack)
        parts.append(
            f"<tr><td>{seat_no}</td><td>{e(name)}</td><td>{e(m.money(stack))}</td>"
            f"<td>{e(m.money(now.get(seat_no, stack)))}</td><td>{e(m.money(at_end))}</td>"
            f"<td>{e(m.money(at_end + moved.get(seat_no, 0)))}</td></tr>"
        )
    parts.append("</table>")
    parts.append(f"<h2>{e(word['Pots and who won them'])}</h2>")
    awarded = end.hand.pots_awarded if end.hand is not None else []
    decisions = _decisions(timeline)
    voided = end.voided()
    if voided is not None:  # I-6, I-7: no pot was played for; every chip went back
        parts.append(
            "<p>" + "<br>".join(e(line) for line in _void_words(timeline, decisions, voided, final, m)) + "</p>"
        )
    elif not awarded:
        parts.append(f"<p>{e(word['none: the hand has not ended'])}</p>")
    else:
        parts.append("<ul>")
        for number, pot in enumerate(awarded):
            label = word["Main pot"] if number == 0 else fill(word["Side pot %1"], number)
            won = ", ".join(f"{word['seat']} {s} {m.money(a)}" for s, a in sorted(pot["winners"].items()))
            parts.append(
                f"<li>{e(label)} {e(m.money(pot['amount']))} ({e(seats_text(pot['eligible']))}): {e(won)}</li>"
            )
        parts.append("</ul>")
    # --- every row of the hand, with what the rules made of it
    # (one paragraph a step, not a table's row: a paragraph's lines move whole to the next page,
    # where a table cell's line would be cut across two)
    parts.append(
        f"<h2>{e(word['Timeline'])}</h2><p>{e(word['step'])} · {e(word['Time (UTC)'])} · {e(word['Input'])} "
        f"→ {e(word['What the rules made of it'])}</p>"
    )
    for step, decided in zip(timeline.steps, decisions, strict=True):
        mark = " background:#ffe27a;" if step.index == index else ""
        what = step_text(step, currency)[len(step.time) + 1 :]
        said = "".join(
            f"<br>&nbsp;&nbsp;&nbsp;&nbsp;→ {e(say(d))}" + (f" ({e(', '.join(d.rules))})" if d.rules else "")
            for d in decided
        )
        parts.append(
            f"<p style='margin-top:2px; margin-bottom:2px;{mark}'><b>{step.index}</b> &nbsp;"
            f"{e(utc_text(step.at, seconds=True))} &nbsp; <b>{e(what)}</b>{said}</p>"
        )
    parts += _moment_part(timeline, m, index, asked)
    at_moment: list[str] = list(dict.fromkeys(m.prompt().rules))
    cited: list[str] = []  # (the rulings' rules: listed apart from the moment's)
    rulings = timeline.rulings()
    parts.append(f"<h2>{e(word['Rulings'])}</h2>")
    if not rulings:
        parts.append(f"<p>{e(word['No ruling is recorded for this hand.'])}</p>")
    for step in timeline.steps:
        r = step.ruling
        if r is None:
            continue
        cited += list(r.rules)
        by = shown_floor_name(step.by) if step.by else "?"  # (an unsigned floor act is said so)
        chips = ", ".join(f"{word['seat']} {s}: {m.money(a)}" for s, a in sorted(r.chips.items()))
        case = f"{r.case} — {case_category(r.category)}, {case_status(r.status)}" if r.case else "—"
        parts.append(
            f"<p><b>{e(word['Ruling'])}</b> {e(utc_text(step.at))} — {e(word['by'])} <b>{e(by)}</b> "
            f"({e(word['at step'])} {r.moment})</p><ul>"
            f"<li><b>{e(word['Case'])}:</b> {e(case)}</li>"
            f"<li><b>{e(word['Facts'])}:</b> {e(r.facts)}</li>"
            f"<li><b>{e(word['Rules cited'])}:</b> {e(', '.join(r.rules))}</li>"
            f"<li><b>{e(word['Decision'])}:</b> {e(r.decision or '—')}</li>"
            f"<li><b>{e(word['Remedy'])}:</b> {e(_remedy(r.remedy))}{(' — ' + e(chips)) if chips else ''}</li>"
            f"<li><b>{e(word['Witnesses'])}:</b> {e(r.witnesses or '—')}</li>"
            f"<li><b>{e(word['Camera / time reference'])}:</b> {e(r.camera or '—')}</li></ul>"
        )
    parts += _rules_part(index, at_moment, list(dict.fromkeys(cited)), len(rulings))
    parts.append(f"<h2>{e(word['Signatures'])}</h2><table cellpadding='8' cellspacing='0' width='100%'>")
    for who in (word["Floor supervisor"], word["Witness"], word["Received by (regulator)"]):
        parts.append(
            f"<tr><td width='28%'>{e(who)}</td><td>{e(word['Name'])}: ______________</td>"
            f"<td>{e(word['Signature'])}: ______________</td><td>{e(word['Date'])}: ________</td></tr>"
        )
    parts.append(f"</table><p>{e(word['Generated'])}: {e(generated_at or now_text())}</p>")
    return "\n".join(parts)


def seats_text(seats) -> str:
    """Seats as the report lists them: "seat 4", "seats 1, 2, 4"."""
    seats = list(seats)
    word = _report_words()
    return f"{word['seat'] if len(seats) == 1 else word['seats']} {', '.join(map(str, seats))}"


def record_name(store, timeline: HandTimeline) -> str:
    """The record the report is of, as a regulator finds it again: its file's full path (a
    room's table: its name and id in the room; a file's hand: the file)."""
    if store is None:
        return timeline.source
    path = store.path
    return str(path.resolve()) if isinstance(path, Path) else str(path)


def _moment_part(timeline: HandTimeline, m: Moment, index: int, asked: bool) -> list[str]:
    """The table at the moment shown (which one, and why), its pots, stub and burns, and the
    legal options then — or why no one had any."""
    word, e = _report_words(), html.escape
    rulings = timeline.rulings()
    heading = (
        word["The table at the disputed moment"] + f" ({word['step']} {index})"
        if rulings and rulings[-1].moment == index
        else fill(word["The table at step %1"], index)
    )
    keep = f"-qt-user-state: {KEEP_WITH_NEXT}"
    parts = [
        f"<h2>{e(heading)}</h2><p style='{keep}'>{e(_moment_reason(timeline, index, asked))}</p>",
        f"<p style='{keep}'><b>{e(say(m.prompt().subject))}</b></p>",
        "<p><img src='table.png' width='560'></p>",
    ]
    pots = m.pots()
    if pots:
        parts.append(
            "<p>"
            + e(word["Pots"])
            + ": "
            + "; ".join(f"{e(m.money(amount))} ({e(seats_text(eligible))})" for amount, eligible in pots)
            + "</p>"
        )
    status = m.status()
    if status:
        parts.append(f"<p>{e(word['Stub'])}: {status['stub']} &nbsp; {e(word['Burns'])}: {status['burns']}</p>")
    choices = m.choices()
    parts.append(f"<h3>{e(word['Legal options then'])}</h3>")
    to_act = m.hand.to_act if m.hand is not None else None
    if choices and to_act is not None:
        parts.append(f"<p>{e(fill(word['Seat %1 (%2) is to act:'], to_act.seat, to_act.name))}</p>")
    if choices:
        parts.append("<ul>" + "".join(f"<li>{e(choice_words(m, c))}</li>" for c in choices) + "</ul>")
    else:  # a dealing moment, the showdown, the end: no one is to act, and the report says why
        parts.append(f"<p>{e(_no_options(m))}</p>")
    rules = list(dict.fromkeys(m.prompt().rules))
    if rules:
        parts.append(f"<p>{e(word['Rules'])}: {e(', '.join(rules))}</p>")
    return parts


def _rules_part(index: int, at_moment: list[str], cited: list[str], rulings: int) -> list[str]:
    """The texts of the rules cited: the moment's, then the ruling's (each text once)."""
    word, e = _report_words(), html.escape
    texts = rule_texts(language())
    parts = [
        f"<h2>{e(word['The rules cited'])}</h2>",
        f"<p><b>{e(fill(word['At the moment (step %1):'], index))}</b> {e(', '.join(at_moment) or word['none'])}</p>",
    ]
    parts += [f"<p><b>{e(rule)}</b> {rule_html(texts[rule])}</p>" for rule in at_moment if rule in texts]
    if cited:
        cite = word["The ruling cites:"] if rulings == 1 else word["The rulings cite:"]
        parts.append(f"<p><b>{e(cite)}</b> {e(', '.join(cited))}</p>")
        parts += [
            f"<p><b>{e(rule)}</b> {rule_html(texts[rule])}</p>"  # (its markdown as HTML)
            for rule in cited
            if rule in texts and rule not in at_moment
        ]
    return parts


def _moment_reason(timeline: HandTimeline, index: int, asked: bool) -> str:
    """Which moment the report shows, and why that one."""
    word = _report_words()
    rulings = timeline.rulings()
    last = rulings[-1] if rulings else None
    case = (last.case or _hand_name(timeline)) if last is not None else ""
    if not asked:
        return (
            fill(word["This is the moment the last ruling (%1) is about."], case)
            if last is not None
            else word["This is the end of the hand: no ruling is recorded for it."]
        )
    if last is None:
        return word[
            "This is the moment asked for (report --moment, or the step shown in the floor console); no "
            "ruling is recorded for this hand."
        ]
    if last.moment == index:
        return fill(
            word[
                "This is the moment asked for (report --moment, or the step shown in the floor console); it "
                "is the moment the last ruling (%1) is about."
            ],
            case,
        )
    return fill(
        word[
            "This is the moment asked for (report --moment, or the step shown in the floor console); the "
            "last ruling (%1) is about step %2."
        ],
        case,
        last.moment,
    )


def _no_options(m: Moment) -> str:
    """Why no one has a legal option at this moment."""
    word = _report_words()
    phase = m.hand.phase if m.hand is not None else "done"
    if phase == "deal":
        return word["None: cards are being dealt, so no one is to act; the dealer deals as the line above says."]
    if phase == "showdown":
        return word["None: it is the showdown; the players show or muck in turn, and no one bets."]
    return word["None: the hand was declared void."] if m.voided() is not None else word["None: the hand is over."]


def _void_words(
    timeline: HandTimeline, decisions: list[list], voided: HandVoided, final: dict[int, int], m: Moment
) -> list[str]:
    """A hand declared void (I-6 misdeal, I-7 fouled deck), as the engine voids it: which rule,
    at which step and confirmed by whom; every ante and bet back to its player; the stacks
    then; and the redeal to the same players."""
    word = _report_words()
    at = next(
        (s for s, d in zip(timeline.steps, decisions, strict=True) if any(isinstance(x, HandVoided) for x in d)), None
    )
    what = word["misdeal"] if voided.reason == "misdeal" else word["fouled deck"]
    lines = [
        fill(
            word["The hand was declared void at step %1: %2 (%3), confirmed by the floor: %4."],
            at.index if at is not None else len(timeline.steps) - 1,
            what,
            ", ".join(voided.rules),
            # (never a name merely claimed: a void not signed by a floor is said to be unsigned)
            shown_floor_name((at.by if at is not None else None) or {}),
        )
    ]
    back = ", ".join(f"{word['seat']} {seat} {m.money(amount)}" for seat, amount in voided.returned)
    lines.append(
        fill(word["No pot was played for: every ante and bet went back to its player: %1."], back)
        if back
        else word["No chips had gone in: none went back."]
    )
    lines.append(
        fill(
            word["Stacks after the void: %1."],
            ", ".join(
                f"{word['seat']} {seat} {m.money(final.get(seat, stack))}" for seat, _name, stack in timeline.seats
            ),
        )
    )
    lines.append(word["The same players are dealt the hand again (the redeal)."])
    return lines


def _decisions(timeline: HandTimeline) -> list[list]:
    """For each step, the decisions it brought (the events with words and rules that were not
    there after the step before): an undo brings none — it takes the last input's back."""
    out: list[list] = []
    before: list = []
    for step in timeline.steps:
        now = list(timeline.moment(step.index).ruling_events)
        out.append(now[len(before) :] if now[: len(before)] == before else [])
        before = now
    return out


def _case_entries(store, timeline: HandTimeline) -> list:
    """This hand's rulings as the floor's cases list them (each with its row's seal)."""
    if store is None:
        return []

    if getattr(store, "moves_no_chips", False):
        found = [x for x in room_entries(store.reader) if x.table_id == store.table_id]
    else:
        found = record_entries(store)
    return [x for x in found if (x.session, x.hand) == (timeline.session, timeline.hand)]


def utc_text(at: str, seconds: bool = False) -> str:
    """A record's time as the report writes every time: ``2026-12-02 21:03:12 UTC`` (one form)."""
    if len(at) < 19:
        return at
    return f"{at[:10]} {at[11:19]}" + (at[19:23] if seconds and at[19:20] == "." else "") + " UTC"


def now_text() -> str:
    from datetime import datetime

    return utc_text(datetime.now(UTC).isoformat(timespec="seconds"))


def _game(game: str) -> str:
    """The game a hand was dealt as (at a mixed table, the hand's own: M-3), in the report's language."""
    return game_words(game)


def _mixed(t) -> str:
    """At a mixed table, its games in their order and how they turn (M-1, M-2); else nothing."""
    if not t.mixed:
        return ""
    games = ", ".join(_game(g) for g in t.games)
    return " (" + fill(translate("Report", "mixed table: %1; %2"), games, rotation_words(t.mix_rotation)) + ")"


def record_verdict(store) -> tuple[str, bool]:
    """The record's check, in words, and whether it failed: the report's first lines (a
    regulator reads first whether the record it is given proves itself)."""
    word = _report_words()
    if store is None:  # a hand from a file: there is no record to prove
        return word["A hand from a file, not from the record: it has no seal."], False
    anchors = store.anchors_path if store.anchors_path is not None and store.anchors_path.is_file() else None
    problems = store.check(anchors=anchors)
    if not problems:
        return word["The record proves itself: every row matches its keyed hash."], False
    return word["The record does NOT prove itself:"] + " " + "; ".join(p.text for p in problems[:5]), True


def _hand_name(timeline: HandTimeline) -> str:
    """A recorded hand's SESSION-HAND; a file's hand, its file and place in it."""
    return f"{timeline.session}-{timeline.hand}" if timeline.session else timeline.source


def _remedy(remedy: str) -> str:
    word = _report_words()
    return {
        "none": word["none (the decision only)"],
        "adjust": word["chips moved between seats"],
        "void": word["the hand voided: every chip back"],
    }.get(remedy, remedy)


def _seal(store, timeline: HandTimeline) -> str | None:
    if store is None:
        return None
    for a in store.seals(timeline.session):
        if a.hand == timeline.hand:
            return seal_code(a.hash)
    return None


def write_report(store, timeline: HandTimeline, out: Path, moment: int | None = None) -> Path:
    """Write the report PDF, every page footed "Page x of y", its hand, its seal and when it
    was generated; OSError if the file cannot be written."""
    index = disputed_moment(timeline, moment)
    generated = now_text()
    doc = QTextDocument()
    doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl("table.png"), table_picture(timeline.moment(index)))
    doc.setHtml(report_html(store, timeline, index, generated, asked=moment is not None))
    out = Path(out)
    if out.exists() and not out.is_file():
        raise OSError(f"{out}: not a file")
    if not out.parent.is_dir():
        raise OSError(f"{out.parent}: no such folder")
    if not _writable(out):
        raise OSError(f"{out}: cannot be written")
    word = _report_words()
    writer = QPdfWriter(str(out))
    writer.setResolution(300)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(15, 15, 15, 15),
            QPageLayout.Unit.Millimeter,
        )
    )
    writer.setTitle(word["Ruling report"])
    writer.setCreator("dealer-app")
    # the document is laid out at the screen's 96 dots an inch (its fonts, its picture's width)
    # and drawn scaled to the writer's: each page's body, then its foot
    scale = writer.resolution() / 96
    page = writer.pageLayout().paintRectPixels(writer.resolution())
    foot = int(12 * writer.resolution() / 25.4)  # 12 mm
    body = QSizeF(page.width() / scale, (page.height() - foot) / scale)
    doc.setPageSize(body)
    keep_together(doc, body.height())
    pages = doc.pageCount()
    seal = _seal(store, timeline) or "—"
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError(f"{out}: the PDF cannot be written")
    try:
        for number in range(pages):
            if number:
                writer.newPage()
            painter.save()
            painter.scale(scale, scale)
            painter.translate(0, -number * body.height())
            # (a line that ends where the page begins was drawn on the page before: the clip
            # starts a little lower, so that its text is not written again, hidden, on this one)
            doc.drawContents(painter, QRectF(0, number * body.height() + 3, body.width(), body.height() - 3))
            painter.restore()
            painter.setFont(QFont("DejaVu Sans", 8))
            footer = "   ·   ".join(
                (
                    fill(word["Page %1 of %2"], number + 1, pages),
                    f"{word['Hand']} {_hand_name(timeline)}",
                    f"{word['Seal']} {seal}",
                    f"{word['Generated']} {generated}",
                )
            )
            painter.drawText(
                QRectF(0, page.height() - foot * 0.7, page.width(), foot * 0.7),
                int(Qt.AlignmentFlag.AlignCenter),
                footer,
            )
    finally:
        painter.end()
    del writer  # the file is complete once the writer is gone
    if not out.is_file() or out.stat().st_size == 0:
        raise OSError(f"{out}: the PDF was not written")
    return out


def keep_together(doc: QTextDocument, page_height: float) -> None:
    """Page breaks where the report wants them: a paragraph of at most a third of a page (a step
    of the timeline and what the rules made of it, a ruling's line) is never split across two
    pages, and a heading (or a block marked KEEP_WITH_NEXT) stays on the page of the block after
    it. (A split paragraph's last line on one page is drawn, clipped away, on the next one too —
    ``QTextLayout.draw`` — so that its words are in the PDF's text twice.)"""
    layout = doc.documentLayout()

    def span(block: QTextBlock) -> tuple[float, float]:
        top = layout.blockBoundingRect(block).top()
        lines = block.layout()
        if lines.lineCount() == 0:
            return top, top
        return top + lines.lineAt(0).y(), top + lines.lineAt(lines.lineCount() - 1).rect().bottom()

    def page(y: float) -> int:
        return int(y // page_height)

    def kept_with_next(block: QTextBlock) -> bool:
        return (
            block.isValid()
            and not in_table(block)
            and (block.blockFormat().headingLevel() > 0 or block.userState() == KEEP_WITH_NEXT)
        )

    def in_table(block: QTextBlock) -> bool:
        return QTextCursor(block).currentTable() is not None

    def break_before(block: QTextBlock) -> None:
        start = block  # (with the blocks kept with it, before it)
        while kept_with_next(start.previous()):
            start = start.previous()
        top = span(start)[0]
        if top - page(top) * page_height < 40:  # at the top of its page already: a break moves nothing
            return
        fmt = start.blockFormat()
        fmt.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
        QTextCursor(start).setBlockFormat(fmt)
        # laid out again, all of it: the layout after a format's change is done lazily, and a
        # table after it kept its place (the pages counted before it, what followed was lost)
        doc.markContentsDirty(0, doc.characterCount())
        doc.pageCount()

    block = doc.begin()
    while block.isValid():
        following = block.next()
        if not in_table(block):
            top, bottom = span(block)
            if (page(top) != page(bottom - 0.5) and bottom - top <= page_height / 3) or (
                kept_with_next(block) and following.isValid() and page(bottom - 0.5) != page(span(following)[0])
            ):
                break_before(block)
        block = following


def _writable(out: Path) -> bool:
    import os

    return os.access(out if out.exists() else out.parent, os.W_OK)
