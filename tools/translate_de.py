"""Fill dealer_app/ui/i18n/dealer_app_de.ts with the German texts below, then run
`pyside6-lrelease` on it. Run after `pyside6-lupdate dealer_app/ui/*.py -ts …` (see README).

Kept as a table in code so a reviewer reads every German string in one place; a source text
without a German entry here stays "unfinished" and a test fails.
"""

import sys
import xml.etree.ElementTree as ET

GERMAN = {
    "%1 (table default)": "%1 (Standard des Tischs)",
    "&Edit": "&Bearbeiten",
    "&Four-colour suits": "&Vierfarbige Farben",
    "&Join…": "&Platz nehmen…",
    "&Language": "&Sprache",
    "&Leave…": "&Verlassen…",
    "&Open table…": "Tisch &öffnen…",
    "&Quit": "&Beenden",
    "&Redo": "&Wiederholen",
    "&Seats": "&Plätze",
    "&Start hand": "&Spiel beginnen",
    "&Table": "&Tisch",
    "&Top up…": "&Nachkaufen…",
    "&Undo": "&Rückgängig",
    "ALL-IN": "ALL-IN",
    "All-in %1": "All-in %1",
    "Amount to add": "Betrag zum Nachkaufen",
    "Bet": "Setzen",
    "Bet %1": "Setzen %1",
    "Between hands": "Zwischen zwei Spielen",
    "Bring in": "Bring-in",
    "Bring in %1": "Bring-in %1",
    "Buy-in": "Buy-in",
    "CAPPED": "CAP ERREICHT",
    "Call %1": "Mitgehen %1",
    "Call all-in %1": "All-in mitgehen %1",
    "Check": "Checken",
    "Common card": "Gemeinschaftskarte",
    "Complete to": "Komplettieren auf",
    "Complete to %1": "Komplettieren auf %1",
    "Confirm and start next hand  [Enter]": "Bestätigen, nächstes Spiel  [Enter]",
    "Deal river  [Enter]": "River geben  [Enter]",
    "Dealer": "Dealer",
    "Downcards shown, e.g. ah kd 7c": "Aufgedeckte verdeckte Karten, z. B. ah kd 7c",
    "FOLDED": "GEPASST",
    "Fifth street": "Fünfte Karte",
    "Fold": "Passen",
    "Fourth street": "Vierte Karte",
    "Hand record: %1": "Spielprotokoll: %1",
    "House rules": "Hausregeln",
    "Join": "Platz nehmen",
    "Language": "Sprache",
    "Leave": "Verlassen",
    "Limit table": "Limit-Tisch",
    "Main pot": "Hauptpot",
    "Muck  [Ctrl+M]": "Muck  [Strg+M]",
    "Name": "Name",
    "Open a table": "Einen Tisch öffnen",
    "Open a table (Ctrl+N)": "Einen Tisch öffnen (Strg+N)",
    "Player": "Spieler",
    "Pot %1": "Pot %1",
    "Raise to": "Erhöhen auf",
    "Raise to %1": "Erhöhen auf %1",
    "Raises %1 of %2": "Erhöhungen %1 von %2",
    "Resume table": "Tisch fortsetzen",
    "Rules: %1": "Regeln: %1",
    "Rulings": "Entscheidungen",
    "SITTING OUT": "SETZT AUS",
    "Se&ttings": "&Einstellungen",
    "Seat": "Platz",
    "Seat %1": "Platz %1",
    "Seventh street": "Siebte Karte (River)",
    "Show  [Enter]": "Zeigen  [Enter]",
    "Side pot %1": "Sidepot %1",
    "Sit &out / sit in…": "&Aussetzen / wieder einsteigen…",
    "Sit out / sit in": "Aussetzen / wieder einsteigen",
    "Sixth street": "Sechste Karte",
    "Start hand  [Enter]": "Spiel beginnen  [Enter]",
    "Stub %1": "Stapel %1",
    "Stud Dealer Assistant": "Stud-Dealer-Assistent",
    "System language": "Systemsprache",
    "TO ACT": "AM ZUG",
    "Table %1 (%2), opened %3, did not close. Resume it where it stopped?":
        "Tisch %1 (%2), geöffnet %3, wurde nicht geschlossen. Dort fortsetzen, wo er stehen blieb?",
    "The language changes at the next start.": "Die Sprache wechselt beim nächsten Start.",
    "Third street": "Dritte Karte",
    "Top up": "Nachkaufen",
    "Card: kd, 10h, th": "Karte: kd, 10h, th",
    "seat %1: %2": "Platz %1: %2",
    "%1: %2 (seats %3)": "%1: %2 (Plätze %3)",
    "%1 — %2, ante %3, bring-in %4, buy-in %5": "%1 — %2, Ante %3, Bring-in %4, Buy-in %5",
    "low": "Low",
    # engine sentences (context "Phrases")
    "Seat %1 brings in: lowest door card, %2": "Platz %1 bringt den Bring-in: niedrigste Door Card, %2",
    "Seat %1 acts first: the bring-in": "Platz %1 beginnt: der Bring-in",
    "Seat %1 acts first: %2 showing": "Platz %1 beginnt: höchstes offenes Blatt (%2)",
    "Seat %1 acts first: %2 showing; tie: nearest the dealer's left":
        "Platz %1 beginnt: höchstes offenes Blatt (%2); Gleichstand: nächster links vom Dealer",
    "Seat %1 (%2) to act": "Platz %1 (%2) ist am Zug",
    "Seat %1 (%2): door card": "Platz %1 (%2): Door Card",
    "Seat %1 (%2): upcard": "Platz %1 (%2): offene Karte",
    "Seat %1 shows first": "Platz %1 zeigt zuerst",
    "Seat %1: show or muck": "Platz %1: zeigen oder muck",
    "Seat %1 folds": "Platz %1 passt",
    "Seat %1 checks": "Platz %1 checkt",
    "Seat %1 calls %2": "Platz %1 geht mit %2",
    "Seat %1 antes %2": "Platz %1 zahlt Ante %2",
    "Seat %1 calls %2 all-in": "Platz %1 geht all-in mit %2",
    "Seat %1 brings in for %2": "Platz %1 bringt den Bring-in %2",
    "Seat %1 completes to %2": "Platz %1 komplettiert auf %2",
    "Seat %1 bets %2": "Platz %1 setzt %2",
    "Seat %1 raises to %2": "Platz %1 erhöht auf %2",
    "Seat %1 goes all-in for %2": "Platz %1 geht all-in für %2",
    "two cards down and one up to each player": "jedem Spieler zwei verdeckte und eine offene Karte",
    "Burn one card, then two cards down and one up to each player":
        "Eine Karte verbrennen, dann jedem Spieler zwei verdeckte und eine offene Karte",
    "Burn one card, then one card up to each of the %1 players":
        "Eine Karte verbrennen, dann jedem der %1 Spieler eine offene Karte",
    "Burn one card, then one card down to each of the %1 players":
        "Eine Karte verbrennen, dann jedem der %1 Spieler eine verdeckte Karte",
    "Uncalled %1 returned to seat %2": "Nicht gehaltener Einsatz %1 zurück an Platz %2",
    "Seat %1 mucks": "Platz %1 wirft die Karten weg (Muck)",
    "Deal the river: one card down to each player": "River geben: jedem Spieler eine verdeckte Karte",
    "Push the pots and confirm": "Pots auszahlen und bestätigen",
    "Start the next hand": "Nächstes Spiel beginnen",
    "Between hands: start hand %1 when the table is ready":
        "Zwischen zwei Spielen: Spiel %1 beginnen, sobald der Tisch bereit ist",
    "Confirm the awards  [Enter]": "Auszahlung bestätigen  [Enter]",
    "Start hand %1  [Enter]": "Spiel %1 beginnen  [Enter]",
    "&Resume table…": "Tisch &fortsetzen…",
    "&Close table": "Tisch &schließen",
    "Hand in progress": "Spiel läuft",
    "Hand %1 is not finished. %2 anyway? The hand stays in the record as it is.":
        "Spiel %1 ist nicht beendet. Trotzdem: %2? Das Spiel bleibt so im Protokoll, wie es ist.",
    "Open another table": "Einen anderen Tisch öffnen",
    "Resume another table": "Einen anderen Tisch fortsetzen",
    "Close the table": "Den Tisch schließen",
    "Close table": "Tisch schließen",
    "Close this table? It is no longer offered to resume.":
        "Diesen Tisch schließen? Er wird dann nicht mehr zum Fortsetzen angeboten.",
    "Quit": "Beenden",
    "Best so far: %1 — %2": "Bisher beste Hand: %1 — %2",
    "Best low so far: %1 — %2": "Bisher bestes Low: %1 — %2",
    "WINS %1": "GEWINNT %1",
    "%1 — %2, ante %3, bring-in %4 · %5": "%1 — %2, Ante %3, Bring-in %4 · %5",
    "Main pot %1: push to %2": "Hauptpot %1: auszahlen an %2",
    "Side pot %1 %2: push to %3": "Nebenpot %1 %2: auszahlen an %3",
    "Capped: %1 raises of %2; call or fold": "Cap erreicht: %1 von %2 Erhöhungen; mitgehen oder passen",
    "Raises %1 of %2, and raising goes on: two players left, no cap heads-up":
        "Erhöhungen %1 von %2, und es darf weiter erhöht werden: zwei Spieler, heads-up gilt kein Cap",
    "The all-in was less than a full raise: betting is not reopened for seat %1, who has acted; call or fold":
        "Das All-in war weniger als eine volle Erhöhung: für Platz %1, der schon gehandelt hat, ist nicht wieder "
        "eröffnet; mitgehen oder passen",
    "The all-in was less than a full raise, but seat %1 has not acted on the bet before it: a raise is open":
        "Das All-in war weniger als eine volle Erhöhung, aber Platz %1 hat auf den Einsatz davor noch nicht "
        "gehandelt: Erhöhen ist möglich",
    "seat %1": "Platz %1",
    "%1 %2 → %3": "%1 %2 → %3",
    "Bring in %1–%2": "Bring-in %1–%2",
    "Bet %1–%2": "Setzen %1–%2",
    "Raise to %1–%2": "Erhöhen auf %1–%2",
    "Complete to %1–%2": "Komplettieren auf %1–%2",
    "Ctrl+Z undo · Ctrl+Shift+Z redo": "Strg+Z rückgängig · Strg+Umschalt+Z wiederholen",
    "Type the card (kd, 10h, th) or a whole street — no Enter needed · %1":
        "Karte tippen (kd, 10h, th) oder eine ganze Runde — ohne Enter · %1",
    "Keys: %1%2 · %3": "Tasten: %1%2 · %3",
    " · for an amount: its key, the digits, Enter": " · für einen Betrag: seine Taste, die Ziffern, Enter",
    "Type the downcards shown: the hand shows when all are typed · Ctrl+M muck · %1":
        "Gezeigte verdeckte Karten tippen: die Hand gilt als gezeigt, sobald alle getippt sind · Strg+M Muck · %1",
    "Enter: %1 · %2": "Enter: %1 · %2",
    "Seats menu: join, top up, sit out, leave": "Menü Plätze: Platz nehmen, nachkaufen, aussetzen, verlassen",
    "%1 — %2": "%1 — %2",
    "Amount to add (%1)": "Betrag zum Nachkaufen (%1)",
    "Buy-in (%1)": "Buy-in (%1)",
    "%1 is not an amount of money (%2)": "%1 ist kein Geldbetrag (%2)",
    "Hand record: %1 (see the warning at start)": "Spielprotokoll: %1 (siehe die Warnung beim Start)",
    "Hand record": "Spielprotokoll",
    "Resume a table": "Einen Tisch fortsetzen",
    "These tables did not close. Resume one where it stopped, or close it.":
        "Diese Tische wurden nicht geschlossen. Setzen Sie einen dort fort, wo er stand, oder schließen Sie ihn.",
    "&Resume": "&Fortsetzen",
    "&New table instead": "Stattdessen &neuer Tisch",
    "%1 (%2), opened %3 — cannot be resumed: %4": "%1 (%2), geöffnet %3 — kann nicht fortgesetzt werden: %4",
    "%1 (%2) — %3 — hand %4, %5 — last input at %6": "%1 (%2) — %3 — Spiel %4, %5 — letzte Eingabe um %6",
    "Close %1 for good? Its hands stay in the record, but it is no longer offered to resume.":
        "%1 endgültig schließen? Seine Spiele bleiben im Protokoll, aber er wird nicht mehr zum Fortsetzen angeboten.",
    "between hands": "zwischen zwei Spielen",
    "awards": "Auszahlung",
    "showdown": "Showdown",
    "third street": "dritte Karte",
    "fourth street": "vierte Karte",
    "fifth street": "fünfte Karte",
    "sixth street": "sechste Karte",
    "seventh street": "siebte Karte (River)",
}


def main(path="dealer_app/ui/i18n/dealer_app_de.ts") -> int:
    tree = ET.parse(path)
    root = tree.getroot()
    root.set("language", "de_DE")
    missing = []
    for message in root.iter("message"):
        source = message.find("source").text
        translation = message.find("translation")
        if source in GERMAN:
            translation.text = GERMAN[source]
            translation.attrib.pop("type", None)
        else:
            missing.append(source)
    tree.write(path, encoding="utf-8", xml_declaration=True)
    for m in missing:
        print(f"no German text for: {m!r}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
