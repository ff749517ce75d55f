"""Fill dealer_app/ui/i18n/dealer_app_de.ts with the German texts below, then run
`pyside6-lrelease` on it. Run after `pyside6-lupdate dealer_app/ui/*.py -ts …` (see README).

Kept as a table in code so a reviewer reads every German string in one place; a source text
without a German entry here stays "unfinished" and a test fails.
"""

# --- Glossary: one German word per thing, in the table, the trainer, the floor, the refusals and
# the catalog's German copy (dealer_app/data/STUD_RULES.de.md). Sources: S0 = the online casino's
# Seven Card Stud rules, S1 = the Hi-Lo forum article, S2 = Casinos Austria's rules (encyclopedia);
# "rooms" = what German-speaking card rooms and poker clients say where the sources are silent.
#
#   hand (one deal)          Spiel ("Spiel 3", "zwischen zwei Spielen")                S2
#   hand (the cards)         Hand ("die höchste Hand", "beste Hand")                   S2
#   seat / player            Platz / Spieler                                           S0
#   deal / dealer            geben / Dealer                                            S2, S0
#   third … sixth street     3. Karte … 6. Karte                                       S0 (its limit tables, "4. Karte")
#   seventh street, river    7. Karte (River); the card itself: River                  S0 ("Siebte Karte (River)")
#   street (any one)         Runde ("Nächste Runde", "alle Karten der Runde"); by      S0 ("bei allen folgenden
#                            number: "die 5. Karte", "bei der 4. Karte"                   Karten", "Runden")
#   betting round            Setzrunde                                                 S0
#   upcard / downcard        offene Karte / verdeckte Karte                            S0, S2
#   door card                Door Card                                                 S0 (S2: "Door")
#   bring-in / to bring in   Bring-in / den Bring-in setzen                            S0 ("setzt den Bring-in")
#   complete                 komplettieren                                             rooms (S0 silent)
#   bet / raise              setzen, Einsatz / erhöhen, Erhöhung                       S0, S2
#   call / check / fold      mitgehen / checken / passen                               S0 ("mitgehen (call)")
#   uncalled bet             nicht gecallter Einsatz                                   rooms: the fixed term of
#                            (a fixed term: "mitgehen" stays the action's word;           German hand histories;
#                            "nicht gehalten" is S2's rare verb and reads "not held")     S1 says "callen"
#   all-in / cap / heads-up  All-in / Cap, "Cap erreicht" / Heads-up                   S0, S1, S2
#   acts first / to act      spricht zuerst / am Zug                                   S2 ("spricht … als erster")
#   action                   Aktion ("außer der Reihe")                                rooms (S0 quotes "Action")
#   ante                     Ante                                                      S0, S1, S2
#   pot / main pot           Pot / Hauptpot                                            S0 / rooms
#   side pot                 Sidepot, numbered "1. Sidepot" (its number never runs     S2 ("Side Pot")
#                            into the amount: not "Sidepot 1 0,75 $")
#   to burn / burn cards     brennen / die gebrannten Karten                           S2 ("gebrannt", "die früher
#                                                                                        verbrannten Karten"; S0:
#                                                                                        "Burn Cards")
#   stub                     Reststapel                                                S2
#   deck                     Deck                                                      S0 (S2: "Talon (Deck)")
#   common card              Gemeinschaftskarte                                        S0, S1
#   showdown / show          Showdown / zeigen                                         S0, S2
#   muck                     Muck (the button), mucken ("Platz 3 muckt")               rooms (S2 describes it:
#                                                                                          "verdeckt ablegen")
#   misdeal / fouled deck    Misdeal / fehlerhaftes Deck                               rooms
#   stack / chip             Stack / Chip                                              rooms; S2 "Jetons (Chips)"
#   buy-in                   der Buy-in                                                S0
#   top up                   zukaufen, Zukauf                                          S2 ("Zukauf", "zukauft")
#   sit out / sit in         aussetzen / wieder einsteigen                             rooms
#   join / leave             Platz nehmen / den Tisch verlassen                        rooms
#   high / low               High / Low                                                S1, S2
#   small / big bet          Small Bet / Big Bet; split: unteres / oberes Limit        S0, S2
#   fixed, spread, split     Fixed Limit, Spread Limit, Split Limit (as rooms and      S0, S2 (S0 hyphenates
#                            poker clients write the name, never hyphenated: one form     "Fixed-Limit" in running
#                            in the table's header, the trainer and the catalog)          text)
#   card room                Cardroom (a house profile: "US-Cardroom")                 rooms (the catalog's word)
#   table header             "1-2 $ Seven Card Stud — Fixed Limit, Ante 0,25 $, Bring-in 0,50 $ · US-Cardroom":
#                            the game's and the limit's names are the English ones German rooms use (S0: "Seven
#                            Card Stud", "Fixed-Limit"); the rest is German
#   session                  Sitzung ("Tischsitzung")                                  rooms
#   money                    "0,50 $", "5 €", "1.234,50 €" (ui/words.money)            S0 ("5 $"), S2 ("5 €")
#
# Never: "Türkarte", "Vierte Karte" (a street is "4. Karte"), "Straße" for a street (it is the
# straight), "nicht gehalten", an English "Street" — tests/test_german_glossary.py checks them.
#
# A refusal's template starts lower-case (it is also a part of others); ui/words.error_words
# raises its first letter where the sentence is shown. After a colon a whole sentence starts
# capitalised ("Platz 3 gibt es nicht: Dieser Tisch hat …"), an instruction does not.

import sys
import xml.etree.ElementTree as ET

GERMAN = {
    "%1 (table default)": "%1 (Standard des Tischs)",
    "&Edit": "&Bearbeiten",
    "&Four-colour suits": "&Vierfarbiges Deck",
    "&Join…": "&Platz nehmen…",
    "&Language": "&Sprache",
    "&Leave…": "&Verlassen…",
    "&Open table…": "Tisch &öffnen…",
    "&Quit": "&Beenden",
    "&Redo": "&Wiederholen",
    "&Seats": "&Plätze",
    "&Start hand": "&Spiel beginnen",
    "&Table": "&Tisch",
    "&Top up…": "&Zukaufen…",
    "&Undo": "&Rückgängig",
    "ALL-IN": "ALL-IN",
    "All-in %1": "All-in %1",
    "Amount to add": "Betrag zum Zukaufen",
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
    "Downcards shown, e.g. ah kd 7c": "Gezeigte Karten, z. B. ah kd 7c",
    "FOLDED": "GEPASST",
    "Fifth street": "5. Karte",
    "Fold": "Passen",
    "Fourth street": "4. Karte",
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
    "Setti&ngs": "&Einstellungen",
    "Seat": "Platz",
    "Seat %1": "Platz %1",
    "Seventh street": "7. Karte (River)",
    "Show  [Enter]": "Zeigen  [Enter]",
    "Side pot %1": "%1. Sidepot",
    "Sit &out / sit in…": "&Aussetzen / wieder einsteigen…",
    "Sit out / sit in": "Aussetzen / wieder einsteigen",
    "Sixth street": "6. Karte",
    "Start hand  [Enter]": "Spiel beginnen  [Enter]",
    "Stub %1": "Reststapel %1",
    "Stud Dealer Assistant": "Stud-Dealer-Assistent",
    "System language": "Systemsprache",
    "TO ACT": "AM ZUG",
    "Table %1 (%2), opened %3, did not close. Resume it where it stopped?":
        "Tisch %1 (%2), geöffnet %3, wurde nicht geschlossen. Dort fortsetzen, wo er stehen blieb?",
    "The language changes at the next start.": "Die Sprache wechselt beim nächsten Start.",
    "Third street": "3. Karte",
    "Top up": "Zukaufen",
    "Card: kd, 10h, th": "Karte: dh (Dame), bs (Bube)",  # (longer, it is cut in the card box at 1280x720)
    "seat %1: %2": "Platz %1: %2",
    "%1: %2 (seats %3)": "%1: %2 (Plätze %3)",
    "%1 — %2, ante %3, bring-in %4, buy-in %5": "%1 — %2, Ante %3, Bring-in %4, Buy-in %5",
    "low": "Low",
    "Nothing to undo: seat changes and confirmed awards are final":
        "Nichts rückgängig zu machen: Platzänderungen und bestätigte Auszahlungen sind endgültig",
    "Nothing to undo yet in this hand": "In diesem Spiel gibt es noch nichts rückgängig zu machen",
    "Nothing to redo": "Nichts zu wiederholen",
    # refusals (context "Errors": engine and live/ raise them, ui/words.error_words says them)
    # the record, resuming a table, an unexpected error (history/store.py, live/controller.py, errorlog.py)
    'a limit table and a profile are named by text, not %1 / %2':
        'Limit-Tisch und Profil werden als Text benannt, nicht %1 / %2',
    'the players are a list of (seat, name, buy-in), not %1':
        'die Spieler sind eine Liste aus (Platz, Name, Buy-in), nicht %1',
    '%1: the limit table cannot be read (%2)': '%1: Der Limit-Tisch ist nicht lesbar (%2)',
    'a player is (seat, name, buy-in in cents), not %1': 'ein Spieler ist (Platz, Name, Buy-in in Cent), nicht %1',
    'no table is open': 'kein Tisch ist geöffnet',
    'there is no hand record': 'es gibt kein Spielprotokoll',
    'this table (session %1) is open in another dealer-app window':
        'dieser Tisch (Sitzung %1) ist in einem anderen dealer-app-Fenster geöffnet',
    'session %1 is not an open table in the record': 'Sitzung %1 ist im Protokoll kein offener Tisch',
    'there is no hand record to resume from': 'es gibt kein Spielprotokoll, aus dem fortgesetzt werden kann',
    '%1 is not a table in the record': '%1 ist kein Tisch im Protokoll',
    'session %1 is not an open table in the record (closed, or never opened)':
        'Sitzung %1 ist im Protokoll kein offener Tisch (geschlossen oder nie geöffnet)',
    '%1: the table has no rows in the record (nothing to resume)':
        '%1: Der Tisch hat keine Zeilen im Protokoll (nichts fortzusetzen)',
    '%1: the record does not start with the table': '%1: Das Protokoll beginnt nicht mit dem Tisch',
    '%1: the limit table it was played with cannot be loaded: %2':
        '%1: Der Limit-Tisch, mit dem gespielt wurde, lässt sich nicht laden: %2',
    '%1: the limit table in the record is not readable (%2)': '%1: Der Limit-Tisch im Protokoll ist nicht lesbar (%2)',
    '%1: row %2 (%3) no longer replays: %4': '%1: Zeile %2 (%3) lässt sich nicht mehr nachspielen: %4',
    '%1: no such hand record': '%1: kein solches Spielprotokoll',
    '%1: the record folder cannot be made (%2)': '%1: Der Protokollordner kann nicht angelegt werden (%2)',
    '%1: not a file': '%1: keine Datei',
    '%1: the hand record cannot be written (read-only)':
        '%1: Das Spielprotokoll kann nicht geschrieben werden (schreibgeschützt)',
    '%1: the record folder cannot be written (read-only)':
        '%1: In den Protokollordner kann nicht geschrieben werden (schreibgeschützt)',
    '%1: the hand record cannot be opened (%2)': '%1: Das Spielprotokoll kann nicht geöffnet werden (%2)',
    '%1: an empty file, not a hand record': '%1: eine leere Datei, kein Spielprotokoll',
    '%1: the hand record cannot be read (%2)': '%1: Das Spielprotokoll ist nicht lesbar (%2)',
    '%1: not a hand record (the file is not an SQLite database)':
        '%1: kein Spielprotokoll (die Datei ist keine SQLite-Datenbank)',
    "%1: an SQLite file, but not a hand record (table %2 has the columns %3; a record's are %4)":
        '%1: eine SQLite-Datei, aber kein Spielprotokoll (Tabelle %2 hat die Spalten %3; ein Protokoll hat %4)',
    '%1: the hand record is damaged (%2)': '%1: Das Spielprotokoll ist beschädigt (%2)',
    '%1: not a readable hand record (%2)': '%1: kein lesbares Spielprotokoll (%2)',
    "%1: the record's lock file cannot be made (%2)":
        '%1: Die Sperrdatei des Protokolls kann nicht angelegt werden (%2)',
    '%1: opened read-only, so no table can be held': '%1: Nur zum Lesen geöffnet, daher kann kein Tisch belegt werden',
    '%1: opened read-only, so whose table it is cannot be asked':
        '%1: Nur zum Lesen geöffnet, daher lässt sich nicht fragen, wem der Tisch gehört',
    '%1: session %2: a %3 row is not readable JSON': '%1: Sitzung %2: eine %3-Zeile ist kein lesbares JSON',
    '%1: session %2: a %3 row is not a record row': '%1: Sitzung %2: eine %3-Zeile ist keine Protokollzeile',
    '%1 was an empty file (0 bytes): a new record is kept in it.':
        '%1 war eine leere Datei (0 Bytes): Darin wird ein neues Protokoll geführt.',
    '%1. The file is kept untouched.': '%1. Die Datei bleibt unverändert.',
    'The record continues in %1.': 'Das Protokoll wird in %1 fortgeführt.',
    'A fresh record was opened beside it: %1.': 'Daneben wurde ein neues Protokoll angelegt: %1.',
    'The data folder %1 cannot be written: hands are recorded in %2 for now. Copy that file before the '
    'machine restarts, and fix the data folder.':
        'In den Datenordner %1 kann nicht geschrieben werden: Die Spiele werden vorerst in %2 protokolliert. '
        'Kopieren Sie diese Datei vor dem nächsten Neustart und beheben Sie das Problem mit dem Datenordner.',
    'Unexpected error: %1. The hand record is safe; details are in %2.':
        'Unerwarteter Fehler: %1. Das Spielprotokoll ist sicher; Einzelheiten stehen in %2.',
    'Unexpected error: %1. The hand record is safe.': 'Unerwarteter Fehler: %1. Das Spielprotokoll ist sicher.',
    # a limits file's problems (engine/limits.py)
    'cannot read (%1)': 'nicht lesbar (%1)',
    # an input file refused before it is read (engine/bounded.py)
    'is a folder, not a file': 'ist ein Ordner, keine Datei',
    'is a named pipe (FIFO), not a file; not read': 'ist eine benannte Pipe (FIFO), keine Datei; nicht gelesen',
    'is a socket, not a file; not read': 'ist ein Socket, keine Datei; nicht gelesen',
    'is a device (such as /dev/zero), not a file; not read':
        'ist ein Gerät (wie /dev/zero), keine Datei; nicht gelesen',
    'is not a regular file; not read': 'ist keine gewöhnliche Datei; nicht gelesen',
    'larger than %1, more than such a file can be; not read':
        'größer als %1, mehr als eine solche Datei sein kann; nicht gelesen',
    # a PDF that cannot be written (ui/training_pdf.py)
    'is not a regular file; not written': 'ist keine gewöhnliche Datei; nicht geschrieben',
    'its folder %1 is missing or is a file': 'ihr Ordner %1 fehlt oder ist eine Datei',
    'no permission to write it': 'keine Berechtigung, sie zu schreiben',
    'could not be opened for writing; nothing was written':
        'konnte nicht zum Schreiben geöffnet werden; nichts wurde geschrieben',
    '%1 MB': '%1 MB',
    '%1 KB': '%1 KB',
    '%1 bytes': '%1 Bytes',
    'nested more than %1 levels deep': 'mehr als %1 Ebenen tief verschachtelt',
    'expected a mapping of fields': 'erwartet wird eine Liste von Feldern (Name: Wert)',
    'a field name must be a plain word': 'ein Feldname muss ein einfaches Wort sein',
    'cannot be read (%1)': 'nicht lesbar (%1)',
    'missing': 'fehlt',
    'expected %1, got %2': 'erwartet %1, erhalten %2',
    'must be more than zero, got %1': 'muss größer als null sein, erhalten %1',
    '%1 is not one of %2': '%1 ist keiner von %2',
    'expected a mapping of options': 'erwartet wird eine Liste von Optionen (Name: Wert)',
    'unknown option (known: %1)': 'unbekannte Option (bekannt: %1)',
    'unknown game (known: %1)': 'unbekanntes Spiel (bekannt: %1)',
    '%1 is not true or false': '%1 ist weder true noch false',
    'needs a value for each game: %1': 'braucht einen Wert für jedes Spiel: %1',
    '%1 differs from the file name %2': '%1 weicht vom Dateinamen %2 ab',
    'min and max must be whole numbers with 2 <= min <= max <= 8 (T-1), got %1':
        'min und max müssen ganze Zahlen sein mit 2 <= min <= max <= 8 (T-1), erhalten %1',
    'missing %1': 'es fehlen %1',
    'unknown field (known: %1)': 'unbekanntes Feld (bekannt: %1)',
    'must be 2 to 8 (T-1), got %1': 'muss 2 bis 8 sein (T-1), erhalten %1',
    'unknown house profile %1 (known: %2)': 'unbekanntes Hausregel-Profil %1 (bekannt: %2)',
    'must not be below the smaller limit (%1 < %2 cents reversed)':
        'darf nicht unter dem kleineren Limit liegen (%1 < %2 Cent, vertauscht)',
    'must not exceed the small bet / lower limit (B-3)':
        'darf den Small Bet / das untere Limit nicht übersteigen (B-3)',
    'must not exceed the bring-in (B-1, B-3)': 'darf den Bring-in nicht übersteigen (B-1, B-3)',
    '%1 cents is not a multiple of the smallest chip (%2 cents, T-2)':
        '%1 Cent sind kein Vielfaches des kleinsten Chips (%2 Cent, T-2)',
    'is smaller than one big bet': 'ist kleiner als ein Big Bet',
    'unknown table %1 (known: %2)': 'unbekannter Tisch %1 (bekannt: %2)',
    'seat %1 (%2)': 'Platz %1 (%2)',
    'seat at least two players': 'mindestens zwei Spieler setzen',
    'seats change': 'Plätze ändern sich',
    "a player's name may not contain the control character %1":
        'ein Spielername darf das Steuerzeichen %1 nicht enthalten',
    "a player's name may be at most %1 characters (%2 given)":
        'ein Spielername darf höchstens %1 Zeichen lang sein (%2 angegeben)',
    '%1 must be a whole number, not %2': '%1 muss eine ganze Zahl sein, nicht %2',
    '%1 only between hands: confirm the awards first': '%1 nur zwischen zwei Spielen: zuerst die Auszahlung bestätigen',
    '%1 only between hands: finish the hand first': '%1 nur zwischen zwei Spielen: zuerst das Spiel beenden',
    'players join': 'Spieler nehmen Platz',
    'a seat number': 'eine Platznummer',
    'a buy-in (in cents)': 'ein Buy-in (in Cent)',
    "a player's name must be text, not %1": 'ein Spielername muss Text sein, nicht %1',
    'seat %1 does not exist: this table has seats 1-%2': 'Platz %1 gibt es nicht: Dieser Tisch hat die Plätze 1-%2',
    'seat %1 is taken by %2': 'Platz %1 ist von %2 besetzt',
    "a buy-in of %1 is below the table's %2": 'ein Buy-in von %1 liegt unter dem des Tischs (%2)',
    '%1 is not a whole number of %2 chips': '%1 ist keine ganze Zahl von %2-Chips',
    'seat %1 is already called %2: give another name': 'Platz %1 heißt schon %2: einen anderen Namen geben',
    'chips are added': 'Chips werden zugekauft',
    'a top-up (in cents)': 'ein Zukauf (in Cent)',
    'a top-up must be a positive number of %1 chips': 'ein Zukauf muss eine positive Zahl von %1-Chips sein',
    'after a top-up the stack must reach the buy-in of %1; %2 + %3 does not':
        'nach dem Zukauf muss der Stack den Buy-in von %1 erreichen; %2 + %3 reicht nicht',
    'players sit out or in': 'Spieler setzen aus oder steigen wieder ein',
    'players leave': 'Spieler verlassen den Tisch',
    'nobody sits in seat %1': 'auf Platz %1 sitzt niemand',
    'the current hand has not ended': 'das laufende Spiel ist nicht beendet',
    'confirm the awards of the current hand first': 'zuerst die Auszahlung des laufenden Spiels bestätigen',
    'at least two players with chips are needed to deal': 'zum Geben braucht es mindestens zwei Spieler mit Chips',
    'disk full': 'die Festplatte ist voll',
    'the record is read-only': 'das Protokoll ist schreibgeschützt',
    'the record is locked by another program': 'das Protokoll ist von einem anderen Programm gesperrt',
    'the disk reported an I/O error': 'die Festplatte meldete einen Ein-/Ausgabefehler',
    'the record file is damaged': 'die Protokolldatei ist beschädigt',
    'the hand record cannot be written: %1 — nothing was changed (%2)':
        'das Spielprotokoll kann nicht geschrieben werden: %1 — nichts wurde geändert (%2)',
    'no door card is recorded, so nobody can be named to bring in':
        'keine Door Card erfasst, daher kann niemand für den Bring-in bestimmt werden',
    "unknown card code %1: expected rank and suit, like 'Ah' or '10d'":
        "unbekannte Karte %1: Erwartet werden Rang und Farbe, etwa 'ah' oder '10d'",
    'unknown card code %1: rank %2 is not one of 2-9, T (or 10), J, Q, K, A':
        'unbekannte Karte %1: Rang %2 ist keiner von 2-9, 10 (oder Z, T), B (J), D (Q), K, A',
    'unknown card code %1: suit %2 is not one of c d h s ♣ ♦ ♥ ♠':
        'unbekannte Karte %1: Farbe %2 ist keine von c d h s ♣ ♦ ♥ ♠ (Kreuz, Karo, Herz, Pik)',
    '%1 (at position %2 of %3)': '%1 (an Stelle %2 von %3)',
    'unknown card code %1: an upcard is always seen': 'unbekannte Karte %1: Eine offene Karte ist immer zu sehen',
    'there is no seat %1 in this hand (seats: %2)': 'in diesem Spiel gibt es keinen Platz %1 (Plätze: %2)',
    'card %1 is already seen in this hand (%2)': 'die Karte %1 ist in diesem Spiel schon gesehen (%2)',
    'the common card': 'die Gemeinschaftskarte',
    "seat %1's upcard": 'offene Karte von Platz %1',
    "seat %1's downcard": 'verdeckte Karte von Platz %1',
    'no cards are being dealt now (%1 on street %2)': 'jetzt werden keine Karten gegeben (%1, %2. Karte)',
    'street %1 is a common card: deal it to the middle (D-8)':
        'die %1. Karte ist eine Gemeinschaftskarte: sie offen in die Mitte legen (D-8)',
    'seat %1 has folded and gets no cards': 'Platz %1 hat gepasst und bekommt keine Karten',
    'seat %1 gets the next card, not seat %2': 'Platz %1 bekommt die nächste Karte, nicht Platz %2',
    'street %1 deals %2 card(s) to seat %3, got %4': 'bei der %1. Karte bekommt Platz %3 %2 Karte(n), erhalten: %4',
    "seat %1's upcard must be entered (an upcard is always seen)":
        'die offene Karte von Platz %1 muss eingegeben werden (eine offene Karte ist immer zu sehen)',
    'card %1 entered twice for seat %2': 'Karte %1 für Platz %2 zweimal eingegeben',
    'no common card is due now': 'jetzt ist keine Gemeinschaftskarte fällig',
    'the common card is face up and must be entered': 'die Gemeinschaftskarte liegt offen und muss eingegeben werden',
    'seat %1: the amount %2 is not a whole number of cents': 'Platz %1: Der Betrag %2 ist keine ganze Zahl von Cent',
    'unknown action %1 (known: %2)': 'unbekannte Aktion %1 (bekannt: %2)',
    'seat %1 cannot %2 now: no betting round is open (%3)':
        'Platz %1 kann jetzt nicht %2: Keine Setzrunde ist offen (%3)',
    'seat %1 acted out of turn: seat %2 is to act': 'Platz %1 hat außer der Reihe gesprochen: Platz %2 ist am Zug',
    'seat %1 may not %2 now (legal: %3)': 'Platz %1 darf jetzt nicht %2 (erlaubt: %3)',
    'seat %1 may not %2 to %3: %4': 'Platz %1 darf nicht %2 auf %3: %4',
    '%1 to %2-%3': '%1 auf %2-%3',
    '%1 to %2': '%1 auf %2',
    'seat %1 cannot show: downcards not entered': 'Platz %1 kann nicht zeigen: verdeckte Karten nicht eingegeben',
    'seat %1 has folded and has no hand to turn up': 'Platz %1 hat gepasst und hat keine Hand zum Aufdecken',
    'seat %1 holds %2 cards; %3 turned up': 'Platz %1 hält %2 Karten; %3 aufgedeckt',
    'seat %1 is the last player left and cannot muck':
        'Platz %1 ist der letzte Spieler und kann nicht mucken',
    'there is no showdown now (%1)': 'jetzt ist kein Showdown (%1)',
    'seat %1 is not waiting to show (waiting: %2)': 'Platz %1 wartet nicht aufs Zeigen (es warten: %2)',
    'seat %1 shows %2, which lacks the upcard %3': 'Platz %1 zeigt %2, darin fehlt die offene Karte %3',
    'seat %1 has %2 downcards; %3 given': 'Platz %1 hat %2 verdeckte Karten; %3 angegeben',
    'seat %1 shows a card twice': 'Platz %1 zeigt eine Karte zweimal',
    "seat %1's downcard %2 is not among the cards shown":
        'die verdeckte Karte %2 von Platz %1 ist nicht unter den gezeigten',
    'open a table first': 'zuerst einen Tisch öffnen',
    'start a hand first': 'zuerst ein Spiel beginnen',
    'a card is typed as text (ah, td, 10d), not %1': 'eine Karte wird als Text getippt (ah, zd, 10d), nicht %1',
    'an upcard is always seen: enter its rank and suit':
        'eine offene Karte ist immer zu sehen: Rang und Farbe eingeben',
    'no card is due now (%1)': 'jetzt ist keine Karte fällig (%1)',
    'the river is not due now': 'der River ist jetzt nicht fällig',
    'no action is due now (%1)': 'jetzt ist keine Aktion fällig (%1)',
    '%1 %2–%3: %4 is outside that range': '%1 %2–%3: %4 liegt außerhalb dieses Bereichs',
    'shown cards are typed as text (ah kd 7c), not %1': 'gezeigte Karten werden als Text getippt (ah kd 7c), nicht %1',
    'seat %1 has %2 downcards: %3 typed, %4 more to type':
        'Platz %1 hat %2 verdeckte Karten: %3 getippt, noch %4 zu tippen',
    '%1 is not an amount of money': '%1 ist kein Geldbetrag',
    'Call': 'Mitgehen',
    'fold': 'passen',
    'check': 'checken',
    'call': 'mitgehen',
    'bring in': 'den Bring-in setzen',
    'complete': 'komplettieren',
    'bet': 'setzen',
    'raise': 'erhöhen',
    ' or ': ' oder ',
    "fixed limit": "Fixed Limit", "spread limit": "Spread Limit", "split limit": "Split Limit",
    ("fold", "an action in a list"): "passen", ("check", "an action in a list"): "checken",
    ("call", "an action in a list"): "mitgehen", ("bring_in", "an action in a list"): "Bring-in",
    ("complete", "an action in a list"): "komplettieren", ("bet", "an action in a list"): "setzen",
    ("raise", "an action in a list"): "erhöhen",
    ("deal", "the phase of a hand"): "Geben", ("bet", "the phase of a hand"): "Setzrunde",
    ("showdown", "the phase of a hand"): "Showdown", ("done", "the phase of a hand"): "beendet",
    # engine sentences, deal plans, hand names and prompts (context "Words", ui/words.py)
    'T': '10',
    'J': 'B',
    'Q': 'D',
    'K': 'K',
    'A': 'A',
    'two': 'Zwei',
    'three': 'Drei',
    'four': 'Vier',
    'five': 'Fünf',
    'six': 'Sechs',
    'seven': 'Sieben',
    'eight': 'Acht',
    'nine': 'Neun',
    'ten': 'Zehn',
    'jack': 'Bube',
    'queen': 'Dame',
    'king': 'König',
    'ace': 'Ass',
    'twos': 'Zweien',
    'threes': 'Dreien',
    'fours': 'Vieren',
    'fives': 'Fünfen',
    'sixes': 'Sechsen',
    'sevens': 'Siebenen',
    'eights': 'Achten',
    'nines': 'Neunen',
    'tens': 'Zehnen',
    'jacks': 'Buben',
    'queens': 'Damen',
    'kings': 'Könige',
    'aces': 'Asse',
    'JQKAT': 'BDKAZ',
    'en': 'de',
    'royal flush': 'Royal Flush',
    'straight flush, %1 high': 'Straight Flush, %1 hoch',
    'four of a kind, %1': 'Vierling, %1',
    'full house, %1 full of %2': 'Full House, %1 über %2',
    'flush, %1 high': 'Flush, %1 hoch',
    'straight, %1 high': 'Straße, %1 hoch',
    'three of a kind, %1': 'Drilling, %1',
    'two pair, %1 and %2': 'zwei Paare, %1 und %2',
    'a pair of %1': 'ein Paar %1',
    '%1 high': '%1 hoch',
    '%1 showing': '%1 offen',
    'four %1 showing': 'vier %1 offen',
    'three %1 showing': 'drei %1 offen',
    'two pair showing, %1 and %2': 'zwei Paare offen, %1 und %2',
    'pair of %1 showing': 'ein Paar %1 offen',
    '%1 high showing': '%1 hoch offen',
    '%1 low': '%1 Low',
    'Only %1 left for %2 players: ': 'Nur noch %1 für %2 Spieler: ',
    '1 card': '1 Karte',
    '%1 cards': '%1 Karten',
    'shuffle the %1 burn cards into the stub, burn one, then deal one card down to each player':
        'die %1 gebrannten Karten in den Reststapel mischen, eine Karte brennen, dann jedem Spieler eine verdeckte '
        'Karte geben',
    'shuffle the %1 burn cards into the stub, burn one, then deal one card up to each player':
        'die %1 gebrannten Karten in den Reststapel mischen, eine Karte brennen, dann jedem Spieler eine offene '
        'Karte geben',
    'shuffle the %1 burn cards into the stub, then ': 'die %1 gebrannten Karten in den Reststapel mischen, dann ',
    'deal one card down to each player without a burn': 'jedem Spieler eine verdeckte Karte geben, ohne zu brennen',
    'deal one card up to each player without a burn': 'jedem Spieler eine offene Karte geben, ohne zu brennen',
    'shuffle the %1 burn cards into the stub, then turn one common card face up in the middle':
        'die %1 gebrannten Karten in den Reststapel mischen, dann eine Gemeinschaftskarte offen in die Mitte legen',
    'shuffle the %1 burn cards into the stub. ': 'die %1 gebrannten Karten in den Reststapel mischen. ',
    'Burn one, then one card down to each player': 'Eine Karte brennen, dann jedem Spieler eine verdeckte Karte',
    'Burn one, then one card up to each player': 'Eine Karte brennen, dann jedem Spieler eine offene Karte',
    'Do not burn (the bottom card is never dealt); one card down to each player':
        'Nicht brennen (die unterste Karte wird nie gegeben); jedem Spieler eine verdeckte Karte',
    'Do not burn (the bottom card is never dealt); one card up to each player':
        'Nicht brennen (die unterste Karte wird nie gegeben); jedem Spieler eine offene Karte',
    'Burn one card, then turn one common card face up in the middle':
        'Eine Karte brennen, dann eine Gemeinschaftskarte offen in die Mitte legen',
    'Turn one common card face up in the middle': 'Eine Gemeinschaftskarte offen in die Mitte legen',
    'scramble the %1 burn cards with the stub, cut, burn one, then one card down to each player':
        'die %1 gebrannten Karten mit dem Reststapel vermischen, abheben, eine Karte brennen, dann jedem Spieler '
        'eine verdeckte Karte',
    'scramble the %1 burn cards with the stub, cut, burn one, then one card up to each player':
        'die %1 gebrannten Karten mit dem Reststapel vermischen, abheben, eine Karte brennen, dann jedem Spieler '
        'eine offene Karte',
    'burn one card and turn one common card face up in the middle':
        'eine Karte brennen und eine Gemeinschaftskarte offen in die Mitte legen',
    'Only %1 left: scramble the stub with the %2 burn cards, cut, burn one and turn one common card '
    'face up in the middle':
        'Nur noch %1: den Reststapel mit den %2 gebrannten Karten vermischen, abheben, eine Karte brennen und eine '
        'Gemeinschaftskarte '
        'offen in die Mitte legen',
    'Seat %1 antes %2 and is all-in': 'Platz %1 zahlt Ante %2 und ist All-in',
    'Seat %1 brings in for %2 all-in': 'Platz %1 setzt den Bring-in von %2, All-in',
    'Seat %1 completes to %2 all-in': 'Platz %1 komplettiert auf %2, All-in',
    'Seat %1 bets %2 all-in': 'Platz %1 setzt %2, All-in',
    'Seat %1 raises to %2 all-in': 'Platz %1 erhöht auf %2, All-in',
    'Seat %1 brings in: the lowest door card, %2, belongs to all-in seat %3':
        'Platz %1 setzt den Bring-in: Die niedrigste Door Card, %2, gehört dem All-in-Platz %3',
    ' (door card of seat(s) %1 not recorded)': ' (Door Card von Platz %1 nicht erfasst)',
    'Seat %1 acts first: acted first on sixth street (common card)':
        'Platz %1 spricht zuerst: hat bei der 6. Karte zuerst gesprochen (Gemeinschaftskarte)',
    'Seat %1 acts first: the high hand, seat %2, is all-in':
        'Platz %1 spricht zuerst: Die höchste Hand, Platz %2, ist All-in',
    '; tie broken by the highest card by suit, %1': '; Gleichstand entschieden durch die höchste Karte nach Farbe, %1',
    "; tie: nearest the dealer's left": '; Gleichstand: der Nächste links vom Dealer',
    'Seat %1 acts first: %2': 'Platz %1 spricht zuerst: %2',
    'made the last bet or raise': 'hat zuletzt gesetzt oder erhöht',
    "nobody bet the last round; clockwise from the dealer's left (house option)":
        'in der letzten Runde hat niemand gesetzt; im Uhrzeigersinn ab links vom Dealer (Hausregel)',
    'acted first in the last round, in which nobody bet':
        'hat in der letzten Runde, in der niemand setzte, zuerst gesprochen',
    "no betting took place; clockwise from the dealer's left":
        'es wurde nicht gesetzt; im Uhrzeigersinn ab links vom Dealer',
    'Seat %1 shows first (%2); then %3': 'Platz %1 zeigt zuerst (%2); dann %3',
    'main pot': 'Hauptpot',
    'side pot %1': '%1. Sidepot',
    '%1 %2 to seat %3': '%1 %2 an Platz %3',
    '%1 %2: high %3 to seat(s) %4 (%5), low %6 to seat(s) %7 (%8)':
        '%1 %2: High %3 an Platz %4 (%5), Low %6 an Platz %7 (%8)',
    '%1 %2: no qualifying low; all to seat(s) %3 (%4)': '%1 %2: kein qualifiziertes Low; alles an Platz %3 (%4)',
    '%1 %2 to seat(s) %3 (%4)': '%1 %2 an Platz %3 (%4)',
    '%1. Then press Enter': '%1. Dann Enter drücken',
    'seat %1 (%2) %3': 'Platz %1 (%2) %3',
    'Next street: %1': 'Nächste Runde: %1',
    "Common card %1: every live player's card": 'Gemeinschaftskarte %1: gilt für jeden aktiven Spieler',
    'No betting: fewer than two players have chips': 'Keine Setzrunde: Weniger als zwei Spieler haben Chips',
    'Floor ruling: applied although refused: %1': 'Floor-Entscheidung: angewendet, obwohl abgelehnt: %1',
    'Seat %1 wins %2: everyone else folded; no need to show':
        'Platz %1 gewinnt %2: Alle anderen haben gepasst; kein Zeigen nötig',
    '%1. Enter the common card': '%1. Gemeinschaftskarte eingeben',
    "Seat %1 brings in: lowest door card, %2": "Platz %1 setzt den Bring-in: niedrigste Door Card, %2",
    "Seat %1 acts first: the bring-in": "Platz %1 spricht zuerst: der Bring-in",
    "Seat %1 (%2) to act": "Platz %1 (%2) ist am Zug",
    "Seat %1 (%2): door card": "Platz %1 (%2): Door Card",
    "Seat %1 (%2): upcard": "Platz %1 (%2): offene Karte",
    "Seat %1 shows first": "Platz %1 zeigt zuerst",
    "Seat %1: show or muck": "Platz %1: zeigen oder mucken",
    "Seat %1 folds": "Platz %1 passt",
    "Seat %1 checks": "Platz %1 checkt",
    "Seat %1 calls %2": "Platz %1 geht mit %2",
    "Seat %1 antes %2": "Platz %1 zahlt Ante %2",
    "Seat %1 calls %2 all-in": "Platz %1 geht mit %2, All-in",
    "Seat %1 brings in for %2": "Platz %1 setzt den Bring-in von %2",
    "Seat %1 completes to %2": "Platz %1 komplettiert auf %2",
    "Seat %1 bets %2": "Platz %1 setzt %2",
    "Seat %1 raises to %2": "Platz %1 erhöht auf %2",
    "two cards down and one up to each player": "Jedem Spieler zwei verdeckte und eine offene Karte",
    "Burn one card, then two cards down and one up to each player":
        "Eine Karte brennen, dann jedem Spieler zwei verdeckte und eine offene Karte",
    "Burn one card, then one card up to each of the %1 players":
        "Eine Karte brennen, dann jedem der %1 Spieler eine offene Karte",
    "Burn one card, then one card down to each of the %1 players":
        "Eine Karte brennen, dann jedem der %1 Spieler eine verdeckte Karte",
    "Uncalled %1 returned to seat %2": "Nicht gecallter Einsatz: %1 zurück an Platz %2",
    "Seat %1 mucks": "Platz %1 muckt",
    "Deal the river: one card down to each player": "River geben: jedem Spieler eine verdeckte Karte",
    "Push the pots and confirm": "Pots auszahlen und bestätigen",
    "Between hands: start hand %1 when the table is ready":
        "Zwischen zwei Spielen: Spiel %1 beginnen, sobald der Tisch bereit ist",
    "Confirm the awards  [Enter]": "Auszahlung bestätigen  [Enter]",
    "Start hand %1  [Enter]": "Spiel %1 beginnen  [Enter]",
    "&Resume table…": "Tisch &fortsetzen…",
    "&Close table": "Tisch &schließen",
    "Hand in progress": "Spiel läuft",
    "Hand %1 is not finished. %2 anyway? The hand stays in the record as it is.":
        "Spiel %1 ist nicht beendet. Trotzdem „%2“? Das Spiel bleibt so im Protokoll, wie es ist.",
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
    "Side pot %1 %2: push to %3": "%1. Sidepot %2: auszahlen an %3",
    "Capped: %1 raises of %2; call or fold": "Cap erreicht: %1 von %2 Erhöhungen; mitgehen oder passen",
    "Raises %1 of %2, and raising goes on: two players left, no cap heads-up":
        "Erhöhungen %1 von %2, und es darf weiter erhöht werden: zwei Spieler übrig, im Heads-up gilt kein Cap",
    "The all-in was less than a full raise: betting is not reopened for seat %1, who has acted; call or fold":
        "Das All-in war weniger als eine volle Erhöhung: Für Platz %1, der schon gesprochen hat, ist die Setzrunde "
        "nicht wieder eröffnet; mitgehen oder passen",
    "The all-in was less than a full raise, but seat %1 has not acted on the bet before it: a raise is open":
        "Das All-in war weniger als eine volle Erhöhung, aber Platz %1 hat auf den Einsatz davor noch nicht "
        "gesprochen: Erhöhen ist möglich",
    "seat %1": "Platz %1",
    "%1 %2 → %3": "%1 %2 → %3",
    "Bring in %1–%2": "Bring-in %1–%2",
    "Bet %1–%2": "Setzen %1–%2",
    "Raise to %1–%2": "Erhöhen auf %1–%2",
    "Complete to %1–%2": "Komplettieren auf %1–%2",
    "Ctrl+Z undo · Ctrl+Shift+Z redo": "Strg+Z rückgängig · Strg+Umschalt+Z wiederholen",
    "Type the card (kd, 10h, th) or a whole street — no Enter needed · %1":
        "Karte tippen (kd, 10h, dh) oder alle Karten der Runde — ohne Enter · %1",
    "Keys: %1%2 · %3": "Tasten: %1%2 · %3",
    " · for an amount: its key, the digits, Enter": " · für einen Betrag: seine Taste, die Ziffern, Enter",
    "Type the downcards shown: the hand shows when all are typed · Ctrl+M muck · %1":
        "Gezeigte verdeckte Karten tippen: Die Hand gilt als gezeigt, sobald alle getippt sind · "
        "Strg+M Muck · %1",
    "Enter: %1 · %2": "Enter: %1 · %2",
    "Seats menu: join, top up, sit out, leave": "Menü Plätze: Platz nehmen, zukaufen, aussetzen, verlassen",
    "%1 — %2": "%1 — %2",
    "Amount to add (%1)": "Betrag zum Zukaufen (%1)",
    "Buy-in (%1)": "Buy-in (%1)",
    "%1 is not an amount of money (%2)": "%1 ist kein Geldbetrag (%2)",
    "Hand record: %1 (see the warning at start)": "Spielprotokoll: %1 (siehe die Warnung beim Start)",
    "Hand record": "Spielprotokoll",
    "Resume a table": "Einen Tisch fortsetzen",
    "These tables did not close. Resume one where it stopped, or close it.":
        "Diese Tische wurden nicht geschlossen. Setzen Sie einen dort fort, wo er stand, oder schließen Sie ihn.",
    "&Resume": "&Fortsetzen",
    "&New table instead": "&Neuen Tisch öffnen",
    "%1 (%2), opened %3 — cannot be resumed: %4": "%1 (%2), geöffnet %3 — kann nicht fortgesetzt werden: %4",
    "%1 (%2) — %3 — hand %4, %5 — last input at %6": "%1 (%2) — %3 — Spiel %4, %5 — letzte Eingabe um %6",
    "Close %1 for good? Its hands stay in the record, but it is no longer offered to resume.":
        "%1 endgültig schließen? Seine Spiele bleiben im Protokoll, aber er wird nicht mehr zum Fortsetzen angeboten.",
    "between hands": "zwischen zwei Spielen",
    "awards": "Auszahlung",
    "showdown": "Showdown",
    "third street": "3. Karte",
    "fourth street": "4. Karte",
    "fifth street": "5. Karte",
    "sixth street": "6. Karte",
    "seventh street": "7. Karte (River)",
    # --- issue 12: the record proves itself, irregularities, the floor -------------------------
    "enter the card (%1)": "die Karte eingeben (%1)",
    "%1 is not an irregularity the table reports (%2)": "%1 ist keine Unregelmäßigkeit, die der Tisch meldet (%2)",
    "a floor act needs the floor's name and PIN": "eine Floor-Handlung braucht den Namen und die PIN des Floors",
    "the floor voided this hand (%1): only a floor ruling changes that (I-3)":
        "der Floor hat dieses Spiel für ungültig erklärt (%1): Nur eine Entscheidung des Floors ändert das (I-3)",
    "the record's key cannot be used: %1": "der Schlüssel des Protokolls ist nicht verwendbar: %1",
    "%1: this record was written with another key (%2), not this machine's (%3): it is left as it is, so that its "
    "rows stay provable":
        "%1: Dieses Protokoll wurde mit einem anderen Schlüssel (%2) geschrieben, nicht mit dem dieses Rechners (%3): "
        "Es bleibt unverändert, damit seine Zeilen beweisbar bleiben",
    "%1: the record was opened to read only: nothing is written to it":
        "%1: Das Protokoll ist nur zum Lesen geöffnet: Es wird nichts hineingeschrieben",
    "the seal %1 is in the record, but the anchors file %2 cannot be written (%3)":
        "das Siegel %1 steht im Protokoll, aber die Ankerdatei %2 kann nicht geschrieben werden (%3)",
    "%1: an older record whose row %2 no longer matches its hash: it is not upgraded, and is left as it was":
        "%1: ein älteres Protokoll, dessen Zeile %2 nicht mehr zu ihrem Hash passt: Es wird nicht umgestellt und "
        "bleibt, wie es war",
    "an exposed downcard (I-1) is entered as seat %1's door card, when it is due on third street; later, the floor "
    "decides (I-3)":
        "eine aufgedeckte verdeckte Karte (I-1) wird als Door Card von Platz %1 eingegeben, wenn diese bei der 3. "
        "Karte an der Reihe ist; später entscheidet der Floor (I-3)",
    "a card dealt too early (I-2) is reported during the betting of third to sixth street, not now (%1 on street %2)":
        "eine zu früh gegebene Karte (I-2) wird während der Setzrunde der 3. bis 6. Karte gemeldet, nicht jetzt "
        "(%1, %2. Karte)",
    "the deck is short for street %1 (D-7): the floor decides how to deal it (I-3)":
        "für die %1. Karte reichen die Karten nicht (D-7): Der Floor entscheidet, wie sie gegeben wird (I-3)",
    "a wrong bring-in (I-4) is corrected during third street's betting":
        "ein falscher Bring-in (I-4) wird während der Setzrunde der 3. Karte berichtigt",
    "the player after the bring-in has acted: the bring-in stands (I-4); the floor decides about the card (I-3)":
        "der Spieler nach dem Bring-in hat gesprochen: Der Bring-in bleibt (I-4); über die Karte entscheidet der Floor "
        "(I-3)",
    "no betting round is open (%1)": "keine Setzrunde ist offen (%1)",
    "it is seat %1's turn: that is not out of turn": "Platz %1 ist am Zug: Das ist nicht außer der Reihe",
    "seat %1 has no action in this round": "Platz %1 hat in dieser Runde keine Aktion",
    "unknown action %1": "unbekannte Aktion %1",
    "substantial action has taken place: the hand plays on, not a misdeal (I-6); the floor decides (I-3)":
        "es gab wesentliche Aktion: Das Spiel geht weiter, kein Misdeal (I-6); der Floor entscheidet (I-3)",
    "the hand is over: after the awards, the floor decides (I-3)":
        "das Spiel ist vorbei: Nach der Auszahlung entscheidet der Floor (I-3)",
    "the floor PIN needs at least %1 characters": "die Floor-PIN braucht mindestens %1 Zeichen",
    "the floor PIN is already set": "die Floor-PIN ist schon festgelegt",
    "no floor PIN is set yet: set one first": "es ist noch keine Floor-PIN festgelegt: zuerst eine festlegen",
    "%1: the floor PIN file cannot be read": "%1: Die Datei der Floor-PIN kann nicht gelesen werden",
    "wrong floor PIN": "falsche Floor-PIN",
    "the ruling's %1 is not plain text of at most %2 characters":
        "%1 der Entscheidung ist kein einfacher Text von höchstens %2 Zeichen",
    "a ruling needs its decision": "eine Entscheidung braucht ihren Beschluss",
    "a ruling needs the facts": "eine Entscheidung braucht den Sachverhalt",
    "a ruling cites the catalog's rule IDs (I-3, A-1 …); not known: %1":
        "eine Entscheidung nennt Regelnummern des Katalogs (I-3, A-1 …); unbekannt: %1",
    "the remedy is one of %1, not %2": "die Abhilfe ist eine von %1, nicht %2",
    "chips move between the hand's seats (%1)": "Chips gehen zwischen den Plätzen des Spiels (%1)",
    "the chips moved must add up to zero (they add up to %1)":
        "die bewegten Chips müssen zusammen null ergeben (sie ergeben %1)",
    "a ruling that moves chips has the remedy adjust":
        "eine Entscheidung, die Chips bewegt, hat die Abhilfe »Chips bewegen« (adjust)",
    "hand %1-%2 has not ended: it is voided at the table (I-6, I-7)":
        "Spiel %1-%2 ist nicht zu Ende: Es wird am Tisch für ungültig erklärt (I-6, I-7)",
    "the moment %1 is not on the hand's timeline (0–%2)": "der Zeitpunkt %1 liegt nicht im Ablauf des Spiels (0–%2)",
    "table session %1 is being dealt in another window: a ruling that moves chips is made at that table":
        "an Tischsitzung %1 wird in einem anderen Fenster gegeben: Eine Entscheidung, die Chips bewegt, wird an "
        "diesem Tisch getroffen",
    "table session %1 has a hand open: chips move between hands":
        "an Tischsitzung %1 läuft ein Spiel: Chips werden zwischen zwei Spielen bewegt",
    "%1: table session %2 has no hand %3": "%1: Tischsitzung %2 hat kein Spiel %3",
    "%1: hand %2-%3 no longer replays: %4": "%1: Spiel %2-%3 lässt sich nicht mehr nachspielen: %4",
    "Floor — %1": "Floor — %1",
    "e.g. 20": "z. B. 20",
    "Table": "Tisch",
    "Player or seat": "Spieler oder Platz",
    "From": "Von",
    "To": "Bis",
    "Pot at least": "Pot mindestens",
    "Had an undo": "Mit Rückgängig",
    "Had an irregularity or ruling": "Mit Unregelmäßigkeit oder Entscheidung",
    "Hand": "Spiel",
    "Started": "Begonnen",
    "Players": "Spieler",
    "Pot": "Pot",
    "Marks": "Vermerke",
    "%1 undo(s)": "%1× rückgängig",
    "%1 irregularity(ies)": "%1 Unregelmäßigkeit(en)",
    "%1 ruling(s)": "%1 Entscheidung(en)",
    "open": "offen",
    "%1 of %2 hands": "%1 von %2 Spielen",
    "Floor": "Floor",
    "Downcards as shown at the end": "Verdeckte Karten, wie am Ende gezeigt",
    "What if…": "Was wäre, wenn…",
    "Rule…": "Entscheiden…",
    "Print report…": "Bericht drucken…",
    "Verify record": "Protokoll prüfen",
    "Hand %1, step %2 of %3": "Spiel %1, Schritt %2 von %3",
    "Pots": "Pots",
    "Save the ruling report": "Den Entscheidungsbericht speichern",
    "PDF (*.pdf)": "PDF (*.pdf)",
    "The report cannot be written: %1": "Der Bericht kann nicht geschrieben werden: %1",
    "Report written: %1": "Bericht geschrieben: %1",
    "Record": "Protokoll",
    "The record proves itself: every row matches its keyed hash.":
        "Das Protokoll beweist sich selbst: Jede Zeile passt zu ihrem verschlüsselten Hash.",
    "Legal now": "Jetzt erlaubt",
    "Then": "Danach",
    "legal": "erlaubt",
    "NOT legal": "NICHT erlaubt",
    "Stub": "Reststapel",
    "burns": "gebrannte Karten",
    "seats": "Plätze",
    "Report an irregularity": "Eine Unregelmäßigkeit melden",
    "Irregularity": "Unregelmäßigkeit",
    "Card": "Karte",
    "Action": "Aktion",
    "Amount (bet or raise to)": "Betrag (setzen oder erhöhen auf)",
    "Floor's name": "Name des Floors",
    "Floor PIN": "Floor-PIN",
    "Apply the remedy": "Die Abhilfe anwenden",
    "No irregularity the table reports applies now; the floor decides (I-3).":
        "Jetzt passt keine Unregelmäßigkeit, die der Tisch meldet; der Floor entscheidet (I-3).",
    "This table's house option out_of_turn: %1": "Die Hausregel out_of_turn dieses Tischs: %1",
    "Report &irregularity…": "&Unregelmäßigkeit melden…",
    "&Floor": "&Floor",
    "&Open floor console…": "Floor-&Konsole öffnen…",
    "Hand %1 sealed: %2": "Spiel %1 versiegelt: %2",
    "No hand is open: an irregularity is reported during a hand":
        "Kein Spiel läuft: Eine Unregelmäßigkeit wird während eines Spiels gemeldet",
    "Floor ruling — hand %1": "Entscheidung des Floors — Spiel %1",
    "The moment: step %1 — %2": "Der Zeitpunkt: Schritt %1 — %2",
    "None: the decision only": "Keine: nur der Beschluss",
    "Move chips between seats": "Chips zwischen Plätzen bewegen",
    "Void the hand: every chip back": "Das Spiel für ungültig erklären: alle Chips zurück",
    "+ or − amount": "Betrag mit + oder −",
    "Facts": "Sachverhalt",
    "Rules cited": "Genannte Regeln",
    "Decision": "Beschluss",
    "Remedy": "Abhilfe",
    "Chips (with Move chips)": "Chips (bei »Chips bewegen«)",
    "Witnesses": "Zeugen",
    "Camera / time reference": "Kamera / Zeitangabe",
    "Record the ruling": "Die Entscheidung eintragen",
    "A chip amount cannot be read: %1": "Ein Chipbetrag ist nicht lesbar: %1",
    "What if — nothing here is recorded": "Was wäre, wenn — hier wird nichts protokolliert",
    "What if: try another action from this moment. The record is not touched.":
        "Was wäre, wenn: von diesem Zeitpunkt aus eine andere Aktion versuchen. Das Protokoll bleibt unberührt.",
    "No new burn (it went with the card dealt too early): one card down to each of the %1 players":
        "Nicht neu brennen (gebrannt wurde schon vor der zu früh gegebenen Karte): je eine Karte verdeckt an die "
        "%1 Spieler",
    "No new burn (it went with the card dealt too early): one card up to each of the %1 players":
        "Nicht neu brennen (gebrannt wurde schon vor der zu früh gegebenen Karte): je eine Karte offen an die %1 "
        "Spieler",
    "folds": "passt",
    "checks": "checkt",
    "calls": "geht mit",
    "brings in": "setzt den Bring-in",
    "completes": "komplettiert",
    "bets": "setzt",
    "raises": "erhöht",
    "brings in for %1": "setzt den Bring-in von %1",
    "completes to %1": "komplettiert auf %1",
    "bets %1": "setzt %1",
    "raises to %1": "erhöht auf %1",
    "calls %1": "geht mit %1",
    "Seat %1 %2 out of turn; action goes back to seat %3":
        "Platz %1 außer der Reihe: %2; die Aktion geht zurück an Platz %3",
    ": the floor rules on it (house option)": ": der Floor entscheidet darüber (Hausregel)",
    ": binding if the action to seat %1 does not change": ": bindend, wenn sich die Aktion bis Platz %1 nicht ändert",
    "Seat %1's action out of turn stands: %2": "Die Aktion von Platz %1 außer der Reihe bleibt: %2",
    "Seat %1's action out of turn is void: a bet or raise came in between; seat %1 has every option":
        "Die Aktion von Platz %1 außer der Reihe gilt nicht: Dazwischen kam ein Einsatz oder eine Erhöhung; Platz %1 "
        "hat alle Optionen",
    "Wrong bring-in: seat %1's door card is %2, not %3":
        "Falscher Bring-in: Die Door Card von Platz %1 ist %2, nicht %3",
    "; %1 goes back to seat %2": "; %1 geht zurück an Platz %2",
    "; the bring-in is decided again": "; der Bring-in wird neu bestimmt",
    "Misdeal: every ante and bet goes back; the hand is void and dealt again to the same players":
        "Misdeal: Alle Antes und Einsätze gehen zurück; das Spiel ist ungültig und wird an dieselben Spieler neu "
        "gegeben",
    "Fouled deck: every ante and bet goes back; the hand is void and dealt again to the same players":
        "Fehlerhaftes Deck: Alle Antes und Einsätze gehen zurück; das Spiel ist ungültig und wird an dieselben "
        "Spieler neu gegeben",
    "seat %1 dealt %2": "Platz %1 bekommt %2",
    "the river dealt down": "River verdeckt gegeben",
    "common card %1": "Gemeinschaftskarte %1",
    "seat %1 shows %2": "Platz %1 zeigt %2",
    "seat %1 mucks": "Platz %1 muckt",
    ", seat %1": ", Platz %1",
    "Exposed downcard on third street": "Verdeckte Karte bei der 3. Karte aufgedeckt",
    "Card dealt too early": "Zu früh gegebene Karte",
    "Wrong bring-in (a misread door card)": "Falscher Bring-in (Door Card falsch gelesen)",
    "Action out of turn": "Aktion außer der Reihe",
    "Misdeal": "Misdeal",
    "Fouled deck": "Fehlerhaftes Deck",
    "hand dealt: antes in": "Spiel gegeben: Antes im Pot",
    "awards confirmed; hand sealed": "Auszahlung bestätigt; Spiel versiegelt",
    "table resumed after a restart": "Tisch nach einem Neustart fortgesetzt",
    "dealer undid: %1": "Dealer machte rückgängig: %1",
    "dealer redid: %1": "Dealer wiederholte: %1",
    "irregularity: %1": "Unregelmäßigkeit: %1",
    "floor ruling by %1: %2": "Entscheidung des Floors von %1: %2",
    " (confirmed by the floor: %1)": " (vom Floor bestätigt: %1)",
    "Seat %1's exposed downcard %2 is the door card; the third card is dealt down":
        "Die aufgedeckte verdeckte Karte %2 von Platz %1 ist die Door Card; die dritte Karte wird verdeckt gegeben",
    "Card dealt too early: it goes back, the stub is shuffled with it (not the burns), and street %1 is dealt without "
    "a new burn":
        "Zu früh gegebene Karte: Sie geht zurück, der Reststapel wird mit ihr gemischt (ohne die gebrannten Karten), "
        "und die %1. Karte wird gegeben, ohne neu zu brennen",
    "Misdeal: give back every ante and bet, shuffle, and deal again":
        "Misdeal: alle Antes und Einsätze zurückgeben, mischen und neu geben",
    "Fouled deck: give back every ante and bet, shuffle, and deal again":
        "Fehlerhaftes Deck: alle Antes und Einsätze zurückgeben, mischen und neu geben",
    # the ruling report (context "Report")
    "Burns": "Gebrannte Karten",
    "Limits": "Limits",
    "No ruling is recorded for this hand.": "Für dieses Spiel ist keine Entscheidung eingetragen.",
    "Profile": "Hausregeln",
    "Rules": "Regeln",
    "Ruling report": "Entscheidungsbericht",
    "Ruling": "Entscheidung",
    "Seal": "Siegel",
    "Stack at the start": "Stack zu Beginn",
    "Stack at this moment": "Stack in diesem Moment",
    "Legal options then": "Damals erlaubte Optionen",
    "The record does NOT prove itself:": "Das Protokoll beweist sich NICHT selbst:",
    "The record": "Das Protokoll",
    "The rules cited": "Die genannten Regeln",
    "The table at the disputed moment": "Der Tisch im strittigen Moment",
    "Timeline": "Ablauf",
    "ante": "Ante",
    "at step": "bei Schritt",
    "bring-in": "Bring-in",
    "by": "von",
    "chips moved between seats": "Chips zwischen Plätzen bewegt",
    "none (the decision only)": "keine (nur der Beschluss)",
    "none: the hand has not ended": "keines: das Spiel ist nicht zu Ende",
    "seat": "Platz",
    "step": "Schritt",
    "the hand voided: every chip back": "das Spiel für ungültig erklärt: alle Chips zurück",
    "The hand record does not prove itself (%1 problem(s)): %2. Tell the floor; 'dealer-app verify %3' lists every "
    "one.":
        "Das Spielprotokoll beweist sich nicht selbst (%1 Problem(e)): %2. Dem Floor Bescheid geben; "
        "'dealer-app verify %3' nennt jedes einzelne.",
    "Open hand history files…": "Spielverläufe aus Dateien öffnen…",
    "Open hand history files": "Spielverläufe aus Dateien öffnen",
    "%1 hand(s) read from the files": "%1 Spiel(e) aus den Dateien gelesen",
    "%1 not read: %2": "%1 nicht gelesen: %2",
    "A hand from a file is not in the record: it can be stepped through and printed, not ruled on":
        "Ein Spiel aus einer Datei steht nicht im Protokoll: Es lässt sich durchgehen und drucken, aber nicht "
        "entscheiden",
    "A hand from a file, not from the record: it has no seal.":
        "Ein Spiel aus einer Datei, nicht aus dem Protokoll: Es hat kein Siegel.",
    "Deal again  [Enter]": "Neu geben  [Enter]",
    "voided by the floor: only a floor ruling changes it": "vom Floor für ungültig erklärt: Nur eine Entscheidung "
                                                            "des Floors ändert das",
    "Choose a hand on the left": "Links ein Spiel wählen",
    "Started (UTC)": "Begonnen (UTC)",
    "The floor PIN again (it is set now)": "Die Floor-PIN noch einmal (sie wird jetzt festgelegt)",
    "Nothing to undo in the what-if": "Im Was-wäre-wenn ist nichts rückgängig zu machen",
    "The two PINs differ: type the new floor PIN twice": "Die zwei PINs sind verschieden: die neue Floor-PIN zweimal "
                                                         "eingeben",
    "%1: an older record without the keyed chain, where keyed records are already kept (%2): it is not upgraded, "
    "and is left as it was":
        "%1: ein älteres Protokoll ohne verschlüsselte Kette, wo schon verschlüsselte Protokolle geführt werden (%2): "
        "Es wird nicht umgestellt und bleibt, wie es war",
    "the floor PIN cannot be saved in %1 (%2)": "die Floor-PIN kann nicht in %1 gespeichert werden (%2)",
    "seat %1 (%2) is no longer at the table: chips for a player who left are settled off the table":
        "Platz %1 (%2) ist nicht mehr am Tisch: Chips für einen Spieler, der gegangen ist, werden außerhalb des Tischs "
        "verrechnet",
    "seat %1 has %2: it cannot give %3": "Platz %1 hat %2: Er kann nicht %3 abgeben",
    "hand %1-%2 is already voided by a ruling": "Spiel %1-%2 ist schon durch eine Entscheidung ungültig",
    "%1 after the redeal: the void hand is dealt again to the same players first":
        "%1 erst nach dem Neugeben: Das ungültige Spiel wird zuerst an dieselben Spieler neu gegeben",
    "Stacks after this remedy: %1": "Stacks nach dieser Abhilfe: %1",
    "Hand %1 is sealed in the record: %2": "Spiel %1 ist im Protokoll versiegelt: %2",
    # --- issue 13: dealer training ------------------------------------------------------------------
    "No answers yet": "Noch keine Antworten",
    "T&raining": "T&raining",
    "Open the &trainer…": "&Trainer öffnen…",
    "Progress — %1": "Fortschritt — %1",
    "Skill": "Fertigkeit",
    "Answers": "Antworten",
    "Right": "Richtig",
    "Mean time": "Mittlere Zeit",
    "Dealer training": "Dealer-Training",
    "Learn: the rule first, every answer explained": "Lernen: zuerst die Regel, jede Antwort erklärt",
    "Practice: right or wrong at once, mistakes again at the end":
        "Üben: sofort richtig oder falsch, die Fehler am Ende noch einmal",
    "Exam: no feedback until the end, a certificate": "Prüfung: keine Rückmeldung bis zum Ende, ein Zertifikat",
    "Trainee": "Teilnehmer",
    "Mode": "Modus",
    "Drills": "Aufgaben",
    "Skills": "Fertigkeiten",
    "Start": "Beginnen",
    "Progress…": "Fortschritt…",
    "Answer  [Enter]": "Antworten  [Enter]",
    "Next drill": "Nächste Aufgabe",
    "Certificate…": "Zertifikat…",
    " (your mistakes again)": " (deine Fehler noch einmal)",
    "Drill %1 of %2%3": "Aufgabe %1 von %2%3",
    "The rules for this drill": "Die Regeln zu dieser Aufgabe",
    "Click the seat on the table, or type its number and Enter.":
        "Den Platz am Tisch anklicken, oder seine Nummer eingeben und Enter.",
    "Type the amount and Enter.": "Den Betrag eingeben und Enter.",
    "Type the number of cards and Enter.": "Die Zahl der Karten eingeben und Enter.",
    "Amount": "Betrag",
    "Cards": "Karten",
    "Tick what the dealer does before this round.": "Ankreuzen, was der Dealer vor dieser Runde tut.",
    "Burn a card": "Eine Karte brennen",
    "Shuffle the burns into the stub": "Die gebrannten Karten in den Reststapel mischen",
    "Deal one common card": "Eine Gemeinschaftskarte geben",
    "Tick every legal action; give its amount (to), or a range as min-max.":
        "Jede erlaubte Aktion ankreuzen; ihren Betrag (auf) angeben, oder einen Bereich als min-max.",
    "One line per pot, main pot first: the amount, a colon, the seats eligible (e.g. 21: 1 2 3)":
        "Eine Zeile je Pot, Hauptpot zuerst: der Betrag, ein Doppelpunkt, die berechtigten Plätze (z. B. 21: 1 2 3)",
    "One line per pot, main pot first: the amount, a colon, each winner's seat and share (e.g. 120: 3 60, 5 60)":
        "Eine Zeile je Pot, Hauptpot zuerst: der Betrag, ein Doppelpunkt, Platz und Anteil jedes Gewinners "
        "(z. B. 120: 3 60, 5 60)",
    "Click the five cards of seat %1's best hand.": "Die fünf Karten der besten Hand von Platz %1 anklicken.",
    "The answer cannot be read: %1": "Die Antwort ist nicht lesbar: %1",
    "Answer kept. Next drill.": "Antwort notiert. Nächste Aufgabe.",
    "Wrong": "Falsch",
    "The answer": "Die Antwort",
    "Why": "Warum",
    "Score: %1%": "Ergebnis: %1 %",
    "Passed": "Bestanden",
    "Not passed": "Nicht bestanden",
    "pass mark": "Bestehensgrenze",
    "the answer": "die Antwort",
    "Save the certificate": "Das Zertifikat speichern",
    "The certificate cannot be written: %1": "Das Zertifikat kann nicht geschrieben werden: %1",
    "Certificate written: %1": "Zertifikat geschrieben: %1",
    "No answers of %1 yet.": "Noch keine Antworten von %1.",
    "PASSED": "BESTANDEN",
    "NOT PASSED": "NICHT BESTANDEN",
    "Dealer training certificate": "Zertifikat Dealer-Training",
    "Date": "Datum",
    "Exam": "Prüfung",
    "drills, Seven Card Stud procedure": "Aufgaben, Ablauf Seven Card Stud",
    "Score": "Ergebnis",
    "Pass mark": "Bestehensgrenze",
    "Bring-in": "Bring-in",
    "First to act": "Wer zuerst spricht",
    "Legal actions": "Erlaubte Aktionen",
    "Side pots": "Sidepots",
    "Who shows first": "Wer zuerst zeigt",
    "Deck shortage": "Kartenmangel",
    "Winners": "Gewinner",
    "Best five": "Beste fünf",
    # issue 27: the irregularity quiz (I-1 … I-8)
    "Irregularities": "Unregelmäßigkeiten",
    "Which remedy, and does it apply now?": "Welche Abhilfe, und gilt sie jetzt?",
    "Pick the remedy, then whether it applies now (Tab to it, arrow keys, Enter answers).":
        "Die Abhilfe wählen, dann, ob sie jetzt gilt (Tab dorthin, Pfeiltasten, Enter antwortet).",
    "It applies now (corrected, binding, a misdeal, …)": "Sie gilt jetzt (korrigiert, bindend, ein Misdeal, …)",
    "Not now (the action stands, not binding, the hand plays on)":
        "Jetzt nicht (die Aktion bleibt, nicht bindend, das Spiel geht weiter)",
    "pick a remedy": "eine Abhilfe wählen",
    "say whether it applies now": "angeben, ob sie jetzt gilt",
    "applies now": "gilt jetzt",
    "not now": "jetzt nicht",
    "I-1 Exposed downcard: it is the door card, the third card down":
        "I-1 Aufgedeckte verdeckte Karte: Sie ist die Door Card, die dritte Karte verdeckt",
    "I-2 Card dealt too early: it goes back, no new burn":
        "I-2 Zu früh gegebene Karte: Sie geht zurück, ohne neu zu brennen",
    "I-3 The floor decides": "I-3 Der Floor entscheidet",
    "I-4 Wrong bring-in corrected: chips back, the right player brings in":
        "I-4 Falscher Bring-in korrigiert: Chips zurück, der richtige Spieler setzt den Bring-in",
    "I-5 Action out of turn: binding unless the action changed":
        "I-5 Aktion außer der Reihe: bindend, außer die Aktion hat sich geändert",
    "I-6 Misdeal: everything back, the hand dealt again": "I-6 Misdeal: alles zurück, das Spiel neu gegeben",
    "I-7 Fouled deck: play stops, every bet and ante back":
        "I-7 Fehlerhaftes Deck: Das Spiel wird angehalten, jeder Einsatz und jede Ante zurück",
    "I-8 A flashed card, or one off the table, is an exposed card":
        "I-8 Eine geflashte Karte oder eine vom Tisch gefallene gilt als aufgedeckt",
    "Dealing third street, the dealer exposes one of seat %1's two downcards: %2.":
        "Beim Geben der 3. Karte deckt der Dealer eine der beiden verdeckten Karten von Platz %1 auf: %2.",
    "Dealing third street, the dealer flashes seat %1's first downcard, %2: the table has seen it.":
        "Beim Geben der 3. Karte lässt der Dealer die erste verdeckte Karte von Platz %1 aufblitzen, %2: Der Tisch "
        "hat sie gesehen.",
    "Dealing third street, both of seat %1's downcards are exposed: %2 and %3.":
        "Beim Geben der 3. Karte sind beide verdeckten Karten von Platz %1 aufgedeckt: %2 und %3.",
    "Dealing seventh street, the dealer flashes seat %1's downcard, %2.":
        "Beim Geben der 7. Karte lässt der Dealer die verdeckte Karte von Platz %1 aufblitzen, %2.",
    "Dealing seventh street, the dealer exposes seat %1's downcard: %2.":
        "Beim Geben der 7. Karte deckt der Dealer die verdeckte Karte von Platz %1 auf: %2.",
    "Before this betting round has ended, the dealer deals seat %1 its %2 card.":
        "Bevor diese Setzrunde beendet ist, gibt der Dealer Platz %1 schon die Karte der nächsten Runde (%2).",
    "Seat %1's door card was read as %2: it is %3. Seat %4 brought in.":
        "Die Door Card von Platz %1 wurde als %2 gelesen: Sie ist %3. Platz %4 hat den Bring-in gesetzt.",
    "Seat %1 %2 out of turn while seat %3 has the turn.":
        "Platz %1 außer der Reihe: %2, während Platz %3 am Zug ist.",
    "Now %1: the turn comes to seat %2.": "Nun: %1. Damit ist Platz %2 am Zug.",
    "It is found now that %1.": "Jetzt wird bemerkt: %1.",
    "the first card of the hand was dealt to the wrong seat": "Die erste Karte des Spiels ging an den falschen Platz",
    "seat %1 was dealt in, though not entitled to a hand":
        "Platz %1 hat Karten bekommen, obwohl ihm keine Hand zusteht",
    "a player entitled to a hand was dealt out (the player beside seat %1)":
        "Ein Spieler, dem eine Hand zusteht, wurde übergangen (der Spieler neben Platz %1)",
    "seat %1 was dealt the wrong number of cards, which cannot be put right in sequence":
        "Platz %1 hat die falsche Kartenzahl, die sich nicht in der Reihenfolge korrigieren lässt",
    "A card is found twice in the deck.": "Eine Karte wird doppelt im Deck gefunden.",
    "A card is found missing from the deck.": "Im Deck fehlt eine Karte.",
    "A card the dealer flashes is an exposed card (I-8).":
        "Eine Karte, die der Dealer aufblitzen lässt, gilt als aufgedeckt (I-8).",
    "Third street, seat %1's cards being dealt: the exposed card is its door card and its third card is dealt down "
    "(I-1).":
        "3. Karte, die Karten von Platz %1 werden gegeben: Die aufgedeckte Karte ist seine Door Card, seine dritte "
        "Karte wird verdeckt gegeben (I-1).",
    "Both downcards exposed on third street: a misdeal (I-1, I-6).":
        "Beide verdeckten Karten bei der 3. Karte aufgedeckt: ein Misdeal (I-1, I-6).",
    "No betting yet, so no substantial action: every ante goes back and the hand is dealt again, the same players "
    "in it (I-6).":
        "Noch keine Setzrunde, also keine wesentliche Aktion: Jede Ante geht zurück, und das Spiel wird neu gegeben, "
        "mit denselben Spielern (I-6).",
    "I-1 is a third-street remedy; an exposed card on a later street is left to the floor (I-3).":
        "I-1 ist eine Abhilfe der 3. Karte; eine aufgedeckte Karte in einer späteren Runde entscheidet der Floor "
        "(I-3).",
    "The deck is short for the next street (D-7): the floor decides how to deal it (I-3).":
        "Das Deck reicht für die nächste Runde nicht (D-7): Der Floor entscheidet, wie sie gegeben wird (I-3).",
    "The card goes back; the stub is shuffled with it, without the burns, and the street is dealt without a new "
    "burn (I-2).":
        "Die Karte geht zurück; der Reststapel wird mit ihr gemischt, ohne die gebrannten Karten, und die Runde wird "
        "gegeben, ohne neu zu brennen (I-2).",
    "Nobody has acted after the bring-in: it is corrected; the chips go back and the right player brings in (I-4).":
        "Nach dem Bring-in hat noch niemand gesprochen: Er wird korrigiert; die Chips gehen zurück, und der richtige "
        "Spieler setzt den Bring-in (I-4).",
    "After the bring-in: %1.": "Nach dem Bring-in: %1.",
    "The next player has acted: the bring-in stands (I-4); the floor decides about the card (I-3).":
        "Der nächste Spieler hat gesprochen: Der Bring-in bleibt (I-4); über die Karte entscheidet der Floor (I-3).",
    "The house option out_of_turn is floor: every action out of turn is referred to the floor (I-5, I-3).":
        "Die Hausregel out_of_turn ist floor: Jede Aktion außer der Reihe geht an den Floor (I-5, I-3).",
    "Between the action out of turn and seat %1's turn: %2.":
        "Zwischen der Aktion außer der Reihe und dem Zug von Platz %1: %2.",
    "No bet or raise came in between: the action to the player has not changed, so the action out of turn is "
    "binding (I-5).":
        "Dazwischen kam kein Einsatz und keine Erhöhung: Die Aktion für den Spieler hat sich nicht geändert, also ist "
        "die Aktion außer der Reihe bindend (I-5).",
    "A bet or raise came in between: the action out of turn is not binding; its chips go back and the player has "
    "every option (I-5).":
        "Dazwischen kam ein Einsatz oder eine Erhöhung: Die Aktion außer der Reihe ist nicht bindend; ihre Chips "
        "gehen zurück, und der Spieler hat alle Optionen (I-5).",
    "Nobody has acted after the bring-in.": "Nach dem Bring-in hat noch niemand gesprochen.",
    "Fewer than two players after the bring-in have acted: no substantial action yet, so it is a misdeal; every "
    "ante and bet goes back and the hand is dealt again (I-6).":
        "Nach dem Bring-in haben weniger als zwei Spieler gesprochen: noch keine wesentliche Aktion, also ein "
        "Misdeal; alle Antes und Einsätze gehen zurück, und das Spiel wird neu gegeben (I-6).",
    "Two players after the bring-in have acted: substantial action. The hand plays on (I-6); a hand with the wrong "
    "number of cards is dead; the floor decides the rest (I-3).":
        "Nach dem Bring-in haben zwei Spieler gesprochen: wesentliche Aktion. Das Spiel geht weiter (I-6); eine Hand "
        "mit der falschen Kartenzahl ist tot; den Rest entscheidet der Floor (I-3).",
    "The pot has been awarded: the hand is over, so the floor decides (I-3).":
        "Der Pot ist ausgezahlt: Das Spiel ist vorbei, also entscheidet der Floor (I-3).",
    "A fouled deck: play stops and every bet and ante of the hand goes back, whatever the action so far (I-7).":
        "Ein fehlerhaftes Deck: Das Spiel wird angehalten, und jeder Einsatz und jede Ante des Spiels geht zurück, "
        "unabhängig von der bisherigen Aktion (I-7).",
    # issue 27: the low hand, the chips, the split pot
    "Low hand": "Low-Hand",
    "Count the chips": "Chips zählen",
    "Make change": "Wechselgeld geben",
    "Colour up": "Chips eintauschen (Colour-up)",
    "Pay a split pot": "Geteilten Pot auszahlen",
    "What is this player's best low (eight or better)?": "Was ist das beste Low dieses Spielers (Eight or Better)?",
    "How much is in the pot stacked here?": "Wie viel liegt im hier gestapelten Pot?",
    "What change does the dealer give, in the fewest chips?":
        "Welches Wechselgeld gibt der Dealer, in möglichst wenigen Chips?",
    "Colour up: the same value in the fewest chips?": "Colour-up: derselbe Wert in möglichst wenigen Chips?",
    "How much does each winner get, in the table's chips?":
        "Wie viel bekommt jeder Gewinner, in den Chips des Tisches?",
    "Click the five cards of seat %1's best low (eight or better), or tick No low.":
        "Klicken Sie die fünf Karten des besten Lows von Platz %1 an (Eight or Better), oder kreuzen Sie "
        "»Kein Low« an.",
    "No low (fewer than five different cards eight or lower)":
        "Kein Low (weniger als fünf verschiedene Karten bis zur Acht)",
    "Count it: type the amount and Enter.": "Zählen Sie: Betrag eingeben und Enter.",
    "Type each winner's share (Tab to the next, Enter answers).":
        "Geben Sie den Anteil jedes Gewinners ein (Tab zum nächsten, Enter antwortet).",
    "Type how many of each chip (Tab to the next, Enter answers).":
        "Geben Sie die Anzahl jedes Chips ein (Tab zum nächsten, Enter antwortet).",
    "no low": "kein Low",
    "white": "weiß",
    "red": "rot",
    "green": "grün",
    "black": "schwarz",
    "purple": "lila",
    "yellow": "gelb",
    "blue": "blau",
    "pink": "rosa",
    "grey": "grau",
    "no chips": "keine Chips",
    "The table's chips: %1": "Die Chips des Tisches: %1",
    "The pot, stacked: %1": "Der Pot, gestapelt: %1",
    "Seat %1 calls %2 and puts out one %3 chip.": "Platz %1 geht %2 mit und legt einen %3-Chip hin.",
    "Seat %1 leaves the table with %2.": "Platz %1 verlässt den Tisch mit %2.",
    "High: %1": "High: %1",
    "%1 %2": "%1 %2",
    "Low: %1": "Low: %1",
    "The smallest chip: %1": "Der kleinste Chip: %1",
    "Different ranks eight or lower (ace low): %1": "Verschiedene Ränge bis zur Acht (Ass niedrig): %1",
    "Fewer than five: no low; the high hand takes the whole pot (H-3)":
        "Weniger als fünf: kein Low; die High-Hand gewinnt den ganzen Pot (H-3)",
    "The lowest five: %1": "Die niedrigsten fünf: %1",
    "%1 = %2": "%1 = %2",
    "%1 − %2 = %3 change": "%1 − %2 = %3 Wechselgeld",
    "The stack: %1 = %2": "Der Stack: %1 = %2",
    "The fewest chips, the largest first: %1": "Möglichst wenige Chips, die größten zuerst: %1",
    "Pot %1: low half %2 (whole %3 chips), high half %4": "Pot %1: Low-Hälfte %2 (ganze %3-Chips), High-Hälfte %4",
    "The odd chip goes to the high half (H-3)": "Der ungerade Chip geht an die High-Hälfte (H-3)",
    "%1 split between seats %2; an odd chip to the highest card by suit first (W-4)":
        "%1 geteilt zwischen den Plätzen %2; ein ungerader Chip zuerst an die höchste Karte nach Farbe (W-4)",
    "expected a list of chips (amount and colour)": "erwartet eine Liste von Chips (Betrag und Farbe)",
    "expected an amount and a colour, got %1": "erwartet einen Betrag und eine Farbe, erhalten %1",
    "the chips go from the smallest up, each above zero": "die Chips gehen vom kleinsten aufwärts, jeder über null",
    "the smallest chip must be the table's chip (%1 cents, T-2)":
        "der kleinste Chip muss der Chip des Tisches sein (%1 Cent, T-2)",
    "Who brings in?": "Wer setzt den Bring-in?",
    "Who acts first on this street?": "Wer spricht in dieser Runde zuerst?",
    "What may the player to act do, with the exact amounts?":
        "Was darf der Spieler am Zug tun, mit den genauen Beträgen?",
    "How much is in the pot now?": "Wie viel ist jetzt im Pot?",
    "What are the pots, and who is eligible for each?": "Welche Pots gibt es, und wer ist an jedem berechtigt?",
    "Who shows first?": "Wer zeigt zuerst?",
    "The deck is short: what does the dealer do before this round?":
        "Die Karten reichen nicht: Was tut der Dealer vor dieser Runde?",
    "How many cards are left in the stub?": "Wie viele Karten sind noch im Reststapel?",
    "Who wins which pot, and how much?": "Wer gewinnt welchen Pot, und wie viel?",
    "What are this player's best five cards?": "Was sind die besten fünf Karten dieses Spielers?",
    "burn a card": "eine Karte brennen",
    "no burn": "nicht brennen",
    "shuffle the burns into the stub": "die gebrannten Karten in den Reststapel mischen",
    "one common card": "eine Gemeinschaftskarte",
    "a card to each player": "eine Karte an jeden Spieler",
    "Next due": "Nächste Fälligkeit",
    "Dealer training: the group": "Dealer-Training: die Gruppe",
    "Next step  [→]": "Nächster Schritt  [→]",
    "Stop: this step is wrong": "Halt: Dieser Schritt ist falsch",
    "The floor decides (I-3)": "Der Floor entscheidet (I-3)",
    "The remedy:": "Die Abhilfe:",
    "Step %1 of %2: %3": "Schritt %1 von %2: %3",
    "Spot the dealer's error: stop at the wrong step, name the remedy":
        "Den Fehler des Dealers finden: beim falschen Schritt anhalten, die Abhilfe nennen",
    "Spot the dealer's error": "Den Fehler des Dealers finden",
    "The wrong step was step %1:": "Der falsche Schritt war Schritt %1:",
    "It should have been": "Richtig wäre gewesen",
    "The remedy": "Die Abhilfe",
    "Exam pass mark": "Bestehensgrenze der Prüfung",
    "One card down to each of the %1 players": "Je eine Karte verdeckt an die %1 Spieler",
    "One card up to each of the %1 players": "Je eine Karte offen an die %1 Spieler",
    "Type the trainee's name first: the answers are kept for them.":
        "Zuerst den Namen des Teilnehmers eingeben: Die Antworten werden für ihn aufbewahrt.",
    "Tick at least one skill to drill.": "Mindestens eine Fertigkeit zum Üben ankreuzen.",
    "type a number": "eine Zahl eingeben",
    "%1 is not a number": "%1 ist keine Zahl",
    "Right answers per day": "Richtige Antworten je Tag",
    "Seconds per answer, per day": "Sekunden je Antwort, je Tag",
    "%1: the amount, a colon, then the seats": "%1: der Betrag, ein Doppelpunkt, dann die Plätze",
    "%1: a seat number and its share": "%1: eine Platznummer und ihr Anteil",
    "%1: seat numbers": "%1: Platznummern",
    "&Help": "&Hilfe",
    "&About…": "Ü&ber…",
    "Build: %1": "Build: %1",
    "About": "Über",
    "&Card room…": "&Cardroom…",
    # the house profiles on the table's header (their files' names in English)
    "us-cardroom": "US-Cardroom",
    "casinos-austria": "Casinos Austria",
    "tda-tournament": "TDA-Turnier",
    # the players' display (Window → Players' display)
    "&Window": "Fe&nster",
    "&Players' display": "&Spieleranzeige",
    "Players' display": "Spieleranzeige",
    "Hand %1": "Spiel %1",
    "No table open": "Kein Tisch geöffnet",
    "Result": "Ergebnis",
    "Passed?": "Bestanden?",
    "Showdown": "Showdown",
    "Seat %1 (%2) shows": "Platz %1 (%2) zeigt",
    "%1 wins %2": "%1 gewinnt %2",
    "Bet: %1": "Einsatz: %1",
    # the seat boxes' amounts and an action held out of turn (table_view), the trainer's modes
    "to call %1": "mitgehen %1",
    "in pot %1": "im Pot %1",
    "HELD: %1 (I-5)": "VORGEMERKT: %1 (I-5)",
    "HELD: %1": "VORGEMERKT: %1",
    "TO ACT · call %1": "AM ZUG · mitgehen %1",
    "Learn": "Lernen",
    "Practice": "Üben",
    "Floor — the room at %1": "Floor — der Saal auf %1",
    "The room checked every row of every table against its keyed chain as it arrived: none was "
    "refused.":
        "Der Saal hat jede Zeile jedes Tischs bei ihrer Ankunft gegen dessen verschlüsselte Kette "
        "geprüft: Keine wurde abgewiesen.",
    "live": "live",
    "offline, reconnecting": "offline, verbindet neu",
    "connecting": "verbindet",
    "stopped": "angehalten",
    "none yet": "noch keiner",
    "Room: %1 — %2 table(s): %3": "Saal: %1 — %2 Tisch(e): %3",
    "The room refused %1 row(s) — %2": "Der Saal hat %1 Zeile(n) abgewiesen — %2",
    "%1: %2": "%1: %2",
    "Card room": "Cardroom",
    "This table's record is forwarded to the card room's server, where the floor sees every table. "
    "The record on this machine stays the table's own: dealing goes on when the network drops, and "
    "the rows follow when it is back. Leave the server empty to keep the record on this machine only.":
        "Das Protokoll dieses Tischs wird an den Server des Cardrooms weitergeleitet, wo der Floor "
        "jeden Tisch sieht. Das Protokoll auf diesem Rechner bleibt das des Tischs: Bricht das Netz "
        "ab, wird weiter gegeben, und die Zeilen folgen, sobald es wieder da ist. Bleibt der Server "
        "leer, bleibt das Protokoll nur auf diesem Rechner.",
    "e.g. Stud 3 (default: this machine's name)": "z. B. Stud 3 (Standard: der Name dieses Rechners)",
    "Room server": "Server des Saals",
    "This table's name in the room": "Name dieses Tischs im Saal",
    "%1 is set on this machine, and names the server instead: %2":
        "%1 ist auf diesem Rechner gesetzt und nennt stattdessen den Server: %2",
    "Not a PostgreSQL URL: postgresql://login:password@host/database":
        "Keine PostgreSQL-URL: postgresql://login:passwort@host/datenbank",
    "Room: not forwarded — %1": "Saal: nicht weitergeleitet — %1",
    "Room: connecting to %1": "Saal: verbindet mit %1",
    "Room: up to date": "Saal: auf dem neuesten Stand",
    "Room: offline, %1 row(s) waiting (the table deals on; they go when the server is back)":
        "Saal: offline, %1 Zeile(n) warten (es wird weiter gegeben; sie gehen, sobald der Server "
        "wieder da ist)",
    "Room: the server REFUSED this table's rows — tell the floor":
        "Saal: Der Server hat die Zeilen dieses Tischs ABGEWIESEN — dem Floor melden",
    "Room: forwarding stopped": "Saal: Weiterleitung angehalten",
    "Room: sending, %1 row(s) waiting": "Saal: sendet, %1 Zeile(n) warten",
    "row %1 (table session %2, hand %3, %4) does not match its keyed hash: it was changed after it "
    "was written, or written with another key":
        "Zeile %1 (Tischsitzung %2, Spiel %3, %4) passt nicht zu ihrem verschlüsselten Hash: Sie "
        "wurde nach dem Schreiben geändert oder mit einem anderen Schlüssel geschrieben",
    "row %1 (table session %2, hand %3, %4) differs from the row already received for that place":
        "Zeile %1 (Tischsitzung %2, Spiel %3, %4) weicht von der Zeile ab, die für diese Stelle schon"
        " eingegangen ist",
    "row %1 (table session %2, hand %3, %4) arrived before the rows before it":
        "Zeile %1 (Tischsitzung %2, Spiel %3, %4) kam vor den Zeilen davor an",
    "row %1 (table session %2, hand %3, %4) arrived with rows missing before it":
        "Zeile %1 (Tischsitzung %2, Spiel %3, %4) kam an, während Zeilen davor fehlen",
    "row %1 (table session %2, hand %3, %4) is numbered out of its table's order":
        "Zeile %1 (Tischsitzung %2, Spiel %3, %4) ist außerhalb der Reihenfolge ihres Tischs "
        "nummeriert",
    "%1: the record's identity was changed after it was made: it is not given a table identity, and "
    "is not forwarded ('dealer-app verify' says more)":
        "%1: Die Identität des Protokolls wurde nach seiner Anlage geändert: Es bekommt keine "
        "Tischidentität und wird nicht weitergeleitet ('dealer-app verify' sagt mehr)",
    "Room: the server does not take this table's rows (its login) — see the Settings, or ask whoever "
    "runs the server":
        "Saal: Der Server nimmt die Zeilen dieses Tischs nicht an (seine Anmeldung) — siehe "
        "Einstellungen, oder den Betreiber des Servers fragen",
    # --- issue 25: the dealer's input (a typed street line, keys, seats) ---
    "%1 is complete: %2 is one card too many": "%1 ist komplett: %2 ist eine Karte zu viel",
    "%1 is complete: %2 are %3 cards too many": "%1 ist komplett: %2 sind %3 Karten zu viel",
    "seat %1 %2": "Platz %1 %2",
    "; this line gave %1 — check them, Ctrl+Z takes them back":
        "; diese Zeile gab %1 — bitte prüfen, Strg+Z nimmt sie zurück",
    " (folded, no card: seat %1)": " (gepasst, keine Karte: Platz %1)",
    "seat %1 ← next": "Platz %1 ← als Nächstes",
    "No card for the folded seats: %1": "Keine Karte für die gepassten Plätze: %1",
    "%1 was done at once (it has one amount): %2 and its Enter are not used":
        "%1 wurde sofort ausgeführt (es gibt nur einen Betrag): %2 und das Enter danach werden nicht verwendet",
    "Press the action's key first (%1), then type the amount and Enter":
        "Erst die Taste der Aktion drücken (%1), dann den Betrag tippen und Enter",
    "No amount to type: each action here has its one amount — press its key":
        "Kein Betrag zu tippen: Jede Aktion hier hat ihren festen Betrag — ihre Taste drücken",
    "%1 (%2) is not possible now: %3. The keys now: %4": "%1 (%2) ist jetzt nicht möglich: %3. Die Tasten jetzt: %4",
    "%1 is no key here. The keys now: %2": "%1 ist hier keine Taste. Die Tasten jetzt: %2",
    "%1 is not part of an amount: type the amount for %2, then Enter — Esc goes back":
        "%1 gehört zu keinem Betrag: den Betrag für %2 tippen, dann Enter — Esc geht zurück",
    "The street is dealt: Esc clears the box, then the action keys · %1":
        "Die Runde ist gegeben: Esc leert das Feld, dann gelten die Aktionstasten · %1",
    "%1 + amount + Enter": "%1 + Betrag + Enter",
    "unknown card code %1: a card starts with its rank (2-9, 10 or T, J, Q, K, A)":
        "unbekannte Karte %1: Eine Karte beginnt mit ihrem Rang (2-9, 10 oder Z, B, D, K, A)",
    "%1 needs its amount": "%1 braucht einen Betrag",
    "street %1 is complete: %2 is one card too many": "Die %1. Karte ist komplett: %2 ist eine Karte zu viel",
    "%1 left this session with %2: they come back with at least that, %3 is less":
        "%1 ist in dieser Sitzung mit %2 gegangen: zurück nur mit mindestens diesem Betrag, %3 ist weniger",
    "%1 left this session with %2: they may come back with those chips (T-3)":
        "%1 ist in dieser Sitzung mit %2 gegangen und darf mit diesen Chips zurückkommen (T-3)",
    "Buy-in: at least %1 (T-3)": "Buy-in: mindestens %1 (T-3)",
    "Leave…": "Verlassen…",
    "%1 takes %2 from the table": "%1 nimmt %2 vom Tisch mit",
    "Nobody is seated": "Niemand sitzt am Tisch",
    "Seat %1 (%2) leaves the table with %3.\n\nPay out %3 and free the seat? This is final; %2 may come back this "
    "session with these chips.":
        "Platz %1 (%2) verlässt den Tisch mit %3.\n\n%3 auszahlen und den Platz freigeben? Das ist endgültig; %2 "
        "darf in dieser Sitzung mit diesen Chips zurückkommen.",
    "Leave with %1": "Mit %1 gehen",
    "Stay seated": "Sitzen bleiben",
    "%1 left the table with %2": "%1 hat den Tisch mit %2 verlassen",
    "%1 is open. Close it before the other table is opened?": "%1 ist offen. Vor dem anderen Tisch schließen?",
    "Close this table": "Diesen Tisch schließen",
    "Keep it open to resume": "Offen lassen (später fortsetzen)",
    "Type the stakes or the game: 4-8, hi-lo, spread …": "Limit oder Spiel tippen: 4-8, hi-lo, spread …",
    "Find": "Suchen",
    "No limit table matches %1": "Kein Limit-Tisch passt zu %1",
    "Last input: %1": "Letzte Eingabe: %1",
    "Stack now %1 · add at least %2 (T-4)": "Stack jetzt %1 · mindestens %2 zukaufen (T-4)",
    "Open pair on fourth street, but no double bet: spread limit bets the same range on every street":
        "Offenes Paar bei der 4. Karte, aber kein doppelter Einsatz: Im Spread Limit gilt in jeder Runde "
        "dieselbe Spanne",
    "Open pair on fourth street, but no double bet: this house plays hi-lo without it":
        "Offenes Paar bei der 4. Karte, aber kein doppelter Einsatz: Dieses Haus spielt Hi-Lo ohne diese Regel",
    "Open pair on fourth street, but no double bet: this house plays without it":
        "Offenes Paar bei der 4. Karte, aber kein doppelter Einsatz: Dieses Haus spielt ohne diese Regel",
    "Seat %1: %2": "Platz %1: %2",
    "; this line gave %1 — check them, Ctrl+Z takes them back, Esc clears the box":
        "; diese Zeile gab %1 — bitte prüfen, Strg+Z nimmt sie zurück, Esc leert das Feld",
    "there is no bet to call": "es gibt keinen Einsatz zum Mitgehen",
    "there is a bet to call: %1": "es steht ein Einsatz zum Mitgehen: %1",
    "seat %1 brings in: bring in or complete": "Platz %1 setzt den Bring-in: Bring-in oder komplettieren",
    "the bring-in is only the first action of third street, by the lowest door card":
        "der Bring-in ist nur die erste Aktion der 3. Karte, durch die niedrigste Door Card",
    "it is %1 here, not %2": "hier heißt es %1, nicht %2",
    "%1 (%2)": "%1 (%2)",
    "Left this session, may come back with their chips: %1":
        "In dieser Sitzung gegangen, dürfen mit ihren Chips zurückkommen: %1",
    "Seat %1: %2 sits down with %3": "Platz %1: %2 nimmt mit %3 Platz",
    "Seat %1 topped up %2: stack %3": "Platz %1 kauft %2 zu: Stack %3",
    # --- issue 26: every hand opens, forged chips are never played on ---
    "a table whose record fails its check is closed by the floor: the floor's name and PIN":
        "ein Tisch, dessen Protokoll die Prüfung nicht besteht, wird vom Floor geschlossen: Name und PIN des Floors",
    "this table's record fails its check, so it is not resumed or dealt on — call the floor: %1":
        "das Protokoll dieses Tischs besteht die Prüfung nicht; er wird weder fortgesetzt noch weitergegeben — "
        "bitte den Floor rufen: %1",
    "a stack (in cents)": "ein Stack (in Cent)",
    "the record seats %1 in seat %2 with %3: not a seat of this table":
        "das Protokoll setzt %1 auf Platz %2 mit %3: kein Platz dieses Tischs",
    "FAILS THE RECORD'S CHECK": "BESTEHT DIE PROTOKOLLPRÜFUNG NICHT",
    "The floor's name": "Name des Floors",
    "The stacks are the floor's count, not buy-ins: the floor confirms them with name and PIN, and the record says "
    "so.":
        "Die Stacks sind die Zählung des Floors, keine Buy-ins: Der Floor bestätigt sie mit Name und PIN, und das "
        "Protokoll hält es fest.",
    "New table from the floor's &count…": "Neuer Tisch aus der &Zählung des Floors…",
    "For a table whose record fails its check: the floor closes it, counts the stacks and confirms them":
        "Für einen Tisch, dessen Protokoll die Prüfung nicht besteht: Der Floor schließt ihn, zählt die Stacks und "
        "bestätigt sie",
    "The hand record proves itself against anyone without its key (record.key): an edited, deleted or inserted row "
    "is found at start, by 'dealer-app verify' and in the floor's report. Whoever holds the key and the file can "
    "rewrite it unseen; keep the anchors file on another disk. A card room's database owner can turn off the room's "
    "checks and rewrite or delete the room's copy unseen: the floor's console does not detect it yet.":
        "Das Spielprotokoll beweist sich gegenüber jedem, der seinen Schlüssel (record.key) nicht hat: Eine geänderte, "
        "gelöschte oder eingefügte Zeile wird beim Start, von 'dealer-app verify' und im Bericht des Floors gefunden. "
        "Wer Schlüssel und Datei hat, kann es unbemerkt umschreiben; die Ankerdatei gehört auf einen anderen "
        "Datenträger. Der Eigentümer der Datenbank eines Cardrooms kann deren Prüfungen abschalten und die Kopie "
        "des Cardrooms unbemerkt umschreiben oder löschen: Die Konsole des Floors erkennt das noch nicht.",
    "%1 does not act yet: cards too many are in the box and this line's cards may be wrong — check them (Ctrl+Z "
    "takes one back), then Esc, then %1":
        "%1 wirkt noch nicht: Im Feld stehen Karten zu viel, und die Karten dieser Zeile können falsch sein — bitte "
        "prüfen (Strg+Z nimmt eine zurück), dann Esc, dann %1",
    "%1 is taken as the start of a card: type its suit — or Esc, then %1 for %2":
        "%1 gilt als Anfang einer Karte: ihre Farbe tippen — oder Esc, dann %1 für %2",
    "the second %1 is the big bet an open pair on fourth street allows; there is none here":
        "die zweite Taste für %1 ist der große Einsatz, den ein offenes Paar bei der 4. Karte erlaubt; hier gibt es "
        "keinen",
    "Not a time: type it as the record keeps it, UTC, e.g. 2026-12-01 or 2026-12-01T21:00":
        "Keine Uhrzeit: so tippen, wie das Protokoll sie führt, in UTC, z. B. 2026-12-01 oder 2026-12-01T21:00",
    "%1 is not a time: type it as 2026-12-01 or 2026-12-01T21:00 (UTC)":
        "%1 ist keine Uhrzeit: als 2026-12-01 oder 2026-12-01T21:00 tippen (UTC)",
    # --- cases (issue 26 §4): "Fall" as the floor's file calls it; Misdeal as rooms say
    'irregularity': 'Unregelmäßigkeit',
    'misdeal': 'Misdeal',
    'pot dispute': 'Streit um den Pot',
    'conduct': 'Verhalten',
    'other': 'Sonstiges',
    'decided': 'entschieden',
    'appealed': 'Einspruch eingelegt',
    'closed': 'abgeschlossen',
    "the case's category is one of %1, not %2": "die Art des Falls ist eine von %1, nicht %2",
    "the case's status is one of %1, not %2": "der Stand des Falls ist einer von %1, nicht %2",
    'an open case moves no chips: the decision does':
        'ein offener Fall bewegt keine Chips: Das tut erst die Entscheidung',
    'case %1 is not a case of hand %2-%3': 'Fall %1 ist kein Fall des Spiels %2-%3',
    'case %1 is closed: a new ruling opens a new case':
        'Fall %1 ist abgeschlossen: Eine neue Entscheidung eröffnet einen neuen Fall',
    'number, floor or words': 'Nummer, Floor oder Wörter',
    'Case': 'Fall',
    'any status': 'jeder Stand',
    'Case status': 'Stand des Falls',
    'New case': 'Neuer Fall',
    '%1 (%2, %3)': '%1 (%2, %3)',
    'Category': 'Art',
    'Status': 'Stand',
    # --- the ruling report (issue 26 §3): what a German regulator's file reads
    'Floor supervisor': 'Floor-Supervisor',
    'Game': 'Spiel',
    'Generated': 'Erstellt',
    'Input': 'Eingabe',
    'Page %1 of %2': 'Seite %1 von %2',
    'Played': 'Gespielt',
    'Pots and who won them': 'Pots und ihre Gewinner',
    'Received by (regulator)': 'Empfangen von (Aufsichtsbehörde)',
    'Seals': 'Siegel',
    'Seven Card Stud': 'Seven Card Stud',
    'Seven Card Stud Hi-Lo': 'Seven Card Stud Hi-Lo',
    'Signature': 'Unterschrift',
    'Signatures': 'Unterschriften',
    'Stack after the remedy': 'Stack nach der Abhilfe',
    'Stack at the end': 'Stack am Ende',
    'The hand': 'Das Spiel',
    'Time (UTC)': 'Zeit (UTC)',
    'Time zone': 'Zeitzone',
    'What the rules made of it': 'Was die Regeln daraus machen',
    'Witness': 'Zeuge',
    'covers the hand and this ruling': 'deckt das Spiel und diese Entscheidung',
    'every time in this report is UTC, as the record keeps it':
        'alle Zeiten in diesem Bericht sind UTC, wie das Protokoll sie führt',
    'seat %1 %2%3': 'Platz %1 %2%3',
    "The floor's ruling %1 moved chips: %2 (I-3)": "Die Entscheidung %1 des Floors hat Chips bewegt: %2 (I-3)",
    '%1 new hand(s) in the record': '%1 neue(s) Spiel(e) im Protokoll',
    (" — sent by the login %1; the room keeps the genuine row it already had (or waits for it), and the "
     "table's own record is not changed"):
        " — gesendet vom Login %1; der Raum behält die echte Zeile, die er schon hatte (oder wartet auf sie), und "
        "das Protokoll des Tisches selbst ist nicht verändert",
    " — sent by the login %1": " — gesendet vom Login %1",
    # --- a room ruling that moves chips reaches the table (issue 26 §4)
    "the room's ruling %1 is applied at this table already":
        "die Entscheidung %1 aus dem Saal ist an diesem Tisch schon angewendet",
    "the room's ruling is on table session %1: its chips move when that table is dealt here":
        "die Entscheidung aus dem Saal gilt für Tischsitzung %1: ihre Chips werden bewegt, wenn an diesem Tisch "
        "gegeben wird",
    "a hand is open: the room's ruling moves chips between hands":
        "ein Spiel läuft: die Entscheidung aus dem Saal bewegt Chips zwischen zwei Spielen",
    "the room's ruling %1 is not readable": "die Entscheidung %1 aus dem Saal ist nicht lesbar",
    "the room's ruling voids hand %1-%2 with other chips than this record's hand moved":
        "die Entscheidung aus dem Saal erklärt Spiel %1-%2 mit anderen Chips für ungültig, als das Spiel in "
        "diesem Protokoll bewegt hat",
    "the room's ruling moves no chips": "die Entscheidung aus dem Saal bewegt keine Chips",
    "The floor's ruling on hand %1 is not applied yet: it is shown again after the next hand":
        "Die Entscheidung des Floors zu Spiel %1 ist noch nicht angewendet: sie wird nach dem nächsten Spiel "
        "wieder gezeigt",
    "A ruling from the floor": "Eine Entscheidung des Floors",
    "The floor (%1) ruled on hand %2:": "Der Floor (%1) hat zu Spiel %2 entschieden:",
    "Seat %1 %2: %3 (stack %4 → %5)": "Platz %1 %2: %3 (Stack %4 → %5)",
    "Case %1 · rules %2 · recorded in the room by the login %3":
        "Fall %1 · Regeln %2 · im Saal eingetragen vom Login %3",
    "This ruling cannot be applied at this table: %1. No chip is moved — tell the floor.":
        "Diese Entscheidung kann an diesem Tisch nicht angewendet werden: %1. Kein Chip wird bewegt — den Floor "
        "rufen.",
    "Move these chips now? Enter applies the ruling; Esc leaves it for after the next hand.":
        "Diese Chips jetzt bewegen? Enter wendet die Entscheidung an; Esc lässt sie bis nach dem nächsten Spiel.",
    "Apply the ruling": "Die Entscheidung anwenden",
    "Not now": "Nicht jetzt",
    "A ruling made in the room is recorded in the room. The chips it moves reach the table: its dealer is shown "
    "the ruling between hands, and the chips move on its seats when the dealer confirms.":
        "Eine Entscheidung im Saal wird im Saal eingetragen. Die Chips, die sie bewegt, erreichen den Tisch: "
        "sein Dealer sieht die Entscheidung zwischen zwei Spielen, und die Chips werden auf seinen Plätzen "
        "bewegt, wenn der Dealer bestätigt.",
    # the ruling report: which moment it shows and why, no one to act, the rules apart, a void hand
    "The table at step %1": "Der Tisch bei Schritt %1",
    "This is the moment the last ruling (%1) is about.": "Das ist der Moment, um den es in der letzten Entscheidung "
                                                         "(%1) geht.",
    "This is the end of the hand: no ruling is recorded for it.":
        "Das ist das Ende des Spiels: Für dieses Spiel ist keine Entscheidung eingetragen.",
    "This is the moment asked for (report --moment, or the step shown in the floor console); it is the moment the "
    "last ruling (%1) is about.":
        "Das ist der angefragte Moment (report --moment oder der in der Floor-Konsole gezeigte Schritt); um ihn geht "
        "es auch in der letzten Entscheidung (%1).",
    "This is the moment asked for (report --moment, or the step shown in the floor console); the last ruling (%1) "
    "is about step %2.":
        "Das ist der angefragte Moment (report --moment oder der in der Floor-Konsole gezeigte Schritt); die letzte "
        "Entscheidung (%1) betrifft Schritt %2.",
    "This is the moment asked for (report --moment, or the step shown in the floor console); no ruling is recorded "
    "for this hand.":
        "Das ist der angefragte Moment (report --moment oder der in der Floor-Konsole gezeigte Schritt); für dieses "
        "Spiel ist keine Entscheidung eingetragen.",
    "Seat %1 (%2) is to act:": "Platz %1 (%2) ist am Zug:",
    "None: cards are being dealt, so no one is to act; the dealer deals as the line above says.":
        "Keine: Es werden Karten gegeben, also ist niemand am Zug; der Dealer gibt, wie es die Zeile darüber sagt.",
    "None: it is the showdown; the players show or muck in turn, and no one bets.":
        "Keine: Es ist Showdown; die Spieler zeigen oder mucken der Reihe nach, und niemand setzt.",
    "None: the hand was declared void.": "Keine: Das Spiel wurde für ungültig erklärt.",
    "None: the hand is over.": "Keine: Das Spiel ist zu Ende.",
    "At the moment (step %1):": "In diesem Moment (Schritt %1):",
    "The ruling cites:": "Die Entscheidung nennt:",
    "The rulings cite:": "Die Entscheidungen nennen:",
    "none": "keine",
    "fouled deck": "fehlerhaftes Deck",
    "The hand was declared void at step %1: %2 (%3), confirmed by the floor: %4.":
        "Das Spiel wurde bei Schritt %1 für ungültig erklärt: %2 (%3), vom Floor bestätigt: %4.",
    "No pot was played for: every ante and bet went back to its player: %1.":
        "Um keinen Pot wurde gespielt: Jedes Ante und jeder Einsatz ging an seinen Spieler zurück: %1.",
    "No chips had gone in: none went back.": "Es waren keine Chips im Pot: Keine gingen zurück.",
    "Stacks after the void: %1.": "Stacks nach dem ungültigen Spiel: %1.",
    "The same players are dealt the hand again (the redeal).": "An dieselben Spieler wird neu gegeben.",
    # the trainer's hand so far, the working of an answer, the seat asked about (issue 27)
    "%1 (%2 lines hidden: Alt+H shows the whole hand)": "%1 (%2 Zeilen ausgeblendet: Alt+H zeigt das ganze Spiel)",
    "Antes: %1 from each of the %2 players (%3)": "Antes: %1 von jedem der %2 Spieler (%3)",
    "Seat %1 shows": "Platz %1 zeigt",
    "Starting stacks: %1": "Stacks zu Beginn: %1",
    "Before this round: %1 in the stub, %2 burn cards, %3 players to deal to":
        "Vor dieser Runde: %1 im Reststapel, %2 gebrannte Karten, %3 Spieler bekommen Karten",
    "pot %1 (seats %2)": "Pot %1 (Plätze %2)",
    "main pot %1 (seats %2)": "Hauptpot %1 (Plätze %2)",
    "side pot %1 %2 (seats %3)": "%1. Sidepot %2 (Plätze %3)",
    "In the middle: %1": "In der Mitte: %1",
    "%1 × %2": "%1 × %2",
    "Antes: %1 = %2": "Antes: %1 = %2",
    "%1: %2 = %3": "%1: %2 = %3",
    "The pot: %1 = %2": "Der Pot: %1 = %2",
    "(folded)": "(gepasst)",
    "(all-in)": "(All-in)",
    "In the pot from each seat: %1": "Im Pot von jedem Platz: %1",
    "%1: %2 = %3 (seats %4)": "%1: %2 = %3 (Plätze %4)",
    "Nobody bet on %1; seat %2 acted first": "Bei der %1 hat niemand gesetzt; Platz %2 sprach zuerst",
    "The last bet or raise on %1: %2": "Der letzte Einsatz oder die letzte Erhöhung bei der %1: %2",
    "Seat %1 has %2 in front and %3 behind; the bet stands at %4; raises %5 of %6":
        "Platz %1 hat %2 vor sich und %3 im Stack; der Einsatz steht bei %4; Erhöhungen %5 von %6",
    "%1 in the stub, %2 burn cards, %3 players to deal to":
        "%1 im Reststapel, %2 gebrannte Karten, %3 Spieler bekommen Karten",
    "52 − %1 dealt − %2 burned = %3": "52 − %1 gegeben − %2 gebrannt = %3",
    "(the burn cards shuffled into the stub count as stub again)":
        "(die in den Reststapel gemischten gebrannten Karten zählen wieder zum Reststapel)",
    "The hand so far": "Das Spiel bisher",
    "Whole hand (Alt+H)": "Ganzes Spiel (Alt+H)",
    "Show the earlier streets' actions too, not only this street's":
        "Auch die Aktionen der früheren Runden zeigen, nicht nur die dieser Runde",
    "Every ante and bet, those still in front of the players too. Type the amount and Enter.":
        "Jede Ante und jeder Einsatz, auch die noch vor den Spielern liegenden. Den Betrag eingeben und Enter.",
    "Enter answers; Shift+Enter starts a new line.": "Enter antwortet; Umschalt+Enter beginnt eine neue Zeile.",
    "How it is found": "Der Weg zur Antwort",
    "ASKED": "GEFRAGT",
    "ANSWER": "ANTWORT",
    "Checking the record… the hands are listed; any whose rows fail its check will be marked in red":
        "Das Protokoll wird geprüft … die Hände sind aufgelistet; jede, deren Zeilen die Prüfung nicht bestehen, "
        "wird rot markiert",
    "THE RECORD FAILS ITS CHECK: %1 hand(s) marked in red — their rows are not as they were written; Verify "
    "record says what and where":
        "DAS PROTOKOLL BESTEHT SEINE PRÜFUNG NICHT: %1 Hand/Hände rot markiert — ihre Zeilen sind nicht mehr so, wie "
        "sie geschrieben wurden; „Protokoll prüfen“ sagt, was und wo",
    "The record's check is done: every row holds.":
        "Die Prüfung des Protokolls ist fertig: jede Zeile ist unverändert.",
    "The record could not be checked: %1": "Das Protokoll konnte nicht geprüft werden: %1",
    "The record proves itself: every row matches its keyed hash, and every seal of the anchors file %1 is a row "
    "it holds.":
        "Das Protokoll beweist sich selbst: Jede Zeile passt zu ihrem verschlüsselten Hash, und jedes Siegel der "
        "Ankerdatei %1 ist eine Zeile, die es enthält.",
    "The record proves itself: every row matches its keyed hash. There is no anchors file (%1): deleted last "
    "hands cannot be seen without one.":
        "Das Protokoll beweist sich selbst: Jede Zeile passt zu ihrem verschlüsselten Hash. Es gibt keine Ankerdatei "
        "(%1): ohne sie sind gelöschte letzte Hände nicht zu erkennen.",
    "The exposed card becomes the door card of seat %1, whose door card is due now.":
        "Die aufgedeckte Karte wird die Door Card von Platz %1, dessen Door Card jetzt an der Reihe ist.",
    "If it was a downcard of seat %1, deal seat %2's door card first, then report it when seat %1's door card is "
    "due.":
        "War es eine verdeckte Karte von Platz %1, zuerst die Door Card von Platz %2 geben und es dann melden, "
        "wenn die Door Card von Platz %1 an der Reihe ist.",
    "If it was a downcard of one of the seats %1 (their door cards are not dealt yet), deal the door cards up to "
    "that seat first, then report it when its door card is due.":
        "War es eine verdeckte Karte eines der Plätze %1 (ihre Door Cards sind noch nicht gegeben), zuerst die Door "
        "Cards bis zu diesem Platz geben und es dann melden, wenn seine Door Card an der Reihe ist.",
    # --- exams: the instructor's blueprint (Prüfungsvorlage), locked (festgeschrieben), verified
    "Exam blueprint": "Prüfungsvorlage",
    "e.g. Stud dealer, module 1": "z. B. Stud-Dealer, Modul 1",
    "&Name": "&Name",
    "Drills of each skill (0: not asked)": "Aufgaben je Fertigkeit (0: nicht gefragt)",
    "Limit &tables (Space ticks)": "Limit-&Tische (Leertaste hakt an)",
    "House &profiles (none: each table's own)": "Hausregel-&Profile (keins: das des Tisches)",
    " min": " Min.",
    "Time &limit": "&Zeitlimit",
    "Pass &mark": "&Bestehensgrenze",
    "&Instructor": "&Ausbilder",
    "Instructor's PI&N": "PI&N des Ausbilders",
    "Lock the blueprint  [Enter]": "Vorlage festschreiben  [Enter]",
    "New instructor…": "Neuer Ausbilder…",
    "Close": "Schließen",
    "Locked blueprints": "Festgeschriebene Vorlagen",
    "No instructor yet: register yourself first (New instructor…).":
        "Noch kein Ausbilder: Tragen Sie sich zuerst ein (Neuer Ausbilder…).",
    "Locked: %1 (%2), seal %3. Trainees can take it now; it cannot be changed.":
        "Festgeschrieben: %1 (%2), Siegel %3. Teilnehmer können die Prüfung jetzt ablegen; sie ist nicht mehr "
        "änderbar.",
    "%1 is registered as an instructor.": "%1 ist als Ausbilder eingetragen.",
    "the blueprint needs a name (plain text, 1 to 60 characters)":
        "die Vorlage braucht einen Namen (einfacher Text, 1 bis 60 Zeichen)",
    "the blueprint needs at least one skill": "die Vorlage braucht mindestens eine Fertigkeit",
    "%1 is not a skill of the trainer, or named twice": "%1 ist keine Fertigkeit des Trainers oder doppelt genannt",
    "%1: from 1 to %2 drills a skill": "%1: 1 bis %2 Aufgaben je Fertigkeit",
    "an exam has at most %1 drills, not %2": "eine Prüfung hat höchstens %1 Aufgaben, nicht %2",
    "the time limit is from %1 to %2 minutes": "das Zeitlimit liegt zwischen %1 und %2 Minuten",
    "the pass mark is from 1% to 100%, not %1%": "die Bestehensgrenze liegt zwischen 1 % und 100 %, nicht bei %1 %",
    "the blueprint needs at least one limit table": "die Vorlage braucht mindestens einen Limit-Tisch",
    "%1 cannot be used: %2": "%1 kann nicht verwendet werden: %2",
    "the deck runs short only at a table of 7 or 8 players: add one for the deck shortage drills":
        "das Deck wird nur an einem Tisch mit 7 oder 8 Spielern knapp: Fügen Sie einen für die Aufgaben zur "
        "Deck-Knappheit hinzu",
    "no %1 drill could be made at %2": "an %2 ließ sich keine Aufgabe %1 erstellen",
    "an instructor needs a name (plain text, 1 to 60 characters)":
        "ein Ausbilder braucht einen Namen (einfacher Text, 1 bis 60 Zeichen)",
    "a new instructor's PIN needs at least %1 characters (letters, digits or both)":
        "die PIN eines neuen Ausbilders braucht mindestens %1 Zeichen (Buchstaben, Ziffern oder beides)",
    "this record has no sealed count of its instructors (removed or changed outside the app): a new instructor is "
    "registered by an instructor (their name and PIN)":
        "dieses Protokoll hat keine versiegelte Zahl seiner Ausbilder (außerhalb der App entfernt oder geändert): "
        "Einen neuen Ausbilder trägt ein Ausbilder ein (mit Namen und PIN)",
    "this record has had %1 instructor(s) and their entries are gone (removed outside the app): no one registers "
    "freely":
        "dieses Protokoll hatte %1 Ausbilder, und ihre Einträge fehlen (außerhalb der App entfernt): Niemand trägt "
        "sich ohne Ausbilder ein",
    "the wrong-PIN count of %1 was changed outside the app: %1 is locked for %2 minutes":
        "die Zahl falscher PINs von %1 wurde außerhalb der App geändert: %1 ist für %2 Minuten gesperrt",
    "a new instructor is registered by an instructor: give your name and PIN":
        "einen neuen Ausbilder trägt ein Ausbilder ein: Geben Sie Ihren Namen und Ihre PIN an",
    "%1 is an instructor already": "%1 ist bereits Ausbilder",
    "%1 is not an instructor: an instructor's name and PIN are needed":
        "%1 ist kein Ausbilder: Name und PIN eines Ausbilders sind nötig",
    "too many wrong PINs: %1 is locked for %2 more minute(s)":
        "zu viele falsche PINs: %1 ist noch %2 Minute(n) gesperrt",
    "%1's instructor entry was changed outside the app: it cannot be trusted":
        "der Ausbilder-Eintrag von %1 wurde außerhalb der App geändert: Ihm ist nicht zu trauen",
    "%1's PIN cannot be read": "die PIN von %1 kann nicht gelesen werden",
    "wrong PIN, %1 times: %2 is locked for %3 minutes": "%1-mal eine falsche PIN: %2 ist für %3 Minuten gesperrt",
    "wrong PIN for %1 (%2 more tries before a lockout)":
        "falsche PIN für %1 (noch %2 Versuche bis zur Sperre)",
    "no exam blueprint %1 in this record": "keine Prüfungsvorlage %1 in diesem Protokoll",
    "the exam blueprint %1 was changed after it was locked: this exam is refused":
        "die Prüfungsvorlage %1 wurde nach dem Festschreiben geändert: Diese Prüfung wird abgelehnt",
    "no exam result %1 in this record": "kein Prüfungsergebnis %1 in diesem Protokoll",
    "the result was changed after it was written: its seal does not match %1":
        "das Ergebnis wurde nach dem Schreiben geändert: Sein Siegel passt nicht zu %1",
    "the result row does not match its seal (its seals were changed, or another record's key made them)":
        "die Ergebniszeile passt nicht zu ihrem Siegel (ihre Siegel wurden geändert oder mit dem Schlüssel eines "
        "anderen Protokolls gemacht)",
    "the result row cannot be read": "die Ergebniszeile kann nicht gelesen werden",
    "this exam was started on %1 and never finished": "diese Prüfung wurde am %1 begonnen und nie beendet",
    "the result names a blueprint other than %1 as it was locked":
        "das Ergebnis nennt eine andere Vorlage als %1, wie sie festgeschrieben wurde",
    "%1, who locked the exam blueprint %2, is not an instructor of this record any more":
        "%1, der die Prüfungsvorlage %2 festgeschrieben hat, ist kein Ausbilder dieses Protokolls mehr",
    "the exam blueprint %1 was locked by an instructor entry of %2 that has been replaced since":
        "die Prüfungsvorlage %1 wurde von einem Ausbilder-Eintrag von %2 festgeschrieben, der seitdem ersetzt wurde",
    "the exam blueprint %1 was locked before %2 was registered":
        "die Prüfungsvorlage %1 wurde festgeschrieben, bevor %2 eingetragen wurde",
    "the record's instructors were changed outside the app (%1 is not among the instructors it counted): the exam "
    "blueprint %2 cannot be trusted":
        "die Ausbilder des Protokolls wurden außerhalb der App geändert (%1 ist nicht unter den gezählten "
        "Ausbildern): Der Prüfungsvorlage %2 ist nicht zu trauen",
    "the record's sealed count of exam results is missing or was changed outside the app: no exam is started on it "
    "(dealer-app trainees names what is wrong)":
        "die versiegelte Zahl der Prüfungsergebnisse des Protokolls fehlt oder wurde außerhalb der App geändert: "
        "Darauf wird keine Prüfung begonnen (dealer-app trainees nennt, was nicht stimmt)",
    "the record's sealed count of exam results is missing or was changed outside the app":
        "die versiegelte Zahl der Prüfungsergebnisse des Protokolls fehlt oder wurde außerhalb der App geändert",
    "the exam results %1 carry the same number %2: one was added outside the app":
        "die Prüfungsergebnisse %1 tragen dieselbe Nummer %2: Eines wurde außerhalb der App hinzugefügt",
    "the exam result %1 is not among the %2 results the record counted":
        "das Prüfungsergebnis %1 ist nicht unter den %2 Ergebnissen, die das Protokoll gezählt hat",
    "a result is missing after %1": "nach %1 fehlt ein Ergebnis",
    "%1 results are missing after %2": "nach %2 fehlen %1 Ergebnisse",
    "%1 result(s) missing before %2, the record's first":
        "vor %2, dem ersten des Protokolls, fehlen %1 Ergebnis(se)",
    "the record counted %1 exam result(s): %2 are missing":
        "das Protokoll hat %1 Prüfungsergebnis(se) gezählt: %2 fehlen",
    "the attempt's seed is not the one committed to when the exam started":
        "der Startwert des Versuchs ist nicht der, auf den sich die Prüfung bei ihrem Beginn festgelegt hat",
    "this exam started on %1, before its blueprint %2 was locked (%3)":
        "diese Prüfung begann am %1, bevor ihre Vorlage %2 festgeschrieben wurde (%3)",
    "Exam blueprints (instructor)…": "Prüfungsvorlagen (Ausbilder)…",
    "Exams need the record's database: open the trainer from the app.":
        "Prüfungen brauchen die Datenbank des Protokolls: Öffnen Sie den Trainer aus der App.",
    "No exam blueprint yet: an instructor makes and locks one (Exam blueprints).":
        "Noch keine Prüfungsvorlage: Ein Ausbilder erstellt und schreibt eine fest (Prüfungsvorlagen).",
    "each table's own house profile": "das Hausregel-Profil des jeweiligen Tisches",
    "%1 drills in %2 minutes, pass mark %3%; set by %4 (%5)":
        "%1 Aufgaben in %2 Minuten, Bestehensgrenze %3 %; gestellt von %4 (%5)",
    "Skills: %1": "Fertigkeiten: %1",
    "Tables: %1 (%2)": "Tische: %1 (%2)",
    "New instructor": "Neuer Ausbilder",
    "New instructor's &name": "&Name des neuen Ausbilders",
    "Their &PIN (6 or more characters)": "&PIN des neuen Ausbilders (6 oder mehr Zeichen)",
    "The PIN &again": "Die PIN &noch einmal",
    "Registered by an instructor:": "Eingetragen von einem Ausbilder:",
    "Your name": "Ihr Name",
    "Your PIN": "Ihre PIN",
    "Register  [Enter]": "Eintragen  [Enter]",
    "The two PINs differ: type the new PIN twice": "Die beiden PINs unterscheiden sich: Die neue PIN zweimal eingeben",
    "Exams": "Prüfungen",
    "Date (UTC)": "Datum (UTC)",
    "Instructor": "Ausbilder",
    "Verification ID": "Prüfnummer",
    "not finished": "nicht beendet",
    "NOT GENUINE": "NICHT ECHT",
    "Pick an exam blueprint: an instructor makes and locks one.":
        "Wählen Sie eine Prüfungsvorlage: Ein Ausbilder erstellt und schreibt sie fest.",
    "Time left %1": "Restzeit %1",
    "The time ran out: %1 of %2 drills answered; the others count as wrong.":
        "Die Zeit ist abgelaufen: %1 von %2 Aufgaben beantwortet; die übrigen zählen als falsch.",
    "Exam %1 (%2), set by %3. Verification ID %4, seal %5.":
        "Prüfung %1 (%2), gestellt von %3. Prüfnummer %4, Siegel %5.",
    "Limit tables": "Limit-Tische",
    "Time taken": "Benötigte Zeit",
    "time limit": "Zeitlimit",
    "Check this certificate with": "Dieses Zertifikat prüfen mit",
    "the time ran out: the drills not answered count as wrong":
        "die Zeit ist abgelaufen: Die nicht beantworteten Aufgaben zählen als falsch",
    "NOT GENUINE: changed after it was written": "NICHT ECHT: nach dem Schreiben geändert",
    "the exam blueprint %1 cannot be played here: %2": "die Prüfungsvorlage %1 kann hier nicht gespielt werden: %2",
    # Spot the dealer's error: a remedy per kind of error, a series of hands, which part was right
    "The bring-in is corrected: its chips go back and the lowest door card brings in":
        "Der Bring-in wird korrigiert: Seine Chips gehen zurück, und die niedrigste Door Card setzt den Bring-in",
    "Action goes back to the player whose turn it is": "Die Aktion geht zurück an den Spieler, der an der Reihe ist",
    "The amount is corrected to the limit's: the chips over it go back":
        "Der Betrag wird auf den des Limits korrigiert: Die Chips darüber gehen zurück",
    "The cards go back in order and the round is dealt again after a burn":
        "Die Karten gehen in ihrer Reihenfolge zurück, und die Runde wird nach dem Brennen einer Karte neu gegeben",
    "The round is dealt as the shortage procedure says":
        "Die Runde wird so gegeben, wie es das Verfahren bei Kartenmangel vorschreibt",
    "The player who made the last bet or raise shows first":
        "Der Spieler mit dem letzten Einsatz oder der letzten Erhöhung zeigt zuerst",
    "The push is stopped: the pot goes to the best hand (cards speak)":
        "Die Auszahlung wird angehalten: Der Pot geht an die beste Hand (Cards speak)",
    "Misdeal: antes and bets go back and the hand is dealt again":
        "Misdeal: Antes und Einsätze gehen zurück, und das Spiel wird neu gegeben",
    "Fouled deck: play stops and every bet and ante goes back":
        "Fehlerhaftes Deck: Das Spiel wird angehalten, und alle Einsätze und Antes gehen zurück",
    "Call the floor: the rules leave it open": "Den Floor rufen: Die Regeln lassen es offen",
    "Pick the remedy": "Abhilfe wählen",
    "Hand %1 of %2 — step %3 of %4: %5": "Spiel %1 von %2 — Schritt %3 von %4: %5",
    "Pick the remedy first, then stop at the step.": "Zuerst die Abhilfe wählen, dann beim Schritt anhalten.",
    "Half right": "Halb richtig",
    "Step %1 is the dealer's error, and the remedy is right.":
        "Schritt %1 ist der Fehler des Dealers, und die Abhilfe stimmt.",
    "You stopped at the right step (step %1), but that is not its remedy.":
        "Beim richtigen Schritt angehalten (Schritt %1), aber das ist nicht seine Abhilfe.",
    "You went on past the dealer's error: step %1 was wrong.":
        "Am Fehler des Dealers vorbeigegangen: Schritt %1 war falsch.",
    "Step %1 was right as told; the dealer's error was step %2.":
        "Schritt %1 war so richtig; der Fehler des Dealers war Schritt %2.",
    "Step %1 as told:": "Schritt %1, wie er gesagt wurde:",
    "Your remedy": "Ihre Abhilfe",
    "Next hand (%1 of %2)  [Enter]": "Nächstes Spiel (%1 von %2)  [Enter]",
    "%1 of %2 right so far": "Bisher %1 von %2 richtig",
    "Spot the dealer's error: %1 of %2 hands right": "Den Fehler des Dealers finden: %1 von %2 Spielen richtig",
    # timed drills, the mistakes again, a session refused
    "no time limit": "ohne Zeitlimit",
    "On pace": "Im Tempo",
    "Room: the room still keeps rows this record has lost (%1; a damaged disk, or an older copy) — tell the floor":
        "Saal: Der Saal hat noch Zeilen, die diesem Protokoll verloren gingen (%1; eine beschädigte Festplatte "
        "oder eine ältere Kopie) — dem Floor melden",
    "Your mistakes again: %1 of %2 right": "Ihre Fehler noch einmal: %1 von %2 richtig",
    "Session over": "Sitzung beendet",
    "Dealer training exam result": "Ergebnis der Dealer-Prüfung",
    "right": "richtig",
    "wrong": "falsch",
    "the right step, the wrong remedy": "der richtige Schritt, die falsche Abhilfe",
    "Hand %1: %2": "Spiel %1: %2",
    " s per drill": " s je Aufgabe",
    "%1 s left for this drill": "Noch %1 s für diese Aufgabe",
    "Time up: %1 s per drill — counted wrong": "Zeit abgelaufen: %1 s je Aufgabe — als falsch gewertet",
    "On pace: %1 s (the target for this skill is %2 s)": "Im Tempo: %1 s (Ziel für diese Fertigkeit: %2 s)",
    "Too slow: %1 s (the target for this skill is %2 s)": "Zu langsam: %1 s (Ziel für diese Fertigkeit: %2 s)",
    "Choose how to train on the right, then Start": "Rechts wählen, wie trainiert wird, dann „Beginnen“",
    "there is no seat %1 at this table (the seats: %2)": "an diesem Tisch gibt es keinen Platz %1 (die Plätze: %2)",
    "type the amount first": "zuerst den Betrag eingeben",
    "type the pots first: one line each, the amount, a colon, then the seats":
        "zuerst die Pots eingeben: je eine Zeile, der Betrag, ein Doppelpunkt, dann die Plätze",
    "Time: %1 s (the target for this skill is %2 s)": "Zeit: %1 s (Ziel für diese Fertigkeit: %2 s)",
    "certificate": "Zertifikat",
    "unknown mode %1 (the modes: %2)": "unbekannter Modus %1 (die Modi: %2)",
    "not a skill: %1 (the skills: %2)": "keine Fertigkeit: %1 (die Fertigkeiten: %2)",
    "the file is read-only": "die Datei ist schreibgeschützt",
    "The anchors file %1 is missing, but the record holds sealed hands (%2): its last hands cannot be checked. Put "
    "the file back (or set DEALER_APP_ANCHORS to where it is) and tell the floor.":
        "Die Ankerdatei %1 fehlt, aber das Protokoll enthält versiegelte Spiele (%2): Seine letzten Spiele können "
        "nicht geprüft werden. Die Datei zurücklegen (oder DEALER_APP_ANCHORS auf ihren Ort setzen) und den Floor "
        "informieren.",
    "The anchors file %1 cannot be read (%2): the record's seals are not checked against it. Tell the floor.":
        "Die Ankerdatei %1 kann nicht gelesen werden (%2): Die Siegel des Protokolls werden nicht mit ihr geprüft. "
        "Den Floor informieren.",
    "The anchors file %1 is not a file (a folder or a device): the record's seals are neither checked against it "
    "nor kept in it. Tell the floor.":
        "Die Ankerdatei %1 ist keine Datei (ein Ordner oder ein Gerät): Die Siegel des Protokolls werden weder mit "
        "ihr geprüft noch in ihr aufbewahrt. Den Floor informieren.",
    "the pass mark is a share of the drills, 0 to 1, not %1":
        "die Bestehensgrenze ist ein Anteil der Aufgaben, 0 bis 1, nicht %1",
    "the time per drill is 1 to 3600 seconds, not %1": "die Zeit je Aufgabe ist 1 bis 3600 Sekunden, nicht %1",
    "; this line gave %1 — check them (who acts next rests on them), Ctrl+Z takes them back, Esc clears the box":
        "; diese Zeile gab %1 — bitte prüfen (wer als Nächster spricht, hängt davon ab), Strg+Z nimmt sie zurück, "
        "Esc leert das Feld",
    # the instructor's reports: the session summary, the review of an answer, weekly trends, weak skills
    "Wrong answers": "Falsche Antworten",
    "Your answer": "Deine Antwort",
    "No wrong answers.": "Keine falschen Antworten.",
    "%1 drills in %2 s": "%1 Aufgaben in %2 s",
    "Time": "Zeit",
    "The answer given": "Die gegebene Antwort",
    "not kept": "nicht aufbewahrt",
    "no answer: the time was up": "keine Antwort: die Zeit war abgelaufen",
    "Mistakes again": "Fehler noch einmal",
    "Review — %1, %2": "Durchsicht — %1, %2",
    "%1 on %2 (UTC), %3; seed %4": "%1 am %2 (UTC), %3; Seed %4",
    "No drill was kept with this answer: it cannot be shown.":
        "Zu dieser Antwort wurde keine Aufgabe aufbewahrt: Sie kann nicht gezeigt werden.",
    "The drills have changed since this answer: its hand cannot be shown as it was.":
        "Die Aufgaben haben sich seit dieser Antwort geändert: Ihr Spiel kann nicht so gezeigt werden, wie es war.",
    "The drill cannot be rebuilt: %1": "Die Aufgabe kann nicht wiederhergestellt werden: %1",
    "Review the answer…": "Antwort durchsehen…",
    "Per day": "Je Tag",
    "Per week": "Je Woche",
    "Week": "Woche",
    "Right answers per week": "Richtige Antworten je Woche",
    "No weak skill.": "Keine schwache Fertigkeit.",
    "Weak skills": "Schwache Fertigkeiten",
    "Weak skills: %1": "Schwache Fertigkeiten: %1",
    "%1% of the last %2 answers right": "%1 % der letzten %2 Antworten richtig",
    "%1% of the last answers right": "%1 % der letzten Antworten richtig",
    "overdue since %1": "überfällig seit %1",
    "Weak": "Schwach",
    "weak": "schwach",
    "(weak)": "(schwach)",
}


def main(path="dealer_app/ui/i18n/dealer_app_de.ts") -> int:
    tree = ET.parse(path)
    root = tree.getroot()
    root.set("language", "de_DE")
    missing = []
    for message in root.iter("message"):
        source = message.find("source").text
        comment = message.find("comment")
        translation = message.find("translation")
        if comment is not None and (source, comment.text) in GERMAN:  # one word, two meanings
            source = (source, comment.text)
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
