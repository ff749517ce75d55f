"""The exam's certificate as a PDF (QPdfWriter + QTextDocument): trainee, date, skills, scores,
pass or fail, the pass mark."""

from __future__ import annotations

import html
import os
from datetime import date
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter, QTextDocument

translate = QCoreApplication.translate


def certificate_html(session, trainee: str) -> str:
    e = html.escape
    passed = session.passed()
    from dealer_app.ui.trainer_window import skill_name
    rows = "".join(f"<tr><td>{e(skill_name(skill))}</td><td>{right} / {asked}</td><td>{right / asked * 100:.0f}%</td>"
                   f"<td>{sec:.1f} s</td></tr>" for skill, (right, asked, sec) in sorted(session.by_skill().items()))
    verdict = translate("Training", "PASSED") if passed else translate("Training", "NOT PASSED")
    w = {"title": translate("Training", "Dealer training certificate"), "trainee": translate("Training", "Trainee"),
         "date": translate("Training", "Date"), "exam": translate("Training", "Exam"),
         "what": translate("Training", "drills, Seven Card Stud procedure"), "skill": translate("Training", "Skill"),
         "right": translate("Training", "Right"), "time": translate("Training", "Mean time"),
         "score": translate("Training", "Score"), "mark": translate("Training", "Pass mark")}
    return (f"<h1>{e(w['title'])}</h1>"
            f"<p><b>{e(w['trainee'])}:</b> {e(trainee or '—')}</p>"
            f"<p><b>{e(w['date'])}:</b> {date.today().isoformat()}</p>"
            f"<p><b>{e(w['exam'])}:</b> {len(session.results)} {e(w['what'])}</p>"
            f"<table border='1' cellpadding='4' cellspacing='0'><tr><th>{e(w['skill'])}</th>"
            f"<th>{e(w['right'])}</th><th>%</th><th>{e(w['time'])}</th></tr>{rows}</table>"
            f"<h2>{e(w['score'])}: {session.score() * 100:.0f}% — {e(verdict)}</h2>"
            f"<p>{e(w['mark'])}: {session.pass_mark * 100:.0f}%</p>")


def write_certificate(session, trainee: str, out: Path) -> Path:
    out = Path(out)
    if not out.parent.is_dir():
        raise OSError(f"{out.parent}: no such folder")
    if not os.access(out if out.exists() else out.parent, os.W_OK):
        raise OSError(f"{out}: cannot be written")
    doc = QTextDocument()
    doc.setHtml(certificate_html(session, trainee))
    writer = QPdfWriter(str(out))
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                                     QMarginsF(20, 20, 20, 20), QPageLayout.Unit.Millimeter))
    writer.setTitle(translate("Training", "Dealer training certificate"))
    doc.print_(writer)
    del writer
    return out
