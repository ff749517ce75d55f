"""Engine sentences in the reader's language.

The engine (Qt-free) explains each decision in English; here the recurring sentence shapes
are matched and rebuilt through Qt's translator, so German readers see German.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication


def _t(text: str) -> str:
    return QCoreApplication.translate("Phrases", text)


# (pattern, translatable template with %1.. for the groups)
PATTERNS = [
    (r"^Seat (\d+) brings in: lowest door card, (\S+)$", "Seat %1 brings in: lowest door card, %2"),
    (r"^Seat (\d+) acts first: the bring-in$", "Seat %1 acts first: the bring-in"),
    (r"^Seat (\d+) acts first: (.+) showing$", "Seat %1 acts first: %2 showing"),
    (r"^Seat (\d+) acts first: (.+) showing; tie: nearest the dealer's left$",
     "Seat %1 acts first: %2 showing; tie: nearest the dealer's left"),
    (r"^Seat (\d+) \((.*)\) to act$", "Seat %1 (%2) to act"),
    (r"^Seat (\d+) \((.*)\): door card$", "Seat %1 (%2): door card"),
    (r"^Seat (\d+) \((.*)\): upcard$", "Seat %1 (%2): upcard"),
    (r"^Seat (\d+) shows first$", "Seat %1 shows first"),
    (r"^Seat (\d+): show or muck$", "Seat %1: show or muck"),
    (r"^Seat (\d+) folds$", "Seat %1 folds"),
    (r"^Seat (\d+) checks$", "Seat %1 checks"),
    (r"^Seat (\d+) calls (\S+)$", "Seat %1 calls %2"),
    (r"^Seat (\d+) calls (\S+) all-in$", "Seat %1 calls %2 all-in"),
    (r"^Seat (\d+) antes (\S+)$", "Seat %1 antes %2"),
    (r"^Seat (\d+) brings in for (\S+)$", "Seat %1 brings in for %2"),
    (r"^Seat (\d+) completes to (\S+)$", "Seat %1 completes to %2"),
    (r"^Seat (\d+) bets (\S+)$", "Seat %1 bets %2"),
    (r"^Seat (\d+) raises to (\S+)$", "Seat %1 raises to %2"),
    (r"^Seat (\d+) (?:brings in for|completes to|bets|raises to) (\S+) all-in$", "Seat %1 goes all-in for %2"),
    (r"^two cards down and one up to each player$", "two cards down and one up to each player"),
    (r"^Burn one card, then two cards down and one up to each player$",
     "Burn one card, then two cards down and one up to each player"),
    (r"^Burn one card, then one card up to each of the (\d+) players$",
     "Burn one card, then one card up to each of the %1 players"),
    (r"^Burn one card, then one card down to each of the (\d+) players$",
     "Burn one card, then one card down to each of the %1 players"),
    (r"^Uncalled (\S+) returned to seat (\d+)$", "Uncalled %1 returned to seat %2"),
    (r"^Seat (\d+) mucks$", "Seat %1 mucks"),
    (r"^Deal the river: one card down to each player$", "Deal the river: one card down to each player"),
    (r"^Push the pots and confirm$", "Push the pots and confirm"),
    (r"^Start the next hand$", "Start the next hand"),
    (r"^Between hands: start hand (\d+) when the table is ready$",
     "Between hands: start hand %1 when the table is ready"),
    (r"^Open a table$", "Open a table"),
    (r"^Main pot (\S+): push to (.+)$", "Main pot %1: push to %2"),
    (r"^Side pot (\d+) (\S+): push to (.+)$", "Side pot %1 %2: push to %3"),
    (r"^Capped: (\d+) raises of (\d+); call or fold$", "Capped: %1 raises of %2; call or fold"),
    (r"^Raises (\d+) of (\d+), and raising goes on: two players left, no cap heads-up$",
     "Raises %1 of %2, and raising goes on: two players left, no cap heads-up"),
    (r"^The all-in was less than a full raise: betting is not reopened for seat (\d+), who has acted; call or fold$",
     "The all-in was less than a full raise: betting is not reopened for seat %1, who has acted; call or fold"),
    (r"^The all-in was less than a full raise, but seat (\d+) has not acted on the bet before it: a raise is open$",
     "The all-in was less than a full raise, but seat %1 has not acted on the bet before it: a raise is open"),
]
_COMPILED = [(re.compile(p), t) for p, t in PATTERNS]


def tr_phrase(text: str) -> str:
    for rx, template in _COMPILED:
        m = rx.match(text)
        if m:
            out = _t(template)
            for i, g in enumerate(m.groups(), 1):
                out = out.replace(f"%{i}", g)
            return out
    return text


def _register_for_lupdate():  # pragma: no cover - only read by pyside6-lupdate
    QCoreApplication.translate("Phrases", "Seat %1 brings in: lowest door card, %2")
    QCoreApplication.translate("Phrases", "Seat %1 acts first: the bring-in")
    QCoreApplication.translate("Phrases", "Seat %1 acts first: %2 showing")
    QCoreApplication.translate("Phrases", "Seat %1 acts first: %2 showing; tie: nearest the dealer's left")
    QCoreApplication.translate("Phrases", "Seat %1 (%2) to act")
    QCoreApplication.translate("Phrases", "Seat %1 (%2): door card")
    QCoreApplication.translate("Phrases", "Seat %1 (%2): upcard")
    QCoreApplication.translate("Phrases", "Seat %1 shows first")
    QCoreApplication.translate("Phrases", "Seat %1: show or muck")
    QCoreApplication.translate("Phrases", "Seat %1 folds")
    QCoreApplication.translate("Phrases", "Seat %1 checks")
    QCoreApplication.translate("Phrases", "Seat %1 calls %2")
    QCoreApplication.translate("Phrases", "Seat %1 calls %2 all-in")
    QCoreApplication.translate("Phrases", "Seat %1 antes %2")
    QCoreApplication.translate("Phrases", "Seat %1 brings in for %2")
    QCoreApplication.translate("Phrases", "Seat %1 completes to %2")
    QCoreApplication.translate("Phrases", "Seat %1 bets %2")
    QCoreApplication.translate("Phrases", "Seat %1 raises to %2")
    QCoreApplication.translate("Phrases", "Seat %1 goes all-in for %2")
    QCoreApplication.translate("Phrases", "two cards down and one up to each player")
    QCoreApplication.translate("Phrases", "Burn one card, then two cards down and one up to each player")
    QCoreApplication.translate("Phrases", "Burn one card, then one card up to each of the %1 players")
    QCoreApplication.translate("Phrases", "Burn one card, then one card down to each of the %1 players")
    QCoreApplication.translate("Phrases", "Uncalled %1 returned to seat %2")
    QCoreApplication.translate("Phrases", "Seat %1 mucks")
    QCoreApplication.translate("Phrases", "Deal the river: one card down to each player")
    QCoreApplication.translate("Phrases", "Push the pots and confirm")
    QCoreApplication.translate("Phrases", "Start the next hand")
    QCoreApplication.translate("Phrases", "Between hands: start hand %1 when the table is ready")
    QCoreApplication.translate("Phrases", "Open a table")
    QCoreApplication.translate("Phrases", "Main pot %1: push to %2")
    QCoreApplication.translate("Phrases", "Side pot %1 %2: push to %3")
    QCoreApplication.translate("Phrases", "Capped: %1 raises of %2; call or fold")
    QCoreApplication.translate("Phrases", "Raises %1 of %2, and raising goes on: two players left, no cap heads-up")
    QCoreApplication.translate("Phrases", "The all-in was less than a full raise: betting is not reopened for seat %1, who has acted; call or fold")  # noqa: E501
    QCoreApplication.translate("Phrases", "The all-in was less than a full raise, but seat %1 has not acted on the bet before it: a raise is open")  # noqa: E501
