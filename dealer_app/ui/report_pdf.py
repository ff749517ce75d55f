"""The ruling report: one recorded hand as a PDF for the file (QPdfWriter + QTextDocument).

The table, its limits and profile, the players and their stacks, every row of the hand's
timeline, the table drawn as it stood at the disputed moment, the legal options then, the
texts of the rules cited (in the UI's language), each ruling with who made it, the hand's
seal and whether the record proves itself. Read back by the tests with ``pdftotext``.
"""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QMarginsF, QSize, QUrl
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter, QTextDocument

from dealer_app.engine.catalog import rule_texts
from dealer_app.floor.timeline import HandTimeline, Moment
from dealer_app.history.chain import seal_code
from dealer_app.ui.rulings import rule_html
from dealer_app.ui.words import choice_words, language, say, step_text, table_title

translate = QCoreApplication.translate


def _report_words() -> dict[str, str]:
    """Every label of the report, in the UI's language (each a literal for lupdate)."""
    return {
        'A hand from a file, not from the record: it has no seal.':
            translate("Report", "A hand from a file, not from the record: it has no seal."),
        'Burns': translate("Report", "Burns"),
        'Camera / time reference': translate("Report", "Camera / time reference"),
        'Decision': translate("Report", "Decision"),
        'Facts': translate("Report", "Facts"),
        'Hand': translate("Report", "Hand"),
        'Legal options then': translate("Report", "Legal options then"),
        'Limits': translate("Report", "Limits"),
        'No ruling is recorded for this hand.': translate("Report", "No ruling is recorded for this hand."),
        'Player': translate("Report", "Player"),
        'Players': translate("Report", "Players"),
        'Pots': translate("Report", "Pots"),
        'Profile': translate("Report", "Profile"),
        'Record': translate("Report", "Record"),
        'Remedy': translate("Report", "Remedy"),
        'Rules': translate("Report", "Rules"),
        'Rules cited': translate("Report", "Rules cited"),
        'Ruling': translate("Report", "Ruling"),
        'Ruling report': translate("Report", "Ruling report"),
        'Rulings': translate("Report", "Rulings"),
        'Seal': translate("Report", "Seal"),
        'Seat': translate("Report", "Seat"),
        'Stack at the start': translate("Report", "Stack at the start"),
        'Stack at this moment': translate("Report", "Stack at this moment"),
        'Stub': translate("Report", "Stub"),
        'Table': translate("Report", "Table"),
        'The record': translate("Report", "The record"),
        'The record does NOT prove itself:': translate("Report", "The record does NOT prove itself:"),
        'The record proves itself: every row matches its keyed hash.':
            translate("Report", "The record proves itself: every row matches its keyed hash."),
        'The rules cited': translate("Report", "The rules cited"),
        'The table at the disputed moment': translate("Report", "The table at the disputed moment"),
        'Timeline': translate("Report", "Timeline"),
        'Witnesses': translate("Report", "Witnesses"),
        'ante': translate("Report", "ante"),
        'at step': translate("Report", "at step"),
        'bring-in': translate("Report", "bring-in"),
        'by': translate("Report", "by"),
        'chips moved between seats': translate("Report", "chips moved between seats"),
        'none (the decision only)': translate("Report", "none (the decision only)"),
        'none: the hand has not ended': translate("Report", "none: the hand has not ended"),
        'seat': translate("Report", "seat"),
        'seats': translate("Report", "seats"),
        'step': translate("Report", "step"),
        'the hand voided: every chip back': translate("Report", "the hand voided: every chip back"),
    }


def disputed_moment(timeline: HandTimeline, moment: int | None) -> int:
    """The moment the report shows: the one asked for, else the last ruling's, else the end."""
    if moment is not None:
        return max(0, min(moment, len(timeline.steps) - 1))
    rulings = timeline.rulings()
    return rulings[-1].moment if rulings else len(timeline.steps) - 1


def table_picture(m: Moment, size: QSize | None = None):
    """The table view the dealer uses, drawn at this moment (offscreen)."""
    size = size or QSize(760, 560)
    from dealer_app.ui.qt_bridge import ControllerBridge
    from dealer_app.ui.table_view import TableView
    bridge = ControllerBridge(m)
    view = TableView(bridge)
    view.resize(size)
    picture = view.grab().toImage()
    view.deleteLater()
    return picture


def report_html(store, timeline: HandTimeline, index: int) -> str:
    W = _report_words()
    m = timeline.moment(index)
    session = m.session
    assert session is not None and m.hand is not None
    t, currency = session.table, session.table.currency
    e = html.escape
    seal = _seal(store, timeline)
    verdict, failed = record_verdict(store)
    colour = "#b00020" if failed else "#1b5e20"
    parts = [f"<h1>{e(W['Ruling report'])}</h1>",
             f"<p style='color:{colour}; font-weight:bold'>{e(W['The record'])}: {e(verdict)}</p>",
             f"<p><b>{e(W['Table'])}:</b> {e(table_title(t))} ({e(t.name)}) &nbsp; <b>{e(W['Profile'])}:</b> "
             f"{e(session.profile.name)} &nbsp; <b>{e(W['Hand'])}:</b> {e(_hand_name(timeline))}</p>",
             f"<p><b>{e(W['Limits'])}:</b> {e(W['ante'])} {e(m.money(t.ante))}, {e(W['bring-in'])} "
             f"{e(m.money(t.bring_in))}, {e(m.money(t.small_bet))}/{e(m.money(t.big_bet))} ({e(t.structure)})</p>",
             f"<p><b>{e(W['Seal'])}:</b> {e(seal or W['none: the hand has not ended'])} &nbsp; "
             f"<b>{e(W['Record'])}:</b> {e(str(store.path) if store is not None else timeline.source)}</p>",
             f"<h2>{e(W['Players'])}</h2><table border='1' cellpadding='3' cellspacing='0'>"
             f"<tr><th>{e(W['Seat'])}</th><th>{e(W['Player'])}</th><th>{e(W['Stack at the start'])}</th>"
             f"<th>{e(W['Stack at this moment'])}</th></tr>"]
    now = {v.seat: v.stack for v in m.seats()}
    for seat, name, stack in timeline.seats:
        parts.append(f"<tr><td>{seat}</td><td>{e(name)}</td><td>{e(m.money(stack))}</td>"
                     f"<td>{e(m.money(now.get(seat, stack)))}</td></tr>")
    parts.append("</table>")
    parts.append(f"<h2>{e(W['Timeline'])}</h2><table cellpadding='2' cellspacing='0'>")
    for step in timeline.steps:
        mark = " style='background:#ffe27a'" if step.index == index else ""
        parts.append(f"<tr{mark}><td>{step.index}</td><td>{e(step_text(step, currency))}</td></tr>")
    parts.append("</table>")
    parts.append(f"<h2>{e(W['The table at the disputed moment'])} ({e(W['step'])} {index})</h2>")
    parts.append(f"<p><b>{e(say(m.prompt().subject))}</b></p>")
    parts.append("<p><img src='table.png' width='560'></p>")
    pots = m.pots()
    if pots:
        parts.append("<p>" + e(W['Pots']) + ": " + "; ".join(
            f"{e(m.money(amount))} ({e(W['seats'])} {', '.join(map(str, eligible))})" for amount, eligible in pots)
            + "</p>")
    status = m.status()
    if status:
        parts.append(f"<p>{e(W['Stub'])}: {status['stub']} &nbsp; {e(W['Burns'])}: {status['burns']}</p>")
    cited: list[str] = list(m.prompt().rules)
    choices = m.choices()
    if choices:
        parts.append(f"<h3>{e(W['Legal options then'])}</h3><ul>")
        for c in choices:
            parts.append(f"<li>{e(choice_words(m, c))}</li>")
        parts.append(f"</ul><p>{e(W['Rules'])}: {e(', '.join(m.prompt().rules))}</p>")
    rulings = timeline.rulings()
    parts.append(f"<h2>{e(W['Rulings'])}</h2>")
    if not rulings:
        parts.append(f"<p>{e(W['No ruling is recorded for this hand.'])}</p>")
    for step in timeline.steps:
        r = step.ruling
        if r is None:
            continue
        cited += list(r.rules)
        by = (step.by or {}).get("name", "?")
        chips = ", ".join(f"{W['seat']} {s}: {m.money(a)}" for s, a in sorted(r.chips.items()))
        parts.append(
            f"<p><b>{e(W['Ruling'])}</b> {e(step.at)} — {e(W['by'])} <b>{e(by)}</b> "
            f"({e(W['at step'])} {r.moment})</p><ul>"
            f"<li><b>{e(W['Facts'])}:</b> {e(r.facts)}</li>"
            f"<li><b>{e(W['Rules cited'])}:</b> {e(', '.join(r.rules))}</li>"
            f"<li><b>{e(W['Decision'])}:</b> {e(r.decision)}</li>"
            f"<li><b>{e(W['Remedy'])}:</b> {e(_remedy(r.remedy))}{(' — ' + e(chips)) if chips else ''}</li>"
            f"<li><b>{e(W['Witnesses'])}:</b> {e(r.witnesses or '—')}</li>"
            f"<li><b>{e(W['Camera / time reference'])}:</b> {e(r.camera or '—')}</li></ul>")
    texts = rule_texts(language())
    parts.append(f"<h2>{e(W['The rules cited'])}</h2>")
    for rule in dict.fromkeys(cited):
        if rule in texts:
            parts.append(f"<p><b>{e(rule)}</b> {rule_html(texts[rule])}</p>")  # (its markdown as HTML)
    return "\n".join(parts)


def record_verdict(store) -> tuple[str, bool]:
    """The record's check, in words, and whether it failed: the report's first lines (a
    regulator reads first whether the record it is given proves itself)."""
    W = _report_words()
    if store is None:  # a hand from a file: there is no record to prove
        return W['A hand from a file, not from the record: it has no seal.'], False
    anchors = store.anchors_path if store.anchors_path is not None and store.anchors_path.is_file() else None
    problems = store.check(anchors=anchors)
    if not problems:
        return W['The record proves itself: every row matches its keyed hash.'], False
    return W['The record does NOT prove itself:'] + " " + "; ".join(p.text for p in problems[:5]), True


def _hand_name(timeline: HandTimeline) -> str:
    """A recorded hand's SESSION-HAND; a file's hand, its file and place in it."""
    return f"{timeline.session}-{timeline.hand}" if timeline.session else timeline.source


def _remedy(remedy: str) -> str:
    W = _report_words()
    return {"none": W['none (the decision only)'], "adjust": W['chips moved between seats'],
            "void": W['the hand voided: every chip back']}.get(remedy, remedy)


def _seal(store, timeline: HandTimeline) -> str | None:
    if store is None:
        return None
    for a in store.seals(timeline.session):
        if a.hand == timeline.hand:
            return seal_code(a.hash)
    return None


def write_report(store, timeline: HandTimeline, out: Path, moment: int | None = None) -> Path:
    """Write the report PDF; OSError if the file cannot be written."""
    index = disputed_moment(timeline, moment)
    doc = QTextDocument()
    doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl("table.png"),
                    table_picture(timeline.moment(index)))
    doc.setHtml(report_html(store, timeline, index))
    out = Path(out)
    if out.exists() and not out.is_file():
        raise OSError(f"{out}: not a file")
    if not out.parent.is_dir():
        raise OSError(f"{out.parent}: no such folder")
    if not _writable(out):
        raise OSError(f"{out}: cannot be written")
    writer = QPdfWriter(str(out))
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                                     QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter))
    writer.setTitle(_report_words()["Ruling report"])
    writer.setCreator("dealer-app")
    doc.print_(writer)
    del writer  # the file is complete once the writer is gone
    if not out.is_file() or out.stat().st_size == 0:
        raise OSError(f"{out}: the PDF was not written")
    return out


def _writable(out: Path) -> bool:
    import os
    return os.access(out if out.exists() else out.parent, os.W_OK)
