<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AccuracyChart</name>
    <message>
        <location filename="../trainer_window.py" line="1338"/>
        <source>No answers yet</source>
        <translation>Noch keine Antworten</translation>
    </message>
</context>
<context>
    <name>ActionPanel</name>
    <message>
        <location filename="../action_panel.py" line="227"/>
        <source>Card: kd, 10h, th</source>
        <translation>Karte: dh (Dame), bs (Bube)</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="271"/>
        <source>Downcards shown, e.g. ah kd 7c</source>
        <translation>Gezeigte Karten, z. B. ah kd 7c</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="277"/>
        <source>Show  [Enter]</source>
        <translation>Zeigen  [Enter]</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="279"/>
        <source>Muck  [Ctrl+M]</source>
        <translation>Muck  [Strg+M]</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="411"/>
        <source>%1 is complete: %2 is one card too many</source>
        <translation>%1 ist komplett: %2 ist eine Karte zu viel</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="414"/>
        <source>%1 is complete: %2 are %3 cards too many</source>
        <translation>%1 ist komplett: %2 sind %3 Karten zu viel</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="419"/>
        <location filename="../action_panel.py" line="442"/>
        <source>seat %1 %2</source>
        <translation>Platz %1 %2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="430"/>
        <source> (folded, no card: seat %1)</source>
        <translation> (gepasst, keine Karte: Platz %1)</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="444"/>
        <source>seat %1 ← next</source>
        <translation>Platz %1 ← als Nächstes</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="447"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="449"/>
        <source>No card for the folded seats: %1</source>
        <translation>Keine Karte für die gepassten Plätze: %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="545"/>
        <source>Seat %1: %2</source>
        <translation>Platz %1: %2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="517"/>
        <location filename="../action_panel.py" line="579"/>
        <source>%1 does not act yet: cards too many are in the box and this line&apos;s cards may be wrong — check them (Ctrl+Z takes one back), then Esc, then %1</source>
        <translation>%1 wirkt noch nicht: Im Feld stehen Karten zu viel, und die Karten dieser Zeile können falsch sein — bitte prüfen (Strg+Z nimmt eine zurück), dann Esc, dann %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="423"/>
        <source>; this line gave %1 — check them (who acts next rests on them), Ctrl+Z takes them back, Esc clears the box</source>
        <translation>; diese Zeile gab %1 — bitte prüfen (wer als Nächster spricht, hängt davon ab), Strg+Z nimmt sie zurück, Esc leert das Feld</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="590"/>
        <source>%1 is taken as the start of a card: type its suit — or Esc, then %1 for %2</source>
        <translation>%1 gilt als Anfang einer Karte: ihre Farbe tippen — oder Esc, dann %1 für %2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="612"/>
        <location filename="../action_panel.py" line="698"/>
        <source>%1 was done at once (it has one amount): %2 and its Enter are not used</source>
        <translation>%1 wurde sofort ausgeführt (es gibt nur einen Betrag): %2 und das Enter danach werden nicht verwendet</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="622"/>
        <source>Press the action&apos;s key first (%1), then type the amount and Enter</source>
        <translation>Erst die Taste der Aktion drücken (%1), dann den Betrag tippen und Enter</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="626"/>
        <source>No amount to type: each action here has its one amount — press its key</source>
        <translation>Kein Betrag zu tippen: Jede Aktion hier hat ihren festen Betrag — ihre Taste drücken</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="637"/>
        <source>%1 (%2) is not possible now: %3. The keys now: %4</source>
        <translation>%1 (%2) ist jetzt nicht möglich: %3. Die Tasten jetzt: %4</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="646"/>
        <source>%1 is no key here. The keys now: %2</source>
        <translation>%1 ist hier keine Taste. Die Tasten jetzt: %2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="659"/>
        <source>%1 is not part of an amount: type the amount for %2, then Enter — Esc goes back</source>
        <translation>%1 gehört zu keinem Betrag: den Betrag für %2 tippen, dann Enter — Esc geht zurück</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="740"/>
        <source>Rules: %1</source>
        <translation>Regeln: %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="761"/>
        <source>Deal river  [Enter]</source>
        <translation>River geben  [Enter]</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="762"/>
        <source>Confirm the awards  [Enter]</source>
        <translation>Auszahlung bestätigen  [Enter]</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="762"/>
        <source>Deal again  [Enter]</source>
        <translation>Neu geben  [Enter]</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="763"/>
        <source>Start hand %1  [Enter]</source>
        <translation>Spiel %1 beginnen  [Enter]</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="794"/>
        <source>Ctrl+Z undo · Ctrl+Shift+Z redo</source>
        <translation>Strg+Z rückgängig · Strg+Umschalt+Z wiederholen</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="796"/>
        <source>Type the card (kd, 10h, th) or a whole street — no Enter needed · %1</source>
        <translation>Karte tippen (kd, 10h, dh) oder alle Karten der Runde — ohne Enter · %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="798"/>
        <source>The street is dealt: Esc clears the box, then the action keys · %1</source>
        <translation>Die Runde ist gegeben: Esc leert das Feld, dann gelten die Aktionstasten · %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="802"/>
        <source> · for an amount: its key, the digits, Enter</source>
        <translation> · für einen Betrag: seine Taste, die Ziffern, Enter</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="803"/>
        <source>Keys: %1%2 · %3</source>
        <translation>Tasten: %1%2 · %3</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="805"/>
        <source>Type the downcards shown: the hand shows when all are typed · Ctrl+M muck · %1</source>
        <translation>Gezeigte verdeckte Karten tippen: Die Hand gilt als gezeigt, sobald alle getippt sind · Strg+M Muck · %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="809"/>
        <source>voided by the floor: only a floor ruling changes it</source>
        <translation>vom Floor für ungültig erklärt: Nur eine Entscheidung des Floors ändert das</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="811"/>
        <source>Enter: %1 · %2</source>
        <translation>Enter: %1 · %2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="813"/>
        <source>Seats menu: join, top up, sit out, leave</source>
        <translation>Menü Plätze: Platz nehmen, zukaufen, aussetzen, verlassen</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="850"/>
        <source>%1 + amount + Enter</source>
        <translation>%1 + Betrag + Enter</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="863"/>
        <source>Fold</source>
        <translation>Passen</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="865"/>
        <source>Check</source>
        <translation>Checken</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="868"/>
        <source>Call all-in %1</source>
        <translation>All-in mitgehen %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="868"/>
        <source>Call %1</source>
        <translation>Mitgehen %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="871"/>
        <source>Bring in %1–%2</source>
        <translation>Bring-in %1–%2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="872"/>
        <source>Bet %1–%2</source>
        <translation>Setzen %1–%2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="873"/>
        <source>Raise to %1–%2</source>
        <translation>Erhöhen auf %1–%2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="874"/>
        <source>Complete to %1–%2</source>
        <translation>Komplettieren auf %1–%2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="879"/>
        <source>All-in %1</source>
        <translation>All-in %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="881"/>
        <source>Bring in %1</source>
        <translation>Bring-in %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="882"/>
        <source>Bet %1</source>
        <translation>Setzen %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="883"/>
        <source>Raise to %1</source>
        <translation>Erhöhen auf %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="884"/>
        <source>Complete to %1</source>
        <translation>Komplettieren auf %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="446"/>
        <location filename="../action_panel.py" line="893"/>
        <source>seat %1</source>
        <translation>Platz %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="895"/>
        <source>Best so far: %1 — %2</source>
        <translation>Bisher beste Hand: %1 — %2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="897"/>
        <source>Best low so far: %1 — %2</source>
        <translation>Bisher bestes Low: %1 — %2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="905"/>
        <source>Main pot</source>
        <translation>Hauptpot</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="905"/>
        <source>Side pot %1</source>
        <translation>%1. Sidepot</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="907"/>
        <source>seat %1: %2</source>
        <translation>Platz %1: %2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="912"/>
        <source>low</source>
        <translation>Low</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="912"/>
        <source>Seat</source>
        <translation>Platz</translation>
    </message>
</context>
<context>
    <name>BlueprintDialog</name>
    <message>
        <location filename="../exam_dialogs.py" line="152"/>
        <source>Exam blueprint</source>
        <translation>Prüfungsvorlage</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="157"/>
        <source>e.g. Stud dealer, module 1</source>
        <translation>z. B. Stud-Dealer, Modul 1</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="158"/>
        <source>&amp;Name</source>
        <translation>&amp;Name</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="160"/>
        <source>Drills of each skill (0: not asked)</source>
        <translation>Aufgaben je Fertigkeit (0: nicht gefragt)</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="178"/>
        <source>Limit &amp;tables (Space ticks)</source>
        <translation>Limit-&amp;Tische (Leertaste hakt an)</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="179"/>
        <source>House &amp;profiles (none: each table&apos;s own)</source>
        <translation>Hausregel-&amp;Profile (keins: das des Tisches)</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="192"/>
        <source> min</source>
        <translation> Min.</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="197"/>
        <source>Time &amp;limit</source>
        <translation>&amp;Zeitlimit</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="198"/>
        <source>Pass &amp;mark</source>
        <translation>&amp;Bestehensgrenze</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="203"/>
        <source>&amp;Instructor</source>
        <translation>&amp;Ausbilder</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="204"/>
        <source>Instructor&apos;s PI&amp;N</source>
        <translation>PI&amp;N des Ausbilders</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="211"/>
        <source>Lock the blueprint  [Enter]</source>
        <translation>Vorlage festschreiben  [Enter]</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="214"/>
        <source>New instructor…</source>
        <translation>Neuer Ausbilder…</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="217"/>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="225"/>
        <source>Locked blueprints</source>
        <translation>Festgeschriebene Vorlagen</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="229"/>
        <source>No instructor yet: register yourself first (New instructor…).</source>
        <translation>Noch kein Ausbilder: Tragen Sie sich zuerst ein (Neuer Ausbilder…).</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="260"/>
        <source>Locked: %1 (%2), seal %3. Trainees can take it now; it cannot be changed.</source>
        <translation>Festgeschrieben: %1 (%2), Siegel %3. Teilnehmer können die Prüfung jetzt ablegen; sie ist nicht mehr änderbar.</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="286"/>
        <source>%1 is registered as an instructor.</source>
        <translation>%1 ist als Ausbilder eingetragen.</translation>
    </message>
</context>
<context>
    <name>Cases</name>
    <message>
        <location filename="../../floor/cases.py" line="36"/>
        <source>irregularity</source>
        <translation>Unregelmäßigkeit</translation>
    </message>
    <message>
        <location filename="../../floor/cases.py" line="37"/>
        <source>misdeal</source>
        <translation>Misdeal</translation>
    </message>
    <message>
        <location filename="../../floor/cases.py" line="38"/>
        <source>pot dispute</source>
        <translation>Streit um den Pot</translation>
    </message>
    <message>
        <location filename="../../floor/cases.py" line="39"/>
        <source>conduct</source>
        <translation>Verhalten</translation>
    </message>
    <message>
        <location filename="../../floor/cases.py" line="40"/>
        <source>other</source>
        <translation>Sonstiges</translation>
    </message>
    <message>
        <location filename="../../floor/cases.py" line="43"/>
        <source>open</source>
        <translation>offen</translation>
    </message>
    <message>
        <location filename="../../floor/cases.py" line="44"/>
        <source>decided</source>
        <translation>entschieden</translation>
    </message>
    <message>
        <location filename="../../floor/cases.py" line="45"/>
        <source>appealed</source>
        <translation>Einspruch eingelegt</translation>
    </message>
    <message>
        <location filename="../../floor/cases.py" line="46"/>
        <source>closed</source>
        <translation>abgeschlossen</translation>
    </message>
</context>
<context>
    <name>Chips</name>
    <message>
        <location filename="../drill_facts.py" line="311"/>
        <source>white</source>
        <translation>weiß</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="312"/>
        <source>red</source>
        <translation>rot</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="313"/>
        <source>green</source>
        <translation>grün</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="314"/>
        <source>black</source>
        <translation>schwarz</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="315"/>
        <source>purple</source>
        <translation>lila</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="316"/>
        <source>yellow</source>
        <translation>gelb</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="317"/>
        <source>blue</source>
        <translation>blau</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="318"/>
        <source>pink</source>
        <translation>rosa</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="319"/>
        <source>grey</source>
        <translation>grau</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="327"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="333"/>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="334"/>
        <source>no chips</source>
        <translation>keine Chips</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="345"/>
        <source>The table&apos;s chips: %1</source>
        <translation>Die Chips des Tisches: %1</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="350"/>
        <source>The pot, stacked: %1</source>
        <translation>Der Pot, gestapelt: %1</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="354"/>
        <source>Seat %1 calls %2 and puts out one %3 chip.</source>
        <translation>Platz %1 geht %2 mit und legt einen %3-Chip hin.</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="363"/>
        <source>Seat %1 leaves the table with %2.</source>
        <translation>Platz %1 verlässt den Tisch mit %2.</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="374"/>
        <source>High: %1</source>
        <translation>High: %1</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="383"/>
        <source>Low: %1</source>
        <translation>Low: %1</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="389"/>
        <source>The smallest chip: %1</source>
        <translation>Der kleinste Chip: %1</translation>
    </message>
</context>
<context>
    <name>DrillFacts</name>
    <message>
        <location filename="../drill_facts.py" line="80"/>
        <source>%1 (%2 lines hidden: Alt+H shows the whole hand)</source>
        <translation>%1 (%2 Zeilen ausgeblendet: Alt+H zeigt das ganze Spiel)</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="89"/>
        <source>1 card</source>
        <translation>1 Karte</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="89"/>
        <source>%1 cards</source>
        <translation>%1 Karten</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="106"/>
        <source>Antes: %1 from each of the %2 players (%3)</source>
        <translation>Antes: %1 von jedem der %2 Spieler (%3)</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="142"/>
        <source>Seat %1 shows</source>
        <translation>Platz %1 zeigt</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="150"/>
        <location filename="../drill_facts.py" line="248"/>
        <location filename="../drill_facts.py" line="376"/>
        <location filename="../drill_facts.py" line="385"/>
        <location filename="../drill_facts.py" line="461"/>
        <location filename="../drill_facts.py" line="529"/>
        <source>seat %1 %2</source>
        <translation>Platz %1 %2</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="152"/>
        <source>Starting stacks: %1</source>
        <translation>Stacks zu Beginn: %1</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="159"/>
        <source>Before this round: %1 in the stub, %2 burn cards, %3 players to deal to</source>
        <translation>Vor dieser Runde: %1 im Reststapel, %2 gebrannte Karten, %3 Spieler bekommen Karten</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="175"/>
        <source>pot %1 (seats %2)</source>
        <translation>Pot %1 (Plätze %2)</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="182"/>
        <source>main pot %1 (seats %2)</source>
        <translation>Hauptpot %1 (Plätze %2)</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="185"/>
        <source>side pot %1 %2 (seats %3)</source>
        <translation>%1. Sidepot %2 (Plätze %3)</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="192"/>
        <source>In the middle: %1</source>
        <translation>In der Mitte: %1</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="216"/>
        <location filename="../drill_facts.py" line="412"/>
        <location filename="../drill_facts.py" line="426"/>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="224"/>
        <source>Antes: %1 = %2</source>
        <translation>Antes: %1 = %2</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="231"/>
        <source>%1: %2 = %3</source>
        <translation>%1: %2 = %3</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="236"/>
        <source>The pot: %1 = %2</source>
        <translation>Der Pot: %1 = %2</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="250"/>
        <source>(folded)</source>
        <translation>(gepasst)</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="252"/>
        <source>(all-in)</source>
        <translation>(All-in)</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="254"/>
        <source>In the pot from each seat: %1</source>
        <translation>Im Pot von jedem Platz: %1</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="266"/>
        <source>Main pot</source>
        <translation>Hauptpot</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="266"/>
        <source>Side pot %1</source>
        <translation>%1. Sidepot</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="270"/>
        <source>%1: %2 (seats %3)</source>
        <translation>%1: %2 (Plätze %3)</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="276"/>
        <source>%1: %2 = %3 (seats %4)</source>
        <translation>%1: %2 = %3 (Plätze %4)</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="302"/>
        <source>Nobody bet on %1; seat %2 acted first</source>
        <translation>Bei der %1 hat niemand gesetzt; Platz %2 sprach zuerst</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="304"/>
        <source>The last bet or raise on %1: %2</source>
        <translation>Der letzte Einsatz oder die letzte Erhöhung bei der %1: %2</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="402"/>
        <source>Different ranks eight or lower (ace low): %1</source>
        <translation>Verschiedene Ränge bis zur Acht (Ass niedrig): %1</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="404"/>
        <source>Fewer than five: no low; the high hand takes the whole pot (H-3)</source>
        <translation>Weniger als fünf: kein Low; die High-Hand gewinnt den ganzen Pot (H-3)</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="406"/>
        <source>The lowest five: %1</source>
        <translation>Die niedrigsten fünf: %1</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="413"/>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="417"/>
        <source>%1 − %2 = %3 change</source>
        <translation>%1 − %2 = %3 Wechselgeld</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="425"/>
        <source>The stack: %1 = %2</source>
        <translation>Der Stack: %1 = %2</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="431"/>
        <source>The fewest chips, the largest first: %1</source>
        <translation>Möglichst wenige Chips, die größten zuerst: %1</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="440"/>
        <source>Pot %1: low half %2 (whole %3 chips), high half %4</source>
        <translation>Pot %1: Low-Hälfte %2 (ganze %3-Chips), High-Hälfte %4</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="448"/>
        <source>The odd chip goes to the high half (H-3)</source>
        <translation>Der ungerade Chip geht an die High-Hälfte (H-3)</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="453"/>
        <source>%1 split between seats %2; an odd chip to the highest card by suit first (W-4)</source>
        <translation>%1 geteilt zwischen den Plätzen %2; ein ungerader Chip zuerst an die höchste Karte nach Farbe (W-4)</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="490"/>
        <source>Seat %1 has %2 in front and %3 behind; the bet stands at %4; raises %5 of %6</source>
        <translation>Platz %1 hat %2 vor sich und %3 im Stack; der Einsatz steht bei %4; Erhöhungen %5 von %6</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="507"/>
        <source>%1 in the stub, %2 burn cards, %3 players to deal to</source>
        <translation>%1 im Reststapel, %2 gebrannte Karten, %3 Spieler bekommen Karten</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="516"/>
        <source>52 − %1 dealt − %2 burned = %3</source>
        <translation>52 − %1 gegeben − %2 gebrannt = %3</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="518"/>
        <source>(the burn cards shuffled into the stub count as stub again)</source>
        <translation>(die in den Reststapel gemischten gebrannten Karten zählen wieder zum Reststapel)</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="534"/>
        <source>the first card of the hand was dealt to the wrong seat</source>
        <translation>Die erste Karte des Spiels ging an den falschen Platz</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="536"/>
        <source>seat %1 was dealt in, though not entitled to a hand</source>
        <translation>Platz %1 hat Karten bekommen, obwohl ihm keine Hand zusteht</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="539"/>
        <source>a player entitled to a hand was dealt out (the player beside seat %1)</source>
        <translation>Ein Spieler, dem eine Hand zusteht, wurde übergangen (der Spieler neben Platz %1)</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="543"/>
        <source>seat %1 was dealt the wrong number of cards, which cannot be put right in sequence</source>
        <translation>Platz %1 hat die falsche Kartenzahl, die sich nicht in der Reihenfolge korrigieren lässt</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="554"/>
        <source>I-1 Exposed downcard: it is the door card, the third card down</source>
        <translation>I-1 Aufgedeckte verdeckte Karte: Sie ist die Door Card, die dritte Karte verdeckt</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="555"/>
        <source>I-2 Card dealt too early: it goes back, no new burn</source>
        <translation>I-2 Zu früh gegebene Karte: Sie geht zurück, ohne neu zu brennen</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="556"/>
        <source>I-3 The floor decides</source>
        <translation>I-3 Der Floor entscheidet</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="557"/>
        <source>I-4 Wrong bring-in corrected: chips back, the right player brings in</source>
        <translation>I-4 Falscher Bring-in korrigiert: Chips zurück, der richtige Spieler setzt den Bring-in</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="558"/>
        <source>I-5 Action out of turn: binding unless the action changed</source>
        <translation>I-5 Aktion außer der Reihe: bindend, außer die Aktion hat sich geändert</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="559"/>
        <source>I-6 Misdeal: everything back, the hand dealt again</source>
        <translation>I-6 Misdeal: alles zurück, das Spiel neu gegeben</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="560"/>
        <source>I-7 Fouled deck: play stops, every bet and ante back</source>
        <translation>I-7 Fehlerhaftes Deck: Das Spiel wird angehalten, jeder Einsatz und jede Ante zurück</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="561"/>
        <source>I-8 A flashed card, or one off the table, is an exposed card</source>
        <translation>I-8 Eine geflashte Karte oder eine vom Tisch gefallene gilt als aufgedeckt</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="576"/>
        <source>applies now</source>
        <translation>gilt jetzt</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="578"/>
        <source>not now</source>
        <translation>jetzt nicht</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="580"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="592"/>
        <source>Dealing third street, the dealer exposes one of seat %1&apos;s two downcards: %2.</source>
        <translation>Beim Geben der 3. Karte deckt der Dealer eine der beiden verdeckten Karten von Platz %1 auf: %2.</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="600"/>
        <source>Dealing third street, the dealer flashes seat %1&apos;s first downcard, %2: the table has seen it.</source>
        <translation>Beim Geben der 3. Karte lässt der Dealer die erste verdeckte Karte von Platz %1 aufblitzen, %2: Der Tisch hat sie gesehen.</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="611"/>
        <source>Dealing third street, both of seat %1&apos;s downcards are exposed: %2 and %3.</source>
        <translation>Beim Geben der 3. Karte sind beide verdeckten Karten von Platz %1 aufgedeckt: %2 und %3.</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="619"/>
        <source>Dealing seventh street, the dealer flashes seat %1&apos;s downcard, %2.</source>
        <translation>Beim Geben der 7. Karte lässt der Dealer die verdeckte Karte von Platz %1 aufblitzen, %2.</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="621"/>
        <source>Dealing seventh street, the dealer exposes seat %1&apos;s downcard: %2.</source>
        <translation>Beim Geben der 7. Karte deckt der Dealer die verdeckte Karte von Platz %1 auf: %2.</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="627"/>
        <source>Before this betting round has ended, the dealer deals seat %1 its %2 card.</source>
        <translation>Bevor diese Setzrunde beendet ist, gibt der Dealer Platz %1 schon die Karte der nächsten Runde (%2).</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="635"/>
        <source>Seat %1&apos;s door card was read as %2: it is %3. Seat %4 brought in.</source>
        <translation>Die Door Card von Platz %1 wurde als %2 gelesen: Sie ist %3. Platz %4 hat den Bring-in gesetzt.</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="643"/>
        <source>This table&apos;s house option out_of_turn: %1</source>
        <translation>Die Hausregel out_of_turn dieses Tischs: %1</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="647"/>
        <source>Seat %1 %2 out of turn while seat %3 has the turn.</source>
        <translation>Platz %1 außer der Reihe: %2, während Platz %3 am Zug ist.</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="657"/>
        <source>Now %1: the turn comes to seat %2.</source>
        <translation>Nun: %1. Damit ist Platz %2 am Zug.</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="664"/>
        <source>It is found now that %1.</source>
        <translation>Jetzt wird bemerkt: %1.</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="666"/>
        <source>A card is found twice in the deck.</source>
        <translation>Eine Karte wird doppelt im Deck gefunden.</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="668"/>
        <source>A card is found missing from the deck.</source>
        <translation>Im Deck fehlt eine Karte.</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="693"/>
        <source>A card the dealer flashes is an exposed card (I-8).</source>
        <translation>Eine Karte, die der Dealer aufblitzen lässt, gilt als aufgedeckt (I-8).</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="697"/>
        <source>Third street, seat %1&apos;s cards being dealt: the exposed card is its door card and its third card is dealt down (I-1).</source>
        <translation>3. Karte, die Karten von Platz %1 werden gegeben: Die aufgedeckte Karte ist seine Door Card, seine dritte Karte wird verdeckt gegeben (I-1).</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="707"/>
        <source>Both downcards exposed on third street: a misdeal (I-1, I-6).</source>
        <translation>Beide verdeckten Karten bei der 3. Karte aufgedeckt: ein Misdeal (I-1, I-6).</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="708"/>
        <source>No betting yet, so no substantial action: every ante goes back and the hand is dealt again, the same players in it (I-6).</source>
        <translation>Noch keine Setzrunde, also keine wesentliche Aktion: Jede Ante geht zurück, und das Spiel wird neu gegeben, mit denselben Spielern (I-6).</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="716"/>
        <source>I-1 is a third-street remedy; an exposed card on a later street is left to the floor (I-3).</source>
        <translation>I-1 ist eine Abhilfe der 3. Karte; eine aufgedeckte Karte in einer späteren Runde entscheidet der Floor (I-3).</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="724"/>
        <source>The deck is short for the next street (D-7): the floor decides how to deal it (I-3).</source>
        <translation>Das Deck reicht für die nächste Runde nicht (D-7): Der Floor entscheidet, wie sie gegeben wird (I-3).</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="729"/>
        <source>The card goes back; the stub is shuffled with it, without the burns, and the street is dealt without a new burn (I-2).</source>
        <translation>Die Karte geht zurück; der Reststapel wird mit ihr gemischt, ohne die gebrannten Karten, und die Runde wird gegeben, ohne neu zu brennen (I-2).</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="739"/>
        <source>Nobody has acted after the bring-in: it is corrected; the chips go back and the right player brings in (I-4).</source>
        <translation>Nach dem Bring-in hat noch niemand gesprochen: Er wird korrigiert; die Chips gehen zurück, und der richtige Spieler setzt den Bring-in (I-4).</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="746"/>
        <location filename="../drill_facts.py" line="790"/>
        <source>After the bring-in: %1.</source>
        <translation>Nach dem Bring-in: %1.</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="747"/>
        <source>The next player has acted: the bring-in stands (I-4); the floor decides about the card (I-3).</source>
        <translation>Der nächste Spieler hat gesprochen: Der Bring-in bleibt (I-4); über die Karte entscheidet der Floor (I-3).</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="755"/>
        <source>The house option out_of_turn is floor: every action out of turn is referred to the floor (I-5, I-3).</source>
        <translation>Die Hausregel out_of_turn ist floor: Jede Aktion außer der Reihe geht an den Floor (I-5, I-3).</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="766"/>
        <source>Between the action out of turn and seat %1&apos;s turn: %2.</source>
        <translation>Zwischen der Aktion außer der Reihe und dem Zug von Platz %1: %2.</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="773"/>
        <source>No bet or raise came in between: the action to the player has not changed, so the action out of turn is binding (I-5).</source>
        <translation>Dazwischen kam kein Einsatz und keine Erhöhung: Die Aktion für den Spieler hat sich nicht geändert, also ist die Aktion außer der Reihe bindend (I-5).</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="781"/>
        <source>A bet or raise came in between: the action out of turn is not binding; its chips go back and the player has every option (I-5).</source>
        <translation>Dazwischen kam ein Einsatz oder eine Erhöhung: Die Aktion außer der Reihe ist nicht bindend; ihre Chips gehen zurück, und der Spieler hat alle Optionen (I-5).</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="792"/>
        <source>Nobody has acted after the bring-in.</source>
        <translation>Nach dem Bring-in hat noch niemand gesprochen.</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="797"/>
        <source>Fewer than two players after the bring-in have acted: no substantial action yet, so it is a misdeal; every ante and bet goes back and the hand is dealt again (I-6).</source>
        <translation>Nach dem Bring-in haben weniger als zwei Spieler gesprochen: noch keine wesentliche Aktion, also ein Misdeal; alle Antes und Einsätze gehen zurück, und das Spiel wird neu gegeben (I-6).</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="806"/>
        <source>Two players after the bring-in have acted: substantial action. The hand plays on (I-6); a hand with the wrong number of cards is dead; the floor decides the rest (I-3).</source>
        <translation>Nach dem Bring-in haben zwei Spieler gesprochen: wesentliche Aktion. Das Spiel geht weiter (I-6); eine Hand mit der falschen Kartenzahl ist tot; den Rest entscheidet der Floor (I-3).</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="814"/>
        <source>The pot has been awarded: the hand is over, so the floor decides (I-3).</source>
        <translation>Der Pot ist ausgezahlt: Das Spiel ist vorbei, also entscheidet der Floor (I-3).</translation>
    </message>
    <message>
        <location filename="../drill_facts.py" line="816"/>
        <source>A fouled deck: play stops and every bet and ante of the hand goes back, whatever the action so far (I-7).</source>
        <translation>Ein fehlerhaftes Deck: Das Spiel wird angehalten, und jeder Einsatz und jede Ante des Spiels geht zurück, unabhängig von der bisherigen Aktion (I-7).</translation>
    </message>
</context>
<context>
    <name>DrillReview</name>
    <message>
        <location filename="../drill_review.py" line="79"/>
        <source>Review — %1, %2</source>
        <translation>Durchsicht — %1, %2</translation>
    </message>
    <message>
        <location filename="../drill_review.py" line="83"/>
        <source>%1 on %2 (UTC), %3; seed %4</source>
        <translation>%1 am %2 (UTC), %3; Seed %4</translation>
    </message>
    <message>
        <location filename="../drill_review.py" line="97"/>
        <source>No drill was kept with this answer: it cannot be shown.</source>
        <translation>Zu dieser Antwort wurde keine Aufgabe aufbewahrt: Sie kann nicht gezeigt werden.</translation>
    </message>
    <message>
        <location filename="../drill_review.py" line="98"/>
        <source>The drills have changed since this answer: its hand cannot be shown as it was.</source>
        <translation>Die Aufgaben haben sich seit dieser Antwort geändert: Ihr Spiel kann nicht so gezeigt werden, wie es war.</translation>
    </message>
    <message>
        <location filename="../drill_review.py" line="99"/>
        <source>The drill cannot be rebuilt: %1</source>
        <translation>Die Aufgabe kann nicht wiederhergestellt werden: %1</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <location filename="../../engine/betting.py" line="79"/>
        <source>no door card is recorded, so nobody can be named to bring in</source>
        <translation>keine Door Card erfasst, daher kann niemand für den Bring-in bestimmt werden</translation>
    </message>
    <message>
        <location filename="../../engine/cards.py" line="52"/>
        <source>unknown card code %1: expected rank and suit, like &apos;Ah&apos; or &apos;10d&apos;</source>
        <translation>unbekannte Karte %1: Erwartet werden Rang und Farbe, etwa &apos;ah&apos; oder &apos;10d&apos;</translation>
    </message>
    <message>
        <location filename="../../engine/cards.py" line="65"/>
        <source>unknown card code %1: rank %2 is not one of 2-9, T (or 10), J, Q, K, A</source>
        <translation>unbekannte Karte %1: Rang %2 ist keiner von 2-9, 10 (oder Z, T), B (J), D (Q), K, A</translation>
    </message>
    <message>
        <location filename="../../engine/cards.py" line="73"/>
        <source>unknown card code %1: suit %2 is not one of c d h s ♣ ♦ ♥ ♠</source>
        <translation>unbekannte Karte %1: Farbe %2 ist keine von c d h s ♣ ♦ ♥ ♠ (Kreuz, Karo, Herz, Pik)</translation>
    </message>
    <message>
        <location filename="../../engine/cards.py" line="105"/>
        <source>%1 (at position %2 of %3)</source>
        <translation>%1 (an Stelle %2 von %3)</translation>
    </message>
    <message>
        <location filename="../../engine/cards.py" line="152"/>
        <source>unknown card code %1: a card starts with its rank (2-9, 10 or T, J, Q, K, A)</source>
        <translation>unbekannte Karte %1: Eine Karte beginnt mit ihrem Rang (2-9, 10 oder Z, B, D, K, A)</translation>
    </message>
    <message>
        <location filename="../../engine/cards.py" line="173"/>
        <source>unknown card code %1: an upcard is always seen</source>
        <translation>unbekannte Karte %1: Eine offene Karte ist immer zu sehen</translation>
    </message>
    <message>
        <location filename="../../engine/core.py" line="118"/>
        <source>there is no seat %1 in this hand (seats: %2)</source>
        <translation>in diesem Spiel gibt es keinen Platz %1 (Plätze: %2)</translation>
    </message>
    <message>
        <location filename="../../engine/dealing.py" line="112"/>
        <source>card %1 is already seen in this hand (%2)</source>
        <translation>die Karte %1 ist in diesem Spiel schon gesehen (%2)</translation>
    </message>
    <message>
        <location filename="../../engine/dealing.py" line="122"/>
        <source>the common card</source>
        <translation>die Gemeinschaftskarte</translation>
    </message>
    <message>
        <location filename="../../engine/dealing.py" line="125"/>
        <source>seat %1&apos;s upcard</source>
        <translation>offene Karte von Platz %1</translation>
    </message>
    <message>
        <location filename="../../engine/dealing.py" line="126"/>
        <source>seat %1&apos;s downcard</source>
        <translation>verdeckte Karte von Platz %1</translation>
    </message>
    <message>
        <location filename="../../engine/dealing.py" line="186"/>
        <source>no cards are being dealt now (%1 on street %2)</source>
        <translation>jetzt werden keine Karten gegeben (%1, %2. Karte)</translation>
    </message>
    <message>
        <location filename="../../engine/dealing.py" line="195"/>
        <source>street %1 is a common card: deal it to the middle (D-8)</source>
        <translation>die %1. Karte ist eine Gemeinschaftskarte: sie offen in die Mitte legen (D-8)</translation>
    </message>
    <message>
        <location filename="../../engine/dealing.py" line="201"/>
        <source>seat %1 has folded and gets no cards</source>
        <translation>Platz %1 hat gepasst und bekommt keine Karten</translation>
    </message>
    <message>
        <location filename="../../engine/dealing.py" line="203"/>
        <source>seat %1 gets the next card, not seat %2</source>
        <translation>Platz %1 bekommt die nächste Karte, nicht Platz %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../../engine/dealing.py" line="214"/>
        <source>street %1 deals %2 card(s) to seat %3, got %4</source>
        <translation>
            <numerusform>bei der %1. Karte bekommt Platz %3 %2 Karte, erhalten: %4</numerusform>
            <numerusform>bei der %1. Karte bekommt Platz %3 %2 Karten, erhalten: %4</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../engine/dealing.py" line="227"/>
        <source>seat %1&apos;s upcard must be entered (an upcard is always seen)</source>
        <translation>die offene Karte von Platz %1 muss eingegeben werden (eine offene Karte ist immer zu sehen)</translation>
    </message>
    <message>
        <location filename="../../engine/dealing.py" line="234"/>
        <source>card %1 entered twice for seat %2</source>
        <translation>Karte %1 für Platz %2 zweimal eingegeben</translation>
    </message>
    <message>
        <location filename="../../engine/dealing.py" line="242"/>
        <source>no common card is due now</source>
        <translation>jetzt ist keine Gemeinschaftskarte fällig</translation>
    </message>
    <message>
        <location filename="../../engine/dealing.py" line="245"/>
        <source>the common card is face up and must be entered</source>
        <translation>die Gemeinschaftskarte liegt offen und muss eingegeben werden</translation>
    </message>
    <message>
        <location filename="../../engine/hand.py" line="130"/>
        <source>seat %1: the amount %2 is not a whole number of cents</source>
        <translation>Platz %1: Der Betrag %2 ist keine ganze Zahl von Cent</translation>
    </message>
    <message>
        <location filename="../../engine/hand.py" line="184"/>
        <source>unknown action %1 (known: %2)</source>
        <translation>unbekannte Aktion %1 (bekannt: %2)</translation>
    </message>
    <message>
        <location filename="../../engine/hand.py" line="189"/>
        <source>seat %1 cannot %2 now: no betting round is open (%3)</source>
        <translation>Platz %1 kann jetzt nicht %2: Keine Setzrunde ist offen (%3)</translation>
    </message>
    <message>
        <location filename="../../engine/hand.py" line="198"/>
        <source>seat %1 acted out of turn: seat %2 is to act</source>
        <translation>Platz %1 hat außer der Reihe gesprochen: Platz %2 ist am Zug</translation>
    </message>
    <message>
        <location filename="../../engine/hand.py" line="209"/>
        <source>seat %1 may not %2 now (legal: %3)</source>
        <translation>Platz %1 darf jetzt nicht %2 (erlaubt: %3)</translation>
    </message>
    <message>
        <location filename="../../engine/hand.py" line="215"/>
        <source>seat %1 may not %2 to %3: %4</source>
        <translation>Platz %1 darf nicht %2 auf %3: %4</translation>
    </message>
    <message>
        <location filename="../../engine/hand.py" line="240"/>
        <source>%1 to %2-%3</source>
        <translation>%1 auf %2-%3</translation>
    </message>
    <message>
        <location filename="../../engine/hand.py" line="246"/>
        <source>%1 to %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <location filename="../../engine/showdown.py" line="366"/>
        <source>seat %1 cannot show: downcards not entered</source>
        <translation>Platz %1 kann nicht zeigen: verdeckte Karten nicht eingegeben</translation>
    </message>
    <message>
        <location filename="../../engine/showdown.py" line="387"/>
        <source>seat %1 has folded and has no hand to turn up</source>
        <translation>Platz %1 hat gepasst und hat keine Hand zum Aufdecken</translation>
    </message>
    <message>
        <location filename="../../engine/showdown.py" line="393"/>
        <source>seat %1 holds %2 cards; %3 turned up</source>
        <translation>Platz %1 hält %2 Karten; %3 aufgedeckt</translation>
    </message>
    <message>
        <location filename="../../engine/showdown.py" line="406"/>
        <source>seat %1 is the last player left and cannot muck</source>
        <translation>Platz %1 ist der letzte Spieler und kann nicht mucken</translation>
    </message>
    <message>
        <location filename="../../engine/showdown.py" line="451"/>
        <source>there is no showdown now (%1)</source>
        <translation>jetzt ist kein Showdown (%1)</translation>
    </message>
    <message>
        <location filename="../../engine/showdown.py" line="457"/>
        <source>seat %1 is not waiting to show (waiting: %2)</source>
        <translation>Platz %1 wartet nicht aufs Zeigen (es warten: %2)</translation>
    </message>
    <message>
        <location filename="../../engine/showdown.py" line="474"/>
        <source>seat %1 shows %2, which lacks the upcard %3</source>
        <translation>Platz %1 zeigt %2, darin fehlt die offene Karte %3</translation>
    </message>
    <message>
        <location filename="../../engine/showdown.py" line="486"/>
        <source>seat %1 has %2 downcards; %3 given</source>
        <translation>Platz %1 hat %2 verdeckte Karten; %3 angegeben</translation>
    </message>
    <message>
        <location filename="../../engine/showdown.py" line="491"/>
        <source>seat %1 shows a card twice</source>
        <translation>Platz %1 zeigt eine Karte zweimal</translation>
    </message>
    <message>
        <location filename="../../engine/showdown.py" line="496"/>
        <source>seat %1&apos;s downcard %2 is not among the cards shown</source>
        <translation>die verdeckte Karte %2 von Platz %1 ist nicht unter den gezeigten</translation>
    </message>
    <message>
        <location filename="../../record/inputs.py" line="157"/>
        <source>enter the card (%1)</source>
        <translation>die Karte eingeben (%1)</translation>
    </message>
    <message>
        <location filename="../../record/inputs.py" line="194"/>
        <source>the game is switched between hands only</source>
        <translation>das Spiel wird nur zwischen den Händen gewechselt</translation>
    </message>
    <message>
        <location filename="../../record/inputs.py" line="209"/>
        <source>the input %1 is not one the record writes (a part missing or not as written)</source>
        <translation>die Eingabe %1 ist keine, wie sie das Protokoll schreibt (ein Teil fehlt oder ist nicht wie geschrieben)</translation>
    </message>
    <message>
        <location filename="../../live/dealer_inputs.py" line="204"/>
        <location filename="../../record/inputs.py" line="173"/>
        <source>%1 is not an irregularity the table reports (%2)</source>
        <translation>%1 ist keine Unregelmäßigkeit, die der Tisch meldet (%2)</translation>
    </message>
    <message>
        <location filename="../../live/dealer_inputs.py" line="48"/>
        <source>a limit table and a profile are named by text, not %1 / %2</source>
        <translation>Limit-Tisch und Profil werden als Text benannt, nicht %1 / %2</translation>
    </message>
    <message>
        <location filename="../../live/dealer_inputs.py" line="55"/>
        <source>the players are a list of (seat, name, buy-in), not %1</source>
        <translation>die Spieler sind eine Liste aus (Platz, Name, Buy-in), nicht %1</translation>
    </message>
    <message>
        <location filename="../../live/dealer_inputs.py" line="65"/>
        <source>%1: the limit table cannot be read (%2)</source>
        <translation>%1: Der Limit-Tisch ist nicht lesbar (%2)</translation>
    </message>
    <message>
        <location filename="../../live/seating.py" line="36"/>
        <source>a player is (seat, name, buy-in in cents), not %1</source>
        <translation>ein Spieler ist (Platz, Name, Buy-in in Cent), nicht %1</translation>
    </message>
    <message>
        <location filename="../../live/seating.py" line="50"/>
        <source>seat %1 (%2)</source>
        <translation>Platz %1 (%2)</translation>
    </message>
    <message>
        <location filename="../../live/seating.py" line="52"/>
        <source>seat %1</source>
        <translation>Platz %1</translation>
    </message>
    <message>
        <location filename="../../live/seating.py" line="55"/>
        <source>seat at least two players</source>
        <translation>mindestens zwei Spieler setzen</translation>
    </message>
    <message>
        <location filename="../../live/controller.py" line="324"/>
        <source>no table is open</source>
        <translation>kein Tisch ist geöffnet</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="310"/>
        <location filename="../../floor/rulings.py" line="360"/>
        <location filename="../../live/floor_acts.py" line="43"/>
        <source>there is no hand record</source>
        <translation>es gibt kein Spielprotokoll</translation>
    </message>
    <message>
        <location filename="../../live/floor_acts.py" line="47"/>
        <location filename="../../recordsvc/server.py" line="842"/>
        <source>this table (session %1) is open in another dealer-app window</source>
        <translation>dieser Tisch (Sitzung %1) ist in einem anderen dealer-app-Fenster geöffnet</translation>
    </message>
    <message>
        <location filename="../../live/floor_acts.py" line="52"/>
        <source>session %1 is not an open table in the record</source>
        <translation>Sitzung %1 ist im Protokoll kein offener Tisch</translation>
    </message>
    <message>
        <location filename="../../live/floor_acts.py" line="59"/>
        <source>a table whose record fails its check is closed by the floor: the floor&apos;s account name and passphrase</source>
        <translation>ein Tisch, dessen Protokoll die Prüfung nicht besteht, wird vom Floor geschlossen: Floor-Konto und Passwort</translation>
    </message>
    <message>
        <location filename="../../live/controller.py" line="252"/>
        <location filename="../../live/controller.py" line="413"/>
        <location filename="../../live/controller.py" line="434"/>
        <source>open a table first</source>
        <translation>zuerst einen Tisch öffnen</translation>
    </message>
    <message>
        <location filename="../../live/controller.py" line="259"/>
        <location filename="../../live/controller.py" line="432"/>
        <source>start a hand first</source>
        <translation>zuerst ein Spiel beginnen</translation>
    </message>
    <message>
        <location filename="../../live/seating.py" line="70"/>
        <source>seats change</source>
        <translation>Plätze ändern sich</translation>
    </message>
    <message>
        <location filename="../../live/dealer_inputs.py" line="250"/>
        <source>the second %1 is the big bet an open pair on fourth street allows; there is none here</source>
        <translation>die zweite Taste für %1 ist der große Einsatz, den ein offenes Paar bei der 4. Karte erlaubt; hier gibt es keinen</translation>
    </message>
    <message>
        <location filename="../../live/dealer_inputs.py" line="262"/>
        <source>there is no bet to call</source>
        <translation>es gibt keinen Einsatz zum Mitgehen</translation>
    </message>
    <message>
        <location filename="../../live/dealer_inputs.py" line="267"/>
        <source>there is a bet to call: %1</source>
        <translation>es steht ein Einsatz zum Mitgehen: %1</translation>
    </message>
    <message>
        <location filename="../../live/dealer_inputs.py" line="273"/>
        <source>seat %1 brings in: bring in or complete</source>
        <translation>Platz %1 setzt den Bring-in: Bring-in oder komplettieren</translation>
    </message>
    <message>
        <location filename="../../live/dealer_inputs.py" line="278"/>
        <source>the bring-in is only the first action of third street, by the lowest door card</source>
        <translation>der Bring-in ist nur die erste Aktion der 3. Karte, durch die niedrigste Door Card</translation>
    </message>
    <message>
        <location filename="../../live/dealer_inputs.py" line="291"/>
        <source>it is %1 here, not %2</source>
        <translation>hier heißt es %1, nicht %2</translation>
    </message>
    <message>
        <location filename="../../live/dealer_inputs.py" line="298"/>
        <source>%1 needs its amount</source>
        <translation>%1 braucht einen Betrag</translation>
    </message>
    <message>
        <location filename="../../live/dealer_inputs.py" line="81"/>
        <source>a card is typed as text (ah, td, 10d), not %1</source>
        <translation>eine Karte wird als Text getippt (ah, zd, 10d), nicht %1</translation>
    </message>
    <message>
        <location filename="../../live/dealer_inputs.py" line="90"/>
        <source>an upcard is always seen: enter its rank and suit</source>
        <translation>eine offene Karte ist immer zu sehen: Rang und Farbe eingeben</translation>
    </message>
    <message>
        <location filename="../../live/dealer_inputs.py" line="101"/>
        <source>street %1 is complete: %2 is one card too many</source>
        <translation>Die %1. Karte ist komplett: %2 ist eine Karte zu viel</translation>
    </message>
    <message>
        <location filename="../../live/dealer_inputs.py" line="109"/>
        <source>no card is due now (%1)</source>
        <translation>jetzt ist keine Karte fällig (%1)</translation>
    </message>
    <message>
        <location filename="../../live/dealer_inputs.py" line="114"/>
        <source>the river is not due now</source>
        <translation>der River ist jetzt nicht fällig</translation>
    </message>
    <message>
        <location filename="../../live/dealer_inputs.py" line="121"/>
        <location filename="../../live/dealer_inputs.py" line="243"/>
        <source>no action is due now (%1)</source>
        <translation>jetzt ist keine Aktion fällig (%1)</translation>
    </message>
    <message>
        <location filename="../../live/dealer_inputs.py" line="135"/>
        <source>%1 %2–%3: %4 is outside that range</source>
        <translation>%1 %2–%3: %4 liegt außerhalb dieses Bereichs</translation>
    </message>
    <message>
        <location filename="../../live/dealer_inputs.py" line="159"/>
        <source>shown cards are typed as text (ah kd 7c), not %1</source>
        <translation>gezeigte Karten werden als Text getippt (ah kd 7c), nicht %1</translation>
    </message>
    <message>
        <location filename="../../live/dealer_inputs.py" line="173"/>
        <source>seat %1 has %2 downcards: %3 typed, %4 more to type</source>
        <translation>Platz %1 hat %2 verdeckte Karten: %3 getippt, noch %4 zu tippen</translation>
    </message>
    <message>
        <location filename="../../live/floor_acts.py" line="100"/>
        <source>seat %1 %2%3</source>
        <translation>Platz %1 %2%3</translation>
    </message>
    <message>
        <location filename="../../live/floor_acts.py" line="108"/>
        <source>The floor&apos;s ruling %1 moved chips: %2 (I-3)</source>
        <translation>Die Entscheidung %1 des Floors hat Chips bewegt: %2 (I-3)</translation>
    </message>
    <message>
        <location filename="../../live/input_log.py" line="129"/>
        <source>the floor voided this hand (%1): only a floor ruling changes that (I-3)</source>
        <translation>der Floor hat dieses Spiel für ungültig erklärt (%1): Nur eine Entscheidung des Floors ändert das (I-3)</translation>
    </message>
    <message>
        <location filename="../../live/resume.py" line="123"/>
        <source>this table&apos;s record fails its check, so it is not resumed or dealt on — call the floor: %1</source>
        <translation>das Protokoll dieses Tischs besteht die Prüfung nicht; er wird weder fortgesetzt noch weitergegeben — bitte den Floor rufen: %1</translation>
    </message>
    <message>
        <location filename="../../live/resume.py" line="172"/>
        <source>there is no hand record to resume from</source>
        <translation>es gibt kein Spielprotokoll, aus dem fortgesetzt werden kann</translation>
    </message>
    <message>
        <location filename="../../live/resume.py" line="174"/>
        <source>%1 is not a table in the record</source>
        <translation>%1 ist kein Tisch im Protokoll</translation>
    </message>
    <message>
        <location filename="../../live/resume.py" line="178"/>
        <source>session %1 is not an open table in the record (closed, or never opened)</source>
        <translation>Sitzung %1 ist im Protokoll kein offener Tisch (geschlossen oder nie geöffnet)</translation>
    </message>
    <message>
        <location filename="../../live/resume.py" line="220"/>
        <source>%1: the table has no rows in the record (nothing to resume)</source>
        <translation>%1: Der Tisch hat keine Zeilen im Protokoll (nichts fortzusetzen)</translation>
    </message>
    <message>
        <location filename="../../live/resume.py" line="223"/>
        <source>%1: the record does not start with the table</source>
        <translation>%1: Das Protokoll beginnt nicht mit dem Tisch</translation>
    </message>
    <message>
        <location filename="../../live/resume.py" line="229"/>
        <source>%1: the limit table it was played with cannot be loaded: %2</source>
        <translation>%1: Der Limit-Tisch, mit dem gespielt wurde, lässt sich nicht laden: %2</translation>
    </message>
    <message>
        <location filename="../../floor/timeline.py" line="204"/>
        <location filename="../../live/resume.py" line="237"/>
        <source>%1: the limit table in the record is not readable (%2)</source>
        <translation>%1: Der Limit-Tisch im Protokoll ist nicht lesbar (%2)</translation>
    </message>
    <message>
        <location filename="../../live/resume.py" line="253"/>
        <source>%1: row %2 (%3) no longer replays: %4</source>
        <translation>%1: Zeile %2 (%3) lässt sich nicht mehr nachspielen: %4</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="52"/>
        <source>a player&apos;s name may not contain the control character %1</source>
        <translation>ein Spielername darf das Steuerzeichen %1 nicht enthalten</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="60"/>
        <source>a player&apos;s name may be at most %1 characters (%2 given)</source>
        <translation>ein Spielername darf höchstens %1 Zeichen lang sein (%2 angegeben)</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="113"/>
        <source>%1 is not one of this table&apos;s games</source>
        <translation>%1 ist keines der Spiele dieses Tisches</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="114"/>
        <location filename="../../live/game_outlook.py" line="114"/>
        <source>switching the game</source>
        <translation>das Spiel wechseln</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="131"/>
        <source>%1 must be a whole number, not %2</source>
        <translation>%1 muss eine ganze Zahl sein, nicht %2</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="143"/>
        <source>%1 is at most %2, not %3</source>
        <translation>%1 beträgt höchstens %2, nicht %3</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="159"/>
        <source>%1 after the redeal: the void hand is dealt again to the same players first</source>
        <translation>%1 erst nach dem Neugeben: Das ungültige Spiel wird zuerst an dieselben Spieler neu gegeben</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="169"/>
        <source>%1 only between hands: confirm the awards first</source>
        <translation>%1 nur zwischen zwei Spielen: zuerst die Auszahlung bestätigen</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="172"/>
        <source>%1 only between hands: finish the hand first</source>
        <translation>%1 nur zwischen zwei Spielen: zuerst das Spiel beenden</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="177"/>
        <source>players join</source>
        <translation>Spieler nehmen Platz</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="178"/>
        <location filename="../../engine/session.py" line="276"/>
        <location filename="../../engine/session.py" line="353"/>
        <source>a seat number</source>
        <translation>eine Platznummer</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="179"/>
        <source>a buy-in (in cents)</source>
        <translation>ein Buy-in (in Cent)</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="182"/>
        <source>a player&apos;s name must be text, not %1</source>
        <translation>ein Spielername muss Text sein, nicht %1</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="188"/>
        <source>seat %1 does not exist: this table has seats 1-%2</source>
        <translation>Platz %1 gibt es nicht: Dieser Tisch hat die Plätze 1-%2</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="196"/>
        <source>seat %1 is taken by %2</source>
        <translation>Platz %1 ist von %2 besetzt</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="204"/>
        <source>%1 left this session with %2: they come back with at least that, %3 is less</source>
        <translation>%1 ist in dieser Sitzung mit %2 gegangen: zurück nur mit mindestens diesem Betrag, %3 ist weniger</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="216"/>
        <source>a buy-in of %1 is below the table&apos;s %2</source>
        <translation>ein Buy-in von %1 liegt unter dem des Tischs (%2)</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="225"/>
        <source>%1 is not a whole number of %2 chips</source>
        <translation>%1 ist keine ganze Zahl von %2-Chips</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="257"/>
        <source>seat %1 is already called %2: give another name</source>
        <translation>Platz %1 heißt schon %2: einen anderen Namen geben</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="277"/>
        <source>a stack (in cents)</source>
        <translation>ein Stack (in Cent)</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="281"/>
        <source>the record seats %1 in seat %2 with %3: not a seat of this table</source>
        <translation>das Protokoll setzt %1 auf Platz %2 mit %3: kein Platz dieses Tischs</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="294"/>
        <source>chips are added</source>
        <translation>Chips werden zugekauft</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="295"/>
        <source>a top-up (in cents)</source>
        <translation>ein Zukauf (in Cent)</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="297"/>
        <source>a stack after a top-up (in cents)</source>
        <translation>ein Stack nach dem Zukauf (in Cent)</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="301"/>
        <source>a top-up must be a positive number of %1 chips</source>
        <translation>ein Zukauf muss eine positive Zahl von %1-Chips sein</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="309"/>
        <source>after a top-up the stack must reach the buy-in of %1; %2 + %3 does not</source>
        <translation>nach dem Zukauf muss der Stack den Buy-in von %1 erreichen; %2 + %3 reicht nicht</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="334"/>
        <source>players sit out or in</source>
        <translation>Spieler setzen aus oder steigen wieder ein</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="342"/>
        <source>players leave</source>
        <translation>Spieler verlassen den Tisch</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="355"/>
        <source>nobody sits in seat %1</source>
        <translation>auf Platz %1 sitzt niemand</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="371"/>
        <source>the current hand has not ended</source>
        <translation>das laufende Spiel ist nicht beendet</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="372"/>
        <source>confirm the awards of the current hand first</source>
        <translation>zuerst die Auszahlung des laufenden Spiels bestätigen</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="377"/>
        <source>at least two players with chips are needed to deal</source>
        <translation>zum Geben braucht es mindestens zwei Spieler mit Chips</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="152"/>
        <source>disk full</source>
        <translation>die Festplatte ist voll</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="155"/>
        <source>the record is read-only</source>
        <translation>das Protokoll ist schreibgeschützt</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="157"/>
        <source>the file is read-only</source>
        <translation>die Datei ist schreibgeschützt</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="160"/>
        <source>the record is locked by another program</source>
        <translation>das Protokoll ist von einem anderen Programm gesperrt</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="162"/>
        <source>the disk reported an I/O error</source>
        <translation>die Festplatte meldete einen Ein-/Ausgabefehler</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="164"/>
        <source>the record file is damaged</source>
        <translation>die Protokolldatei ist beschädigt</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="209"/>
        <location filename="../../record/store.py" line="215"/>
        <source>the record&apos;s key cannot be used: %1</source>
        <translation>der Schlüssel des Protokolls ist nicht verwendbar: %1</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="218"/>
        <location filename="../../record/store.py" line="403"/>
        <source>%1: no such hand record</source>
        <translation>%1: kein solches Spielprotokoll</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="224"/>
        <source>%1: the record folder cannot be made (%2)</source>
        <translation>%1: Der Protokollordner kann nicht angelegt werden (%2)</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="230"/>
        <location filename="../../record/store.py" line="405"/>
        <source>%1: not a file</source>
        <translation>%1: keine Datei</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="237"/>
        <source>%1: the hand record cannot be written (read-only)</source>
        <translation>%1: Das Spielprotokoll kann nicht geschrieben werden (schreibgeschützt)</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="242"/>
        <source>%1: the record folder cannot be written (read-only)</source>
        <translation>%1: In den Protokollordner kann nicht geschrieben werden (schreibgeschützt)</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="260"/>
        <location filename="../../record/store.py" line="513"/>
        <source>%1: the hand record cannot be opened (%2)</source>
        <translation>%1: Das Spielprotokoll kann nicht geöffnet werden (%2)</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="279"/>
        <location filename="../../record/store.py" line="293"/>
        <source>%1: this record was written with another key (%2), not this machine&apos;s (%3): it is left as it is, so that its rows stay provable</source>
        <translation>%1: Dieses Protokoll wurde mit einem anderen Schlüssel (%2) geschrieben, nicht mit dem dieses Rechners (%3): Es bleibt unverändert, damit seine Zeilen beweisbar bleiben</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="306"/>
        <source>%1: an older record without the keyed chain, where keyed records are already kept (%2): it is not upgraded, and is left as it was</source>
        <translation>%1: ein älteres Protokoll ohne verschlüsselte Kette, wo schon verschlüsselte Protokolle geführt werden (%2): Es wird nicht umgestellt und bleibt, wie es war</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="350"/>
        <source>%1: the record&apos;s identity was changed after it was made: it is not given a table identity, and is not forwarded (&apos;dealer-app verify&apos; says more)</source>
        <translation>%1: Die Identität des Protokolls wurde nach seiner Anlage geändert: Es bekommt keine Tischidentität und wird nicht weitergeleitet (&apos;dealer-app verify&apos; sagt mehr)</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="407"/>
        <source>%1: an empty file, not a hand record</source>
        <translation>%1: eine leere Datei, kein Spielprotokoll</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="461"/>
        <location filename="../../record/store.py" line="470"/>
        <location filename="../../record/store.py" line="856"/>
        <location filename="../../record/store.py" line="908"/>
        <source>%1: the hand record cannot be read (%2)</source>
        <translation>%1: Das Spielprotokoll ist nicht lesbar (%2)</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="474"/>
        <source>%1: not a hand record (the file is not an SQLite database)</source>
        <translation>%1: kein Spielprotokoll (die Datei ist keine SQLite-Datenbank)</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="527"/>
        <source>%1: an SQLite file, but not a hand record (table %2 has the columns %3; a record&apos;s are %4)</source>
        <translation>%1: eine SQLite-Datei, aber kein Spielprotokoll (Tabelle %2 hat die Spalten %3; ein Protokoll hat %4)</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="542"/>
        <source>%1: the hand record is damaged (%2)</source>
        <translation>%1: Das Spielprotokoll ist beschädigt (%2)</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="549"/>
        <source>%1: not a readable hand record (%2)</source>
        <translation>%1: kein lesbares Spielprotokoll (%2)</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="561"/>
        <source>%1: the record was opened to read only: nothing is written to it</source>
        <translation>%1: Das Protokoll ist nur zum Lesen geöffnet: Es wird nichts hineingeschrieben</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="581"/>
        <source>the hand record cannot be written: %1 — nothing was changed (%2)</source>
        <translation>das Spielprotokoll kann nicht geschrieben werden: %1 — nichts wurde geändert (%2)</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="636"/>
        <source>the seal %1 is in the record, but the anchors file %2 cannot be written (%3)</source>
        <translation>das Siegel %1 steht im Protokoll, aber die Ankerdatei %2 kann nicht geschrieben werden (%3)</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="755"/>
        <source>%1: the record&apos;s lock file cannot be made (%2)</source>
        <translation>%1: Die Sperrdatei des Protokolls kann nicht angelegt werden (%2)</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="772"/>
        <source>%1: opened read-only, so no table can be held</source>
        <translation>%1: Nur zum Lesen geöffnet, daher kann kein Tisch belegt werden</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="800"/>
        <source>%1: opened read-only, so whose table it is cannot be asked</source>
        <translation>%1: Nur zum Lesen geöffnet, daher lässt sich nicht fragen, wem der Tisch gehört</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="867"/>
        <location filename="../../record/store.py" line="890"/>
        <location filename="../../room/reader.py" line="414"/>
        <source>%1: session %2: a %3 row is not readable JSON</source>
        <translation>%1: Sitzung %2: eine %3-Zeile ist kein lesbares JSON</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="899"/>
        <source>%1: session %2: a %3 row is not a record row</source>
        <translation>%1: Sitzung %2: eine %3-Zeile ist keine Protokollzeile</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="495"/>
        <source>%1: an older record whose row %2 no longer matches its hash: it is not upgraded, and is left as it was</source>
        <translation>%1: ein älteres Protokoll, dessen Zeile %2 nicht mehr zu ihrem Hash passt: Es wird nicht umgestellt und bleibt, wie es war</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="1084"/>
        <source>The anchors file %1 is missing, but the record&apos;s signed heads were written to it: rows cut from the record&apos;s end cannot be found without it. Put the file back (or set DEALER_APP_ANCHORS to where it is) and tell the floor.</source>
        <translation>Die Ankerdatei %1 fehlt, aber die signierten Stände des Protokolls wurden in sie geschrieben: Ohne sie lassen sich am Ende des Protokolls gelöschte Zeilen nicht finden. Die Datei zurücklegen (oder DEALER_APP_ANCHORS auf ihren Ort setzen) und den Floor informieren.</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="1097"/>
        <source>The anchors file %1 is missing, but the record holds sealed hands (%2): its last hands cannot be checked. Put the file back (or set DEALER_APP_ANCHORS to where it is) and tell the floor.</source>
        <translation>Die Ankerdatei %1 fehlt, aber das Protokoll enthält versiegelte Spiele (%2): Seine letzten Spiele können nicht geprüft werden. Die Datei zurücklegen (oder DEALER_APP_ANCHORS auf ihren Ort setzen) und den Floor informieren.</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="1110"/>
        <source>The anchors file %1 cannot be read (%2): the record&apos;s seals are not checked against it. Tell the floor.</source>
        <translation>Die Ankerdatei %1 kann nicht gelesen werden (%2): Die Siegel des Protokolls werden nicht mit ihr geprüft. Den Floor informieren.</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="1122"/>
        <source>The anchors file %1 is not a file (a folder or a device): the record&apos;s seals are neither checked against it nor kept in it. Tell the floor.</source>
        <translation>Die Ankerdatei %1 ist keine Datei (ein Ordner oder ein Gerät): Die Siegel des Protokolls werden weder mit ihr geprüft noch in ihr aufbewahrt. Den Floor informieren.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../record/store.py" line="1147"/>
        <source>The hand record does not prove itself (%1 problem(s)): %2. Tell the floor; &apos;dealer-app verify %3&apos; lists every one.</source>
        <translation>
            <numerusform>Das Spielprotokoll beweist sich nicht selbst (%1 Problem): %2. Dem Floor Bescheid geben; &apos;dealer-app verify %3&apos; nennt jedes einzelne.</numerusform>
            <numerusform>Das Spielprotokoll beweist sich nicht selbst (%1 Probleme): %2. Dem Floor Bescheid geben; &apos;dealer-app verify %3&apos; nennt jedes einzelne.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="1182"/>
        <source>%1 was an empty file (0 bytes): a new record is kept in it.</source>
        <translation>%1 war eine leere Datei (0 Bytes): Darin wird ein neues Protokoll geführt.</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="1187"/>
        <location filename="../../record/store.py" line="1198"/>
        <source>%1. The file is kept untouched.</source>
        <translation>%1. Die Datei bleibt unverändert.</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="1195"/>
        <source>The record continues in %1.</source>
        <translation>Das Protokoll wird in %1 fortgeführt.</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="1203"/>
        <source>A fresh record was opened beside it: %1.</source>
        <translation>Daneben wurde ein neues Protokoll angelegt: %1.</translation>
    </message>
    <message>
        <location filename="../../record/store.py" line="1216"/>
        <source>The data folder %1 cannot be written: hands are recorded in %2 for now. Copy that file before the machine restarts, and fix the data folder.</source>
        <translation>In den Datenordner %1 kann nicht geschrieben werden: Die Spiele werden vorerst in %2 protokolliert. Kopieren Sie diese Datei vor dem nächsten Neustart und beheben Sie das Problem mit dem Datenordner.</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="279"/>
        <source>cannot read (%1)</source>
        <translation>nicht lesbar (%1)</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="290"/>
        <location filename="../../engine/limits.py" line="354"/>
        <source>nested more than %1 levels deep</source>
        <translation>mehr als %1 Ebenen tief verschachtelt</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="296"/>
        <source>expected a mapping of fields</source>
        <translation>erwartet wird eine Liste von Feldern (Name: Wert)</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="307"/>
        <source>a field name must be a plain word</source>
        <translation>ein Feldname muss ein einfaches Wort sein</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="322"/>
        <source>cannot be read (%1)</source>
        <translation>nicht lesbar (%1)</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="390"/>
        <location filename="../../engine/limits.py" line="402"/>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="395"/>
        <source>expected %1, got %2</source>
        <translation>erwartet %1, erhalten %2</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="410"/>
        <source>must be more than zero, got %1</source>
        <translation>muss größer als null sein, erhalten %1</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="418"/>
        <location filename="../../engine/limits.py" line="504"/>
        <source>%1 is not one of %2</source>
        <translation>%1 ist keiner von %2</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="431"/>
        <source>must be the first of the table&apos;s games (M-1)</source>
        <translation>muss das erste der Spiele des Tisches sein (M-1)</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="440"/>
        <source>only a table with games turns (M-2)</source>
        <translation>nur ein Tisch mit mehreren Spielen (games) wechselt (M-2)</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="448"/>
        <source>expected two or more different games of %1, got %2</source>
        <translation>erwartet zwei oder mehr verschiedene Spiele aus %1, erhalten %2</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="459"/>
        <source>expected &apos;hands N&apos; (N from 1 to 100) or &apos;orbit&apos;, got %1</source>
        <translation>erwartet „hands N“ (N von 1 bis 100) oder „orbit“, erhalten %1</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="476"/>
        <source>expected a mapping of options</source>
        <translation>erwartet wird eine Liste von Optionen (Name: Wert)</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="481"/>
        <source>unknown option (known: %1)</source>
        <translation>unbekannte Option (bekannt: %1)</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="487"/>
        <source>unknown game (known: %1)</source>
        <translation>unbekanntes Spiel (bekannt: %1)</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="490"/>
        <source>%1 is not true or false</source>
        <translation>%1 ist weder true noch false</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="492"/>
        <source>Razz never has the double bet (R-4)</source>
        <translation>Razz hat nie den doppelten Einsatz (R-4)</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="496"/>
        <source>needs a value for each game: %1</source>
        <translation>braucht einen Wert für jedes Spiel: %1</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="553"/>
        <location filename="../../engine/limits.py" line="620"/>
        <source>%1 differs from the file name %2</source>
        <translation>%1 weicht vom Dateinamen %2 ab</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="562"/>
        <source>min and max must be whole numbers with 2 &lt;= min &lt;= max &lt;= 8 (T-1), got %1</source>
        <translation>min und max müssen ganze Zahlen sein mit 2 &lt;= min &lt;= max &lt;= 8 (T-1), erhalten %1</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="574"/>
        <source>missing %1</source>
        <translation>es fehlen %1</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="616"/>
        <source>unknown field (known: %1)</source>
        <translation>unbekanntes Feld (bekannt: %1)</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="634"/>
        <source>must be 2 to 8 (T-1), got %1</source>
        <translation>muss 2 bis 8 sein (T-1), erhalten %1</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="650"/>
        <location filename="../../engine/limits.py" line="833"/>
        <source>unknown house profile %1 (known: %2)</source>
        <translation>unbekanntes Hausregel-Profil %1 (bekannt: %2)</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="661"/>
        <source>must not be below the smaller limit (%1 &lt; %2 cents reversed)</source>
        <translation>darf nicht unter dem kleineren Limit liegen (%1 &lt; %2 Cent, vertauscht)</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="665"/>
        <source>must not exceed the small bet / lower limit (B-3)</source>
        <translation>darf den Small Bet / das untere Limit nicht übersteigen (B-3)</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="667"/>
        <source>must not exceed the bring-in (B-1, B-3)</source>
        <translation>darf den Bring-in nicht übersteigen (B-1, B-3)</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="681"/>
        <location filename="../../engine/limits.py" line="745"/>
        <source>%1 cents is not a multiple of the smallest chip (%2 cents, T-2)</source>
        <translation>%1 Cent sind kein Vielfaches des kleinsten Chips (%2 Cent, T-2)</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="687"/>
        <source>is smaller than one big bet</source>
        <translation>ist kleiner als ein Big Bet</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="725"/>
        <source>expected a list of chips (amount and colour)</source>
        <translation>erwartet eine Liste von Chips (Betrag und Farbe)</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="731"/>
        <source>expected an amount and a colour, got %1</source>
        <translation>erwartet einen Betrag und eine Farbe, erhalten %1</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="739"/>
        <source>the chips go from the smallest up, each above zero</source>
        <translation>die Chips gehen vom kleinsten aufwärts, jeder über null</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="755"/>
        <source>the smallest chip must be the table&apos;s chip (%1 cents, T-2)</source>
        <translation>der kleinste Chip muss der Chip des Tisches sein (%1 Cent, T-2)</translation>
    </message>
    <message>
        <location filename="../../engine/limits.py" line="855"/>
        <source>unknown table %1 (known: %2)</source>
        <translation>unbekannter Tisch %1 (bekannt: %2)</translation>
    </message>
    <message>
        <location filename="../../errorlog.py" line="116"/>
        <source>Unexpected error: %1. The hand record is safe; details are in %2.</source>
        <translation>Unerwarteter Fehler: %1. Das Spielprotokoll ist sicher; Einzelheiten stehen in %2.</translation>
    </message>
    <message>
        <location filename="../../errorlog.py" line="120"/>
        <source>Unexpected error: %1. The hand record is safe.</source>
        <translation>Unerwarteter Fehler: %1. Das Spielprotokoll ist sicher.</translation>
    </message>
    <message>
        <location filename="../../engine/irregularities.py" line="69"/>
        <source>%1 irregularities have been reported in this hand: the floor decides the next (%2)</source>
        <translation>in diesem Spiel wurden schon %1 Unregelmäßigkeiten gemeldet: über die nächste entscheidet der Floor (%2)</translation>
    </message>
    <message>
        <location filename="../../engine/irregularities.py" line="87"/>
        <source>an exposed downcard (I-1) is entered as seat %1&apos;s door card, when it is due on third street; later, the floor decides (I-3)</source>
        <translation>eine aufgedeckte verdeckte Karte (I-1) wird als Door Card von Platz %1 eingegeben, wenn diese bei der 3. Karte an der Reihe ist; später entscheidet der Floor (I-3)</translation>
    </message>
    <message>
        <location filename="../../engine/irregularities.py" line="111"/>
        <source>a card dealt too early (I-2) is reported during the betting of third to sixth street, not now (%1 on street %2)</source>
        <translation>eine zu früh gegebene Karte (I-2) wird während der Setzrunde der 3. bis 6. Karte gemeldet, nicht jetzt (%1, %2. Karte)</translation>
    </message>
    <message>
        <location filename="../../engine/irregularities.py" line="135"/>
        <source>the deck is short for street %1 (D-7): the floor decides how to deal it (I-3)</source>
        <translation>für die %1. Karte reichen die Karten nicht (D-7): Der Floor entscheidet, wie sie gegeben wird (I-3)</translation>
    </message>
    <message>
        <location filename="../../engine/irregularities.py" line="155"/>
        <source>a wrong bring-in (I-4) is corrected during third street&apos;s betting</source>
        <translation>ein falscher Bring-in (I-4) wird während der Setzrunde der 3. Karte berichtigt</translation>
    </message>
    <message>
        <location filename="../../engine/irregularities.py" line="163"/>
        <source>the player after the bring-in has acted: the bring-in stands (I-4); the floor decides about the card (I-3)</source>
        <translation>der Spieler nach dem Bring-in hat gesprochen: Der Bring-in bleibt (I-4); über die Karte entscheidet der Floor (I-3)</translation>
    </message>
    <message>
        <location filename="../../engine/irregularities.py" line="214"/>
        <source>no betting round is open (%1)</source>
        <translation>keine Setzrunde ist offen (%1)</translation>
    </message>
    <message>
        <location filename="../../engine/irregularities.py" line="218"/>
        <source>it is seat %1&apos;s turn: that is not out of turn</source>
        <translation>Platz %1 ist am Zug: Das ist nicht außer der Reihe</translation>
    </message>
    <message>
        <location filename="../../engine/irregularities.py" line="221"/>
        <source>seat %1 has no action in this round</source>
        <translation>Platz %1 hat in dieser Runde keine Aktion</translation>
    </message>
    <message>
        <location filename="../../engine/irregularities.py" line="223"/>
        <source>unknown action %1</source>
        <translation>unbekannte Aktion %1</translation>
    </message>
    <message>
        <location filename="../../engine/irregularities.py" line="255"/>
        <source>substantial action has taken place: the hand plays on, not a misdeal (I-6); the floor decides (I-3)</source>
        <translation>es gab wesentliche Aktion: Das Spiel geht weiter, kein Misdeal (I-6); der Floor entscheidet (I-3)</translation>
    </message>
    <message>
        <location filename="../../engine/irregularities.py" line="269"/>
        <source>the hand is over: after the awards, the floor decides (I-3)</source>
        <translation>das Spiel ist vorbei: Nach der Auszahlung entscheidet der Floor (I-3)</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="45"/>
        <source>the ruling&apos;s %1 is not plain text of at most %2 characters</source>
        <translation>%1 der Entscheidung ist kein einfacher Text von höchstens %2 Zeichen</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="53"/>
        <source>the case&apos;s category is one of %1, not %2</source>
        <translation>die Art des Falls ist eine von %1, nicht %2</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="61"/>
        <source>the case&apos;s status is one of %1, not %2</source>
        <translation>der Stand des Falls ist einer von %1, nicht %2</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="67"/>
        <source>a ruling needs its decision</source>
        <translation>eine Entscheidung braucht ihren Beschluss</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="69"/>
        <source>an open case moves no chips: the decision does</source>
        <translation>ein offener Fall bewegt keine Chips: Das tut erst die Entscheidung</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="71"/>
        <source>a ruling needs the facts</source>
        <translation>eine Entscheidung braucht den Sachverhalt</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="77"/>
        <source>a ruling cites the catalog&apos;s rule IDs (I-3, A-1 …); not known: %1</source>
        <translation>eine Entscheidung nennt Regelnummern des Katalogs (I-3, A-1 …); unbekannt: %1</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="83"/>
        <source>the remedy is one of %1, not %2</source>
        <translation>die Abhilfe ist eine von %1, nicht %2</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="89"/>
        <source>chips move between the hand&apos;s seats (%1)</source>
        <translation>Chips gehen zwischen den Plätzen des Spiels (%1)</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="95"/>
        <source>the chips moved must add up to zero (they add up to %1)</source>
        <translation>die bewegten Chips müssen zusammen null ergeben (sie ergeben %1)</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="98"/>
        <source>a ruling that moves chips has the remedy adjust</source>
        <translation>eine Entscheidung, die Chips bewegt, hat die Abhilfe »Chips bewegen« (adjust)</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="107"/>
        <source>hand %1-%2 has not ended: it is voided at the table (I-6, I-7)</source>
        <translation>Spiel %1-%2 ist nicht zu Ende: Es wird am Tisch für ungültig erklärt (I-6, I-7)</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="135"/>
        <source>seat %1 (%2) is no longer at the table: chips for a player who left are settled off the table</source>
        <translation>Platz %1 (%2) ist nicht mehr am Tisch: Chips für einen Spieler, der gegangen ist, werden außerhalb des Tischs verrechnet</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="146"/>
        <source>seat %1 has %2: it cannot give %3</source>
        <translation>Platz %1 hat %2: Er kann nicht %3 abgeben</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="198"/>
        <location filename="../../floor/rulings.py" line="390"/>
        <source>hand %1-%2 is already voided by a ruling</source>
        <translation>Spiel %1-%2 ist schon durch eine Entscheidung ungültig</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="206"/>
        <location filename="../../floor/rulings.py" line="406"/>
        <source>the moment %1 is not on the hand&apos;s timeline (0–%2)</source>
        <translation>der Zeitpunkt %1 liegt nicht im Ablauf des Spiels (0–%2)</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="217"/>
        <location filename="../../recordsvc/server.py" line="443"/>
        <source>table session %1 is being dealt in another window: a ruling that moves chips is made at that table</source>
        <translation>an Tischsitzung %1 wird in einem anderen Fenster gegeben: Eine Entscheidung, die Chips bewegt, wird an diesem Tisch getroffen</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="232"/>
        <source>table session %1 has a hand open: chips move between hands</source>
        <translation>an Tischsitzung %1 läuft ein Spiel: Chips werden zwischen zwei Spielen bewegt</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="278"/>
        <source>case %1 is not a case of hand %2-%3</source>
        <translation>Fall %1 ist kein Fall des Spiels %2-%3</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="286"/>
        <source>case %1 is closed: a new ruling opens a new case</source>
        <translation>Fall %1 ist abgeschlossen: Eine neue Entscheidung eröffnet einen neuen Fall</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="363"/>
        <source>the room&apos;s ruling %1 is applied at this table already</source>
        <translation>die Entscheidung %1 aus dem Saal ist an diesem Tisch schon angewendet</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="369"/>
        <source>the room&apos;s ruling is on table session %1: its chips move when that table is dealt here</source>
        <translation>die Entscheidung aus dem Saal gilt für Tischsitzung %1: ihre Chips werden bewegt, wenn an diesem Tisch gegeben wird</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="378"/>
        <source>a hand is open: the room&apos;s ruling moves chips between hands</source>
        <translation>ein Spiel läuft: die Entscheidung aus dem Saal bewegt Chips zwischen zwei Spielen</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="383"/>
        <source>the room&apos;s ruling %1 is not readable</source>
        <translation>die Entscheidung %1 aus dem Saal ist nicht lesbar</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="396"/>
        <source>the room&apos;s ruling voids hand %1-%2 with other chips than this record&apos;s hand moved</source>
        <translation>die Entscheidung aus dem Saal erklärt Spiel %1-%2 mit anderen Chips für ungültig, als das Spiel in diesem Protokoll bewegt hat</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="413"/>
        <source>the room&apos;s ruling moves no chips</source>
        <translation>die Entscheidung aus dem Saal bewegt keine Chips</translation>
    </message>
    <message>
        <location filename="../../floor/timeline.py" line="198"/>
        <source>%1: table session %2 has no hand %3</source>
        <translation>%1: Tischsitzung %2 hat kein Spiel %3</translation>
    </message>
    <message>
        <location filename="../../floor/timeline.py" line="211"/>
        <source>%1: hand %2-%3 names no game of its mixed table (%4)</source>
        <translation>%1: Hand %2-%3 nennt kein Spiel ihres Mixed-Tisches (%4)</translation>
    </message>
    <message>
        <location filename="../../floor/timeline.py" line="244"/>
        <source>%1: hand %2-%3 no longer replays: %4</source>
        <translation>%1: Spiel %2-%3 lässt sich nicht mehr nachspielen: %4</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="347"/>
        <source>the blueprint needs a name (plain text, 1 to 60 characters)</source>
        <translation>die Vorlage braucht einen Namen (einfacher Text, 1 bis 60 Zeichen)</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="350"/>
        <source>the blueprint needs at least one skill</source>
        <translation>die Vorlage braucht mindestens eine Fertigkeit</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="355"/>
        <source>%1 is not a skill of the trainer, or named twice</source>
        <translation>%1 ist keine Fertigkeit des Trainers oder doppelt genannt</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="359"/>
        <source>%1: from 1 to %2 drills a skill</source>
        <translation>%1: 1 bis %2 Aufgaben je Fertigkeit</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="364"/>
        <source>an exam has at most %1 drills, not %2</source>
        <translation>eine Prüfung hat höchstens %1 Aufgaben, nicht %2</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="369"/>
        <source>the time limit is from %1 to %2 minutes</source>
        <translation>das Zeitlimit liegt zwischen %1 und %2 Minuten</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="375"/>
        <source>the pass mark is from 1% to 100%, not %1%</source>
        <translation>die Bestehensgrenze liegt zwischen 1 % und 100 %, nicht bei %1 %</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="377"/>
        <source>the blueprint needs at least one limit table</source>
        <translation>die Vorlage braucht mindestens einen Limit-Tisch</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="387"/>
        <source>%1 cannot be used: %2</source>
        <translation>%1 kann nicht verwendet werden: %2</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="395"/>
        <source>the deck runs short only at a table of 7 or 8 players: add one for the deck shortage drills</source>
        <translation>das Deck wird nur an einem Tisch mit 7 oder 8 Spielern knapp: Fügen Sie einen für die Aufgaben zur Deck-Knappheit hinzu</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="455"/>
        <source>no %1 drill could be made at %2</source>
        <translation>an %2 ließ sich keine Aufgabe %1 erstellen</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="463"/>
        <source>the exam blueprint %1 cannot be played here: %2</source>
        <translation>die Prüfungsvorlage %1 kann hier nicht gespielt werden: %2</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="720"/>
        <source>an instructor needs a name (plain text, 1 to 60 characters)</source>
        <translation>ein Ausbilder braucht einen Namen (einfacher Text, 1 bis 60 Zeichen)</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="752"/>
        <source>a new instructor is registered by an instructor: give your name and PIN</source>
        <translation>einen neuen Ausbilder trägt ein Ausbilder ein: Geben Sie Ihren Namen und Ihre PIN an</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="759"/>
        <source>%1 is an instructor already</source>
        <translation>%1 ist bereits Ausbilder</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="831"/>
        <source>%1 is not an instructor: an instructor&apos;s name and PIN are needed</source>
        <translation>%1 ist kein Ausbilder: Name und PIN eines Ausbilders sind nötig</translation>
    </message>
    <message numerus="yes">
        <location filename="../../training/exam.py" line="863"/>
        <source>too many wrong PINs: %1 is locked for %2 more minute(s)</source>
        <translation>
            <numerusform>zu viele falsche PINs: %1 ist noch %2 Minute gesperrt</numerusform>
            <numerusform>zu viele falsche PINs: %1 ist noch %2 Minuten gesperrt</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="840"/>
        <location filename="../../training/exam.py" line="1008"/>
        <source>%1&apos;s instructor entry was changed outside the app: it cannot be trusted</source>
        <translation>der Ausbilder-Eintrag von %1 wurde außerhalb der App geändert: Ihm ist nicht zu trauen</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="391"/>
        <source>%1 is drilled at none of the blueprint&apos;s tables</source>
        <translation>%1 wird an keinem Tisch der Vorlage geübt</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="730"/>
        <source>this record has no sealed count of its instructors (removed or changed outside the app): a new instructor is registered by an instructor (their name and PIN)</source>
        <translation>dieses Protokoll hat keine versiegelte Zahl seiner Ausbilder (außerhalb der App entfernt oder geändert): Einen neuen Ausbilder trägt ein Ausbilder ein (mit Namen und PIN)</translation>
    </message>
    <message numerus="yes">
        <location filename="../../training/exam.py" line="740"/>
        <source>this record has had %1 instructor(s) and their entries are gone (removed outside the app): no one registers freely</source>
        <translation>
            <numerusform>dieses Protokoll hatte %1 Ausbilder, und sein Eintrag fehlt (außerhalb der App entfernt): Niemand trägt sich ohne Ausbilder ein</numerusform>
            <numerusform>dieses Protokoll hatte %1 Ausbilder, und ihre Einträge fehlen (außerhalb der App entfernt): Niemand trägt sich ohne Ausbilder ein</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="763"/>
        <source>a new instructor&apos;s PIN needs at least %1 characters (letters, digits or both)</source>
        <translation>die PIN eines neuen Ausbilders braucht mindestens %1 Zeichen (Buchstaben, Ziffern oder beides)</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="796"/>
        <source>the record&apos;s first instructor is registered with a floor account&apos;s approval: the floor&apos;s account name and passphrase</source>
        <translation>der erste Ausbilder eines Protokolls wird mit der Zustimmung eines Floor-Kontos eingetragen: Floor-Konto und Passwort</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="852"/>
        <source>the wrong-PIN count of %1 was changed outside the app: %1 is locked for %2 minutes</source>
        <translation>die Zahl falscher PINs von %1 wurde außerhalb der App geändert: %1 ist für %2 Minuten gesperrt</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="872"/>
        <source>%1&apos;s PIN cannot be read</source>
        <translation>die PIN von %1 kann nicht gelesen werden</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="882"/>
        <source>wrong PIN, %1 times: %2 is locked for %3 minutes</source>
        <translation>%1-mal eine falsche PIN: %2 ist für %3 Minuten gesperrt</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="890"/>
        <source>wrong PIN for %1 (%2 more tries before a lockout)</source>
        <translation>falsche PIN für %1 (noch %2 Versuche bis zur Sperre)</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="970"/>
        <source>no exam blueprint %1 in this record</source>
        <translation>keine Prüfungsvorlage %1 in diesem Protokoll</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="972"/>
        <source>the exam blueprint %1 was changed after it was locked: this exam is refused</source>
        <translation>die Prüfungsvorlage %1 wurde nach dem Festschreiben geändert: Diese Prüfung wird abgelehnt</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="996"/>
        <source>%1, who locked the exam blueprint %2, is not an instructor of this record any more</source>
        <translation>%1, der die Prüfungsvorlage %2 festgeschrieben hat, ist kein Ausbilder dieses Protokolls mehr</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="1021"/>
        <source>the exam blueprint %1 was locked by an instructor entry of %2 that has been replaced since</source>
        <translation>die Prüfungsvorlage %1 wurde von einem Ausbilder-Eintrag von %2 festgeschrieben, der seitdem ersetzt wurde</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="1032"/>
        <source>the exam blueprint %1 was locked before %2 was registered</source>
        <translation>die Prüfungsvorlage %1 wurde festgeschrieben, bevor %2 eingetragen wurde</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="1042"/>
        <source>the record&apos;s instructors were changed outside the app (%1 is not among the instructors it counted): the exam blueprint %2 cannot be trusted</source>
        <translation>die Ausbilder des Protokolls wurden außerhalb der App geändert (%1 ist nicht unter den gezählten Ausbildern): Der Prüfungsvorlage %2 ist nicht zu trauen</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="1069"/>
        <source>the record&apos;s sealed count of exam results is missing or was changed outside the app: no exam is started on it (dealer-app trainees names what is wrong)</source>
        <translation>die versiegelte Zahl der Prüfungsergebnisse des Protokolls fehlt oder wurde außerhalb der App geändert: Darauf wird keine Prüfung begonnen (dealer-app trainees nennt, was nicht stimmt)</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="1186"/>
        <source>the record&apos;s sealed count of exam results is missing or was changed outside the app</source>
        <translation>die versiegelte Zahl der Prüfungsergebnisse des Protokolls fehlt oder wurde außerhalb der App geändert</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="1200"/>
        <source>the exam results %1 carry the same number %2: one was added outside the app</source>
        <translation>die Prüfungsergebnisse %1 tragen dieselbe Nummer %2: Eines wurde außerhalb der App hinzugefügt</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="1210"/>
        <source>the exam result %1 is not among the %2 results the record counted</source>
        <translation>das Prüfungsergebnis %1 ist nicht unter den %2 Ergebnissen, die das Protokoll gezählt hat</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="1229"/>
        <source>a result is missing after %1</source>
        <translation>nach %1 fehlt ein Ergebnis</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="1231"/>
        <source>%1 results are missing after %2</source>
        <translation>nach %2 fehlen %1 Ergebnisse</translation>
    </message>
    <message numerus="yes">
        <location filename="../../training/exam.py" line="1236"/>
        <source>%1 result(s) missing before %2, the record&apos;s first</source>
        <translation>
            <numerusform>vor %2, dem ersten des Protokolls, fehlt %1 Ergebnis</numerusform>
            <numerusform>vor %2, dem ersten des Protokolls, fehlen %1 Ergebnisse</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../training/exam.py" line="1244"/>
        <source>the record counted %1 exam result(s): %2 are missing</source>
        <translation>
            <numerusform>das Protokoll hat %1 Prüfungsergebnis gezählt; fehlend: %2</numerusform>
            <numerusform>das Protokoll hat %1 Prüfungsergebnisse gezählt; fehlend: %2</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="1263"/>
        <source>no exam result %1 in this record</source>
        <translation>kein Prüfungsergebnis %1 in diesem Protokoll</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="1291"/>
        <source>the result was changed after it was written: its seal does not match %1</source>
        <translation>das Ergebnis wurde nach dem Schreiben geändert: Sein Siegel passt nicht zu %1</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="1339"/>
        <source>this exam started on %1, before its blueprint %2 was locked (%3)</source>
        <translation>diese Prüfung begann am %1, bevor ihre Vorlage %2 festgeschrieben wurde (%3)</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="1281"/>
        <location filename="../../training/exam.py" line="1300"/>
        <source>the result row does not match its seal (its seals were changed, or another record&apos;s key made them)</source>
        <translation>die Ergebniszeile passt nicht zu ihrem Siegel (ihre Siegel wurden geändert oder mit dem Schlüssel eines anderen Protokolls gemacht)</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="1308"/>
        <source>the result row cannot be read</source>
        <translation>die Ergebniszeile kann nicht gelesen werden</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="1312"/>
        <source>this exam was started on %1 and never finished</source>
        <translation>diese Prüfung wurde am %1 begonnen und nie beendet</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="1317"/>
        <source>the attempt&apos;s seed is not the one committed to when the exam started</source>
        <translation>der Startwert des Versuchs ist nicht der, auf den sich die Prüfung bei ihrem Beginn festgelegt hat</translation>
    </message>
    <message>
        <location filename="../../training/exam.py" line="1332"/>
        <source>the result names a blueprint other than %1 as it was locked</source>
        <translation>das Ergebnis nennt eine andere Vorlage als %1, wie sie festgeschrieben wurde</translation>
    </message>
    <message>
        <location filename="../../training/session.py" line="78"/>
        <source>unknown mode %1 (the modes: %2)</source>
        <translation>unbekannter Modus %1 (die Modi: %2)</translation>
    </message>
    <message>
        <location filename="../../training/session.py" line="84"/>
        <source>not a skill: %1 (the skills: %2)</source>
        <translation>keine Fertigkeit: %1 (die Fertigkeiten: %2)</translation>
    </message>
    <message>
        <location filename="../../training/session.py" line="92"/>
        <source>the pass mark is a share of the drills, 0 to 1, not %1</source>
        <translation>die Bestehensgrenze ist ein Anteil der Aufgaben, 0 bis 1, nicht %1</translation>
    </message>
    <message>
        <location filename="../../training/session.py" line="99"/>
        <source>the time per drill is 1 to 3600 seconds, not %1</source>
        <translation>die Zeit je Aufgabe ist 1 bis 3600 Sekunden, nicht %1</translation>
    </message>
    <message>
        <location filename="../../engine/bounded.py" line="50"/>
        <location filename="../training_pdf.py" line="133"/>
        <source>is a folder, not a file</source>
        <translation>ist ein Ordner, keine Datei</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="135"/>
        <source>is not a regular file; not written</source>
        <translation>ist keine gewöhnliche Datei; nicht geschrieben</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="138"/>
        <source>its folder %1 is missing or is a file</source>
        <translation>ihr Ordner %1 fehlt oder ist eine Datei</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="141"/>
        <source>no permission to write it</source>
        <translation>keine Berechtigung, sie zu schreiben</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="160"/>
        <source>could not be opened for writing; nothing was written</source>
        <translation>konnte nicht zum Schreiben geöffnet werden; nichts wurde geschrieben</translation>
    </message>
    <message>
        <location filename="../../engine/bounded.py" line="52"/>
        <source>is a named pipe (FIFO), not a file; not read</source>
        <translation>ist eine benannte Pipe (FIFO), keine Datei; nicht gelesen</translation>
    </message>
    <message>
        <location filename="../../engine/bounded.py" line="54"/>
        <source>is a socket, not a file; not read</source>
        <translation>ist ein Socket, keine Datei; nicht gelesen</translation>
    </message>
    <message>
        <location filename="../../engine/bounded.py" line="56"/>
        <source>is a device (such as /dev/zero), not a file; not read</source>
        <translation>ist ein Gerät (wie /dev/zero), keine Datei; nicht gelesen</translation>
    </message>
    <message>
        <location filename="../../engine/bounded.py" line="57"/>
        <source>is not a regular file; not read</source>
        <translation>ist keine gewöhnliche Datei; nicht gelesen</translation>
    </message>
    <message>
        <location filename="../../engine/bounded.py" line="91"/>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <location filename="../../engine/bounded.py" line="93"/>
        <source>%1 KB</source>
        <translation>%1 KB</translation>
    </message>
    <message>
        <location filename="../../engine/bounded.py" line="95"/>
        <source>%1 bytes</source>
        <translation>%1 Bytes</translation>
    </message>
    <message>
        <location filename="../../engine/bounded.py" line="97"/>
        <source>larger than %1, more than such a file can be; not read</source>
        <translation>größer als %1, mehr als eine solche Datei sein kann; nicht gelesen</translation>
    </message>
    <message>
        <location filename="../../floor/rulings.py" line="247"/>
        <location filename="../../live/record_writer.py" line="63"/>
        <location filename="../../record/floor_accounts.py" line="257"/>
        <source>a floor act needs the floor&apos;s account name and passphrase</source>
        <translation>eine Floor-Handlung braucht das Floor-Konto und sein Passwort</translation>
    </message>
    <message>
        <location filename="../../record/floor_accounts.py" line="99"/>
        <source>a floor account&apos;s name is 1 to %1 printable characters</source>
        <translation>der Name eines Floor-Kontos hat 1 bis %1 druckbare Zeichen</translation>
    </message>
    <message>
        <location filename="../../record/floor_accounts.py" line="103"/>
        <source>a floor passphrase needs at least %1 characters</source>
        <translation>ein Floor-Passwort braucht mindestens %1 Zeichen</translation>
    </message>
    <message>
        <location filename="../../record/floor_accounts.py" line="111"/>
        <source>%1: the floor accounts cannot be read (%2)</source>
        <translation>%1: Die Floor-Konten können nicht gelesen werden (%2)</translation>
    </message>
    <message>
        <location filename="../../record/floor_accounts.py" line="137"/>
        <source>%1 is not root&apos;s alone (others may change it): its floor accounts are not trusted</source>
        <translation>%1 gehört nicht allein root (andere können sie ändern): Ihren Floor-Konten wird nicht vertraut</translation>
    </message>
    <message>
        <location filename="../../record/floor_accounts.py" line="156"/>
        <source>%1 is not yours: change the floor accounts as its owner (sudo)</source>
        <translation>%1 gehört Ihnen nicht: Floor-Konten als ihr Eigentümer ändern (sudo)</translation>
    </message>
    <message>
        <location filename="../../record/floor_accounts.py" line="185"/>
        <source>%1 already has a floor account</source>
        <translation>%1 hat schon ein Floor-Konto</translation>
    </message>
    <message>
        <location filename="../../record/floor_accounts.py" line="194"/>
        <source>%1 has no floor account</source>
        <translation>%1 hat kein Floor-Konto</translation>
    </message>
    <message>
        <location filename="../../record/floor_accounts.py" line="273"/>
        <source>no floor account exists (%1), so no floor act can be made: create one with &apos;dealer-app floor-account add NAME&apos;</source>
        <translation>es gibt kein Floor-Konto (%1), also ist keine Floor-Handlung möglich: eines anlegen mit &apos;dealer-app floor-account add NAME&apos;</translation>
    </message>
    <message>
        <location filename="../../record/floor_accounts.py" line="285"/>
        <location filename="../../room/floor_login.py" line="66"/>
        <source>too soon after a refused try: %1 may try again in %2 s</source>
        <translation>zu früh nach einem abgewiesenen Versuch: %1 kann es in %2 s wieder versuchen</translation>
    </message>
    <message>
        <location filename="../../record/floor_accounts.py" line="298"/>
        <source>wrong floor account name or passphrase (recorded): %1 may try again in %2 s</source>
        <translation>falsches Floor-Konto oder Passwort (protokolliert): %1 kann es in %2 s wieder versuchen</translation>
    </message>
    <message>
        <location filename="../../recordsvc/client.py" line="248"/>
        <location filename="../../room/floor_login.py" line="60"/>
        <source>a floor act in the room needs the floor&apos;s room login and password</source>
        <translation>eine Floor-Handlung im Saal braucht das Saal-Login des Floors und sein Passwort</translation>
    </message>
    <message>
        <location filename="../../room/floor_login.py" line="79"/>
        <source>the room cannot be reached, so no floor act can be made now (recorded): %1</source>
        <translation>der Saal ist nicht erreichbar, daher ist jetzt keine Floor-Handlung möglich (protokolliert): %1</translation>
    </message>
    <message>
        <location filename="../../room/floor_login.py" line="110"/>
        <source>the room refused the floor act (recorded): %1</source>
        <translation>der Saal hat die Floor-Handlung abgewiesen (protokolliert): %1</translation>
    </message>
    <message>
        <location filename="../../room/floor_login.py" line="122"/>
        <source>%1 is not a floor&apos;s room login: a floor act is made under the floor person&apos;s own login (recorded); it may try again in %2 s</source>
        <translation>%1 ist kein Saal-Login eines Floors: eine Floor-Handlung geschieht unter dem eigenen Login der Floorperson (protokolliert); es kann in %2 s wieder versucht werden</translation>
    </message>
    <message>
        <location filename="../../room/floor_login.py" line="132"/>
        <source>the room refused the login %1: wrong password or no such login (recorded); it may try again in %2 s</source>
        <translation>der Saal hat das Login %1 abgewiesen: falsches Passwort oder kein solches Login (protokolliert); es kann in %2 s wieder versucht werden</translation>
    </message>
    <message>
        <location filename="../../room/start_check.py" line="85"/>
        <source>The record was not checked against the card room at start (%1). The table&apos;s forwarder compares the room&apos;s copy with the record when the room can be reached.</source>
        <translation>Das Protokoll wurde beim Start nicht mit dem Saal abgeglichen (%1). Die Weiterleitung des Tisches vergleicht die Kopie des Saals mit dem Protokoll, sobald der Saal erreichbar ist.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../room/start_check.py" line="117"/>
        <source>The card room holds %1 row(s) of table %2 beyond the end of this record (rows %3–%4, from session %5, hand %6): the record was cut back or replaced by an older copy. It is not played on — call the floor.</source>
        <translation>
            <numerusform>Der Saal hat %1 Zeile von Tisch %2 über das Ende dieses Protokolls hinaus (Zeilen %3–%4, ab Tischsitzung %5, Spiel %6): Das Protokoll wurde gekürzt oder durch eine ältere Kopie ersetzt. Es wird nicht weitergespielt — den Floor rufen.</numerusform>
            <numerusform>Der Saal hat %1 Zeilen von Tisch %2 über das Ende dieses Protokolls hinaus (Zeilen %3–%4, ab Tischsitzung %5, Spiel %6): Das Protokoll wurde gekürzt oder durch eine ältere Kopie ersetzt. Es wird nicht weitergespielt — den Floor rufen.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../room/start_check.py" line="155"/>
        <source>This record&apos;s row %1 of table %2 (session %3, hand %4) is not the row the card room holds for it: the record was re-dealt from there or replaced, or the room&apos;s copy was changed. It is not played on — call the floor.</source>
        <translation>Zeile %1 dieses Protokolls von Tisch %2 (Tischsitzung %3, Spiel %4) ist nicht die Zeile, die der Saal dafür hat: Ab dort wurde neu gegeben oder das Protokoll ersetzt, oder die Kopie des Saals wurde geändert. Es wird nicht weitergespielt — den Floor rufen.</translation>
    </message>
    <message>
        <location filename="../../recordsvc/client.py" line="54"/>
        <source>the record service (%1) cannot be reached: %2</source>
        <translation>der Dienst des Spielprotokolls (%1) ist nicht erreichbar: %2</translation>
    </message>
    <message>
        <location filename="../../recordsvc/client.py" line="70"/>
        <source>the record service (%1) did not answer: %2 — nothing was changed</source>
        <translation>der Dienst des Spielprotokolls (%1) hat nicht geantwortet: %2 — nichts wurde geändert</translation>
    </message>
    <message>
        <location filename="../../live/game_outlook.py" line="103"/>
        <source>this table deals one game: there is no game to switch to</source>
        <translation>an diesem Tisch wird nur ein Spiel gegeben: es gibt kein Spiel zum Wechseln</translation>
    </message>
    <message>
        <location filename="../../live/game_outlook.py" line="108"/>
        <source>%1 is not one of this table&apos;s games (%2)</source>
        <translation>%1 ist keines der Spiele dieses Tisches (%2)</translation>
    </message>
    <message>
        <location filename="../../recordsvc/server.py" line="421"/>
        <source>this record service has no card room link (started without one)</source>
        <translation>dieser Dienst des Spielprotokolls hat keine Verbindung zum Saal (ohne sie gestartet)</translation>
    </message>
    <message>
        <location filename="../../recordsvc/server.py" line="432"/>
        <source>the floor console writes rulings and refused floor acts, not a %1 row</source>
        <translation>die Floor-Konsole schreibt Entscheidungen und abgelehnte Floor-Handlungen, keine Zeile %1</translation>
    </message>
    <message>
        <location filename="../../recordsvc/server.py" line="482"/>
        <source>table session %1 is not held by this window: open or resume it first</source>
        <translation>Tischsitzung %1 ist nicht in diesem Fenster geöffnet: zuerst öffnen oder fortsetzen</translation>
    </message>
    <message>
        <location filename="../../recordsvc/server.py" line="789"/>
        <source>%1 is a path, not the name of one of the house&apos;s limit tables or profiles: refused</source>
        <translation>%1 ist ein Pfad, nicht der Name einer Limittabelle oder eines Profils des Hauses: abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/server.py" line="810"/>
        <source>%1 as the table sent it is not the house&apos;s %1 (the record service&apos;s limits folder): its %2 differs: refused</source>
        <translation>%1, wie der Tisch es sendet, ist nicht %1 des Hauses (der Limit-Ordner des Protokolldienstes): %2 weicht ab: abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/server.py" line="826"/>
        <source>one passphrase check of %1 confirms one floor act: %2 rows name them and the record service checked their passphrase %3 times: refused</source>
        <translation>eine Passwortprüfung von %1 bestätigt eine Floor-Handlung: %2 Zeilen nennen %1, der Dienst des Spielprotokolls hat das Passwort %3-mal geprüft: abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/server.py" line="836"/>
        <source>a floor act by %1 whose passphrase the record service did not check: refused</source>
        <translation>eine Floor-Handlung von %1, dessen Passwort der Dienst des Spielprotokolls nicht geprüft hat: abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/session_order.py" line="103"/>
        <source>the open_table row&apos;s limit table or profile is not readable: refused</source>
        <translation>die Limittabelle oder das Hausprofil der open_table-Zeile ist nicht lesbar: abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/session_order.py" line="108"/>
        <source>the table&apos;s %1 row does not replay: %2: refused</source>
        <translation>die %1-Zeile des Tisches lässt sich nicht nachspielen: %2: abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/session_order.py" line="123"/>
        <source>table session %1, hand %2: %3: refused</source>
        <translation>Tischsitzung %1, Spiel %2: %3: abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/session_order.py" line="128"/>
        <source>table session %1, hand %2: the %3 row does not replay: %4: refused</source>
        <translation>Tischsitzung %1, Spiel %2: die %3-Zeile lässt sich nicht nachspielen: %4: abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/session_order.py" line="153"/>
        <source>table session %1, hand %2: the %3 row is refused: no hand is being dealt (an input or an undo belongs to the hand being dealt)</source>
        <translation>Tischsitzung %1, Spiel %2: die Zeile %3 ist abgelehnt: es wird kein Spiel gegeben (eine Eingabe oder ein Rückgängigmachen gehört zum laufenden Spiel)</translation>
    </message>
    <message>
        <location filename="../../recordsvc/session_order.py" line="164"/>
        <source>table session %1, hand %2: the %3 row is refused: hand %4 is being dealt (an input or an undo belongs to the hand being dealt)</source>
        <translation>Tischsitzung %1, Spiel %2: die Zeile %3 ist abgelehnt: gegeben wird Spiel %4 (eine Eingabe oder ein Rückgängigmachen gehört zum laufenden Spiel)</translation>
    </message>
    <message>
        <location filename="../../recordsvc/session_order.py" line="176"/>
        <source>a row applying a room&apos;s ruling names it by the room&apos;s id, a whole number, not %1: refused</source>
        <translation>eine Zeile, die eine Entscheidung aus dem Saal anwendet, nennt sie mit der Nummer des Saals, einer ganzen Zahl, nicht %1: abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/session_order.py" line="185"/>
        <source>table session %1: hand %2 is being dealt: the room&apos;s ruling %3 is applied between hands (a ruling that moves chips is applied between hands): refused</source>
        <translation>Tischsitzung %1: Spiel %2 wird gegeben: die Entscheidung %3 aus dem Saal wird zwischen zwei Spielen angewendet (eine Entscheidung, die Chips bewegt, wird zwischen zwei Spielen angewendet): abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/session_order.py" line="196"/>
        <source>the row applying the room&apos;s ruling %1 is confirmed by the dealer as {&quot;role&quot;: &quot;dealer&quot;}, nothing else: refused</source>
        <translation>die Zeile, die die Entscheidung %1 aus dem Saal anwendet, bestätigt der Dealer als {&quot;role&quot;: &quot;dealer&quot;}, nichts anderes: abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/session_order.py" line="211"/>
        <source>table session %1: hand %2 is being dealt: hand %3 is started after it ends: refused</source>
        <translation>Tischsitzung %1: Spiel %2 läuft: Spiel %3 beginnt erst, wenn es beendet ist: abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/session_order.py" line="221"/>
        <source>table session %1: the next hand is hand %2, not hand %3: refused</source>
        <translation>Tischsitzung %1: das nächste Spiel ist Spiel %2, nicht Spiel %3: abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/session_order.py" line="229"/>
        <source>table session %1: the row starting hand %2 names hand %3: refused</source>
        <translation>Tischsitzung %1: die Zeile, die Spiel %2 beginnt, nennt Spiel %3: abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/session_order.py" line="236"/>
        <source>table session %1: hand %2 is not being dealt: only the hand being dealt ends (once): refused</source>
        <translation>Tischsitzung %1: Spiel %2 läuft nicht: nur das laufende Spiel endet (einmal): abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/session_order.py" line="249"/>
        <source>table session %1: hand %2 is being dealt: a %3 row is written between hands: refused</source>
        <translation>Tischsitzung %1: Spiel %2 läuft: eine Zeile %3 wird zwischen zwei Spielen geschrieben: abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/session_order.py" line="259"/>
        <source>table session %1, hand %2: a top-up is whole cents above 0 and at most %3, not %4: refused</source>
        <translation>Tischsitzung %1, Spiel %2: ein Zukauf ist ein ganzer Centbetrag über 0 und höchstens %3, nicht %4: abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/server.py" line="301"/>
        <source>the request could not be handled (%1)</source>
        <translation>die Anfrage konnte nicht bearbeitet werden (%1)</translation>
    </message>
    <message>
        <location filename="../../recordsvc/server.py" line="461"/>
        <source>table session %1 is closed (or not in the record): nothing more is written to it</source>
        <translation>Tischsitzung %1 ist geschlossen (oder nicht im Spielprotokoll): in sie wird nichts mehr geschrieben</translation>
    </message>
    <message>
        <location filename="../../recordsvc/server.py" line="587"/>
        <source>the room&apos;s ruling %1 is applied in this record already: refused</source>
        <translation>die Entscheidung %1 aus dem Saal ist in diesem Protokoll schon angewendet: abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/server.py" line="594"/>
        <source>the room&apos;s ruling %1 is applied twice in one commit: refused</source>
        <translation>die Entscheidung %1 aus dem Saal wird in einem Schreibvorgang zweimal angewendet: abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/server.py" line="660"/>
        <source>a refused floor act is recorded by the record service itself, not sent to it: refused</source>
        <translation>eine abgelehnte Floor-Handlung trägt der Dienst des Spielprotokolls selbst ein, sie wird ihm nicht geschickt: abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/server.py" line="675"/>
        <source>a %1 row that the record&apos;s own reader cannot read (nested too deep, or not a JSON object): refused</source>
        <translation>eine Zeile %1, die der Leser des Spielprotokolls nicht lesen kann (zu tief verschachtelt oder kein JSON-Objekt): abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/server.py" line="690"/>
        <source>the %1 row is written by the record itself, not sent to it: refused</source>
        <translation>die Zeile %1 schreibt das Spielprotokoll selbst, sie wird ihm nicht geschickt: abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/server.py" line="697"/>
        <source>a close_table row is written as the table is closed, not as a row of a hand: refused</source>
        <translation>eine Zeile close_table wird beim Schließen des Tisches geschrieben, nicht als Zeile eines Spiels: abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/server.py" line="710"/>
        <source>a table is closed with one close_table row as the window writes it (the hand left open or not; or not resumed, a failing table by the floor): refused</source>
        <translation>ein Tisch wird mit einer Zeile close_table geschlossen, wie das Fenster sie schreibt (mit offenem Spiel oder ohne; oder nicht fortgesetzt, ein fehlerhafter Tisch vom Floor): abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/server.py" line="759"/>
        <source>a table opens with its open_table row first (limit table, profile, stacks): refused</source>
        <translation>Ein Tisch beginnt mit seiner open_table-Zeile (Limit-Tisch, Profil, Stacks): abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/server.py" line="767"/>
        <source>the open_table row names limit table %1 and profile %2, not %3 and %4</source>
        <translation>Die open_table-Zeile nennt Limit-Tisch %1 und Profil %2, nicht %3 und %4</translation>
    </message>
    <message>
        <location filename="../../recordsvc/server.py" line="776"/>
        <source>the limit table %1 does not exist (or is not readable as played): refused</source>
        <translation>Den Limit-Tisch %1 gibt es nicht (oder er ist so, wie gespielt, nicht lesbar): abgelehnt</translation>
    </message>
    <message>
        <location filename="../../recordsvc/server.py" line="780"/>
        <source>the profile %1 does not exist (or is not readable as played): refused</source>
        <translation>Das Hausregel-Profil %1 gibt es nicht (oder es ist so, wie gespielt, nicht lesbar): abgelehnt</translation>
    </message>
    <message>
        <location filename="../../room/service_link.py" line="100"/>
        <source>the record cannot be forwarded to the card room: %1</source>
        <translation>das Spielprotokoll kann nicht an den Saal weitergeleitet werden: %1</translation>
    </message>
    <message>
        <location filename="../../room/service_link.py" line="123"/>
        <source>this table is not linked to a card room now: a floor act in the room cannot be made</source>
        <translation>dieser Tisch ist gerade nicht mit dem Saal verbunden: eine Floor-Handlung im Saal ist nicht möglich</translation>
    </message>
    <message>
        <location filename="../../room/service_link.py" line="161"/>
        <source>the row applying the room&apos;s ruling %1 is not the ruling as the room filed it (it differs in %2): refused</source>
        <translation>die Zeile, die die Entscheidung %1 aus dem Saal anwendet, ist nicht die Entscheidung, wie der Saal sie erfasst hat (sie weicht ab in %2): abgelehnt</translation>
    </message>
    <message>
        <location filename="../../record/undo_claim.py" line="42"/>
        <source>the undo names %1 but the hand has no input to undo</source>
        <translation>das Rückgängigmachen nennt %1, aber in diesem Spiel gibt es keine Eingabe, die rückgängig gemacht werden kann</translation>
    </message>
    <message>
        <location filename="../../record/undo_claim.py" line="44"/>
        <source>the undo names %1 but the hand&apos;s last input is %2</source>
        <translation>das Rückgängigmachen nennt %1, aber die letzte Eingabe des Spiels ist %2</translation>
    </message>
    <message>
        <location filename="../../record/undo_claim.py" line="57"/>
        <source>the floor&apos;s void (%1)</source>
        <translation>die Ungültigerklärung durch den Floor (%1)</translation>
    </message>
    <message>
        <location filename="../../record/replay.py" line="153"/>
        <source>the hand&apos;s end states the nets %1, the engine gives %2</source>
        <translation>das Spielende nennt die Gewinne und Verluste %1, die Regel-Engine ergibt %2</translation>
    </message>
    <message>
        <location filename="../../record/replay.py" line="154"/>
        <source>the hand&apos;s end states the pots %1, the engine gives %2</source>
        <translation>das Spielende nennt die Pots %1, die Regel-Engine ergibt %2</translation>
    </message>
    <message>
        <location filename="../../record/replay.py" line="175"/>
        <source>the leave names %1, but %2 sits in seat %3</source>
        <translation>das Verlassen nennt %1, aber auf Platz %3 sitzt %2</translation>
    </message>
    <message>
        <location filename="../../record/replay.py" line="185"/>
        <source>the leave cashes out %1 cents, but seat %2 holds %3 cents</source>
        <translation>das Verlassen zahlt %1 Cent aus, aber Platz %2 hat %3 Cent</translation>
    </message>
    <message>
        <location filename="../../record/replay.py" line="203"/>
        <source>the ruling&apos;s chips %1 do not add up to nothing (a ruling moves chips between seats)</source>
        <translation>die Chips der Entscheidung %1 ergeben zusammen nicht null (eine Entscheidung verschiebt Chips zwischen Plätzen)</translation>
    </message>
    <message>
        <location filename="../../record/replay.py" line="221"/>
        <source>a hand holds at most %1 inputs: the floor decides how it goes on</source>
        <translation>ein Spiel fasst höchstens %1 Eingaben: wie es weitergeht, entscheidet der Floor</translation>
    </message>
    <message>
        <location filename="../../record/replay.py" line="238"/>
        <source>hand %1 is dealt after hand %2 (its row names hand %3): the next hand is %4</source>
        <translation>Spiel %1 wird nach Spiel %2 gegeben (seine Zeile nennt Spiel %3): das nächste Spiel ist %4</translation>
    </message>
    <message>
        <location filename="../../record/replay.py" line="254"/>
        <source>a %1 row of hand %2 while hand %3 is dealt</source>
        <translation>eine %1-Zeile von Spiel %2, während Spiel %3 gegeben wird</translation>
    </message>
    <message>
        <location filename="../../record/replay.py" line="287"/>
        <source>the record dealt %1, the table deals %2</source>
        <translation>das Protokoll hat %1 ausgeteilt, der Tisch teilt %2 aus</translation>
    </message>
    <message>
        <location filename="../../record/replay.py" line="295"/>
        <source>an input before the hand was dealt</source>
        <translation>eine Eingabe, bevor das Spiel gegeben wurde</translation>
    </message>
    <message>
        <location filename="../../record/replay.py" line="303"/>
        <source>a switch_game row holds %1</source>
        <translation>eine switch_game-Zeile enthält %1</translation>
    </message>
    <message>
        <location filename="../../record/replay.py" line="316"/>
        <source>a hand_end row with no hand being dealt</source>
        <translation>eine hand_end-Zeile, ohne dass ein Spiel gegeben wird</translation>
    </message>
    <message>
        <location filename="../../record/replay.py" line="325"/>
        <source>a row of kind %1, which the record never writes</source>
        <translation>eine Zeile der Art %1, die das Protokoll nie schreibt</translation>
    </message>
    <message>
        <location filename="../../record/replay.py" line="330"/>
        <source>the resume row names table session %1, not its own (%2)</source>
        <translation>die resume-Zeile nennt Tischsitzung %1, nicht die eigene (%2)</translation>
    </message>
    <message>
        <location filename="../../record/replay.py" line="400"/>
        <source>hand %1 comes after the %2 row of hand %3, which does not replay: the stacks it starts with are the record&apos;s word only</source>
        <translation>Spiel %1 folgt auf die %2-Zeile von Spiel %3, die sich nicht nachspielen lässt: für seine Anfangsstacks steht nur das Wort des Protokolls</translation>
    </message>
    <message>
        <location filename="../../record/replay.py" line="418"/>
        <source>the %1 row&apos;s content is not a record row (a JSON object)</source>
        <translation>der Inhalt der %1-Zeile ist keine Protokollzeile (kein JSON-Objekt)</translation>
    </message>
    <message>
        <location filename="../../record/replay.py" line="423"/>
        <source>a %1 row after the table was closed</source>
        <translation>eine %1-Zeile, nachdem der Tisch geschlossen wurde</translation>
    </message>
    <message>
        <location filename="../../record/replay.py" line="433"/>
        <source>the table&apos;s first row is a %1 row, not its open_table row</source>
        <translation>die erste Zeile des Tisches ist eine %1-Zeile, nicht seine open_table-Zeile</translation>
    </message>
    <message>
        <location filename="../../record/replay.py" line="439"/>
        <source>the table&apos;s limit table or profile cannot be read (%1): its rows are not replayed</source>
        <translation>Limittabelle oder Hausprofil des Tisches sind nicht lesbar (%1): seine Zeilen werden nicht nachgespielt</translation>
    </message>
</context>
<context>
    <name>ExamPicker</name>
    <message>
        <location filename="../exam_dialogs.py" line="88"/>
        <source>Exam blueprints (instructor)…</source>
        <translation>Prüfungsvorlagen (Ausbilder)…</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="118"/>
        <source>Exams need the record&apos;s database: open the trainer from the app.</source>
        <translation>Prüfungen brauchen die Datenbank des Protokolls: Öffnen Sie den Trainer aus der App.</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="120"/>
        <source>No exam blueprint yet: an instructor makes and locks one (Exam blueprints).</source>
        <translation>Noch keine Prüfungsvorlage: Ein Ausbilder erstellt und schreibt eine fest (Prüfungsvorlagen).</translation>
    </message>
</context>
<context>
    <name>Exams</name>
    <message>
        <location filename="../exam_dialogs.py" line="56"/>
        <source>each table&apos;s own house profile</source>
        <translation>das Hausregel-Profil des jeweiligen Tisches</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="60"/>
        <source>%1 drills in %2 minutes, pass mark %3%; set by %4 (%5)</source>
        <translation>%1 Aufgaben in %2 Minuten, Bestehensgrenze %3 %; gestellt von %4 (%5)</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="68"/>
        <source>Skills: %1</source>
        <translation>Fertigkeiten: %1</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="70"/>
        <source>Tables: %1 (%2)</source>
        <translation>Tische: %1 (%2)</translation>
    </message>
</context>
<context>
    <name>FileDialogs</name>
    <message>
        <location filename="../file_dialogs.py" line="33"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
</context>
<context>
    <name>FloorLogin</name>
    <message>
        <location filename="../floor_login_words.py" line="19"/>
        <source>Floor&apos;s room login</source>
        <translation>Saal-Login des Floors</translation>
    </message>
    <message>
        <location filename="../floor_login_words.py" line="20"/>
        <source>Room password</source>
        <translation>Saal-Passwort</translation>
    </message>
</context>
<context>
    <name>FloorWindow</name>
    <message>
        <location filename="../floor_window.py" line="94"/>
        <source>Floor — %1</source>
        <translation>Floor — %1</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="141"/>
        <source>e.g. 20</source>
        <translation>z. B. 20</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="143"/>
        <location filename="../floor_window.py" line="179"/>
        <source>Table</source>
        <translation>Tisch</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="144"/>
        <source>Player or seat</source>
        <translation>Spieler oder Platz</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="145"/>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="146"/>
        <source>To</source>
        <translation>Bis</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="147"/>
        <source>Pot at least</source>
        <translation>Pot mindestens</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="167"/>
        <source>Had an undo</source>
        <translation>Mit Rückgängig</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="168"/>
        <source>Had an irregularity or ruling</source>
        <translation>Mit Unregelmäßigkeit oder Entscheidung</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="175"/>
        <source>Hand</source>
        <translation>Spiel</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="180"/>
        <source>Players</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="177"/>
        <source>Pot</source>
        <translation>Pot</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="95"/>
        <source>Choose a hand on the left</source>
        <translation>Links ein Spiel wählen</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="155"/>
        <source>number, floor or words</source>
        <translation>Nummer, Floor oder Wörter</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="160"/>
        <source>Case</source>
        <translation>Fall</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="162"/>
        <source>any status</source>
        <translation>jeder Stand</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="166"/>
        <source>Case status</source>
        <translation>Stand des Falls</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="176"/>
        <source>Started (UTC)</source>
        <translation>Begonnen (UTC)</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="178"/>
        <source>Marks</source>
        <translation>Vermerke</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="191"/>
        <source>Open hand history files…</source>
        <translation>Spielverläufe aus Dateien öffnen…</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="198"/>
        <source>Open hand history files</source>
        <translation>Spielverläufe aus Dateien öffnen</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="215"/>
        <source>%1 not read: %2</source>
        <translation>%1 nicht gelesen: %2</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="339"/>
        <source>FAILS THE RECORD&apos;S CHECK</source>
        <translation>BESTEHT DIE PROTOKOLLPRÜFUNG NICHT</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="340"/>
        <source>open</source>
        <translation>offen</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="302"/>
        <source>%1 of %2 hands</source>
        <translation>%1 von %2 Spielen</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="117"/>
        <source>Checking the record… the hands are listed; any whose rows fail its check will be marked in red</source>
        <translation>Das Protokoll wird geprüft … die Hände sind aufgelistet; jede, deren Zeilen die Prüfung nicht bestehen, wird rot markiert</translation>
    </message>
    <message numerus="yes">
        <location filename="../floor_window.py" line="213"/>
        <source>%n hand(s) read from the files</source>
        <translation>
            <numerusform>%n Spiel aus den Dateien gelesen</numerusform>
            <numerusform>%n Spiele aus den Dateien gelesen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../floor_window.py" line="237"/>
        <source>THE RECORD FAILS ITS CHECK: %n hand(s) marked in red — their rows are not as they were written; Verify record says what and where</source>
        <translation>
            <numerusform>DAS PROTOKOLL BESTEHT SEINE PRÜFUNG NICHT: %n Hand rot markiert — ihre Zeilen sind nicht mehr so, wie sie geschrieben wurden; „Protokoll prüfen“ sagt, was und wo</numerusform>
            <numerusform>DAS PROTOKOLL BESTEHT SEINE PRÜFUNG NICHT: %n Hände rot markiert — ihre Zeilen sind nicht mehr so, wie sie geschrieben wurden; „Protokoll prüfen“ sagt, was und wo</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="245"/>
        <source>The record&apos;s check is done: every row holds.</source>
        <translation>Die Prüfung des Protokolls ist fertig: jede Zeile ist unverändert.</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="249"/>
        <source>The record could not be checked: %1</source>
        <translation>Das Protokoll konnte nicht geprüft werden: %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../floor_window.py" line="294"/>
        <source>%n new hand(s) in the record</source>
        <translation>
            <numerusform>%n neues Spiel im Protokoll</numerusform>
            <numerusform>%n neue Spiele im Protokoll</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../floor_window.py" line="331"/>
        <source>%n undo(s)</source>
        <translation>
            <numerusform>%n× rückgängig</numerusform>
            <numerusform>%n× rückgängig</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../floor_window.py" line="333"/>
        <source>%n irregularity(ies)</source>
        <translation>
            <numerusform>%n Unregelmäßigkeit</numerusform>
            <numerusform>%n Unregelmäßigkeiten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../floor_window.py" line="335"/>
        <source>%n ruling(s)</source>
        <translation>
            <numerusform>%n Entscheidung</numerusform>
            <numerusform>%n Entscheidungen</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="355"/>
        <source>Not a time: type it as the record keeps it, UTC, e.g. 2026-12-01 or 2026-12-01T21:00</source>
        <translation>Keine Uhrzeit: so tippen, wie das Protokoll sie führt, in UTC, z. B. 2026-12-01 oder 2026-12-01T21:00</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="359"/>
        <source>%1 is not a time: type it as 2026-12-01 or 2026-12-01T21:00 (UTC)</source>
        <translation>%1 ist keine Uhrzeit: als 2026-12-01 oder 2026-12-01T21:00 tippen (UTC)</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="388"/>
        <location filename="../floor_window.py" line="600"/>
        <source>Floor</source>
        <translation>Floor</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="395"/>
        <source>A hand from a file is not in the record: it can be stepped through and printed, not ruled on</source>
        <translation>Ein Spiel aus einer Datei steht nicht im Protokoll: Es lässt sich durchgehen und drucken, aber nicht entscheiden</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="431"/>
        <source>Downcards as shown at the end</source>
        <translation>Verdeckte Karten, wie am Ende gezeigt</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="433"/>
        <source>What if…</source>
        <translation>Was wäre, wenn…</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="435"/>
        <source>Rule…</source>
        <translation>Entscheiden…</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="437"/>
        <source>Print report…</source>
        <translation>Bericht drucken…</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="439"/>
        <source>Verify record</source>
        <translation>Protokoll prüfen</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="468"/>
        <source>Hand %1, step %2 of %3</source>
        <translation>Spiel %1, Schritt %2 von %3</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="491"/>
        <source>Legal now</source>
        <translation>Jetzt erlaubt</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="492"/>
        <source>Then</source>
        <translation>Danach</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="493"/>
        <source>legal</source>
        <translation>erlaubt</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="494"/>
        <source>NOT legal</source>
        <translation>NICHT erlaubt</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="497"/>
        <source>Pots</source>
        <translation>Pots</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="498"/>
        <source>seats</source>
        <translation>Plätze</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="499"/>
        <source>Stub</source>
        <translation>Reststapel</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="500"/>
        <source>burns</source>
        <translation>gebrannte Karten</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="583"/>
        <source>Save the ruling report</source>
        <translation>Den Entscheidungsbericht speichern</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="602"/>
        <source>The report cannot be written: %1</source>
        <translation>Der Bericht kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="607"/>
        <source>Report written: %1</source>
        <translation>Bericht geschrieben: %1</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="619"/>
        <source>Record</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="624"/>
        <source>The record proves itself: every row matches its keyed hash, and every seal of the anchors file %1 is a row it holds.</source>
        <translation>Das Protokoll beweist sich selbst: Jede Zeile passt zu ihrem verschlüsselten Hash, und jedes Siegel der Ankerdatei %1 ist eine Zeile, die es enthält.</translation>
    </message>
    <message>
        <location filename="../floor_window.py" line="634"/>
        <source>The record proves itself: every row matches its keyed hash. There is no anchors file (%1): deleted last hands cannot be seen without one.</source>
        <translation>Das Protokoll beweist sich selbst: Jede Zeile passt zu ihrem verschlüsselten Hash. Es gibt keine Ankerdatei (%1): ohne sie sind gelöschte letzte Hände nicht zu erkennen.</translation>
    </message>
</context>
<context>
    <name>Games</name>
    <message>
        <location filename="../../live/game_outlook.py" line="23"/>
        <source>Seven Card Stud</source>
        <translation>Seven Card Stud</translation>
    </message>
    <message>
        <location filename="../../live/game_outlook.py" line="24"/>
        <source>Razz</source>
        <translation>Razz</translation>
    </message>
    <message>
        <location filename="../../live/game_outlook.py" line="25"/>
        <source>Seven Card Stud Hi-Lo</source>
        <translation>Seven Card Stud Hi-Lo</translation>
    </message>
    <message numerus="yes">
        <location filename="../../live/game_outlook.py" line="38"/>
        <source>every %1 hand(s)</source>
        <translation>
            <numerusform>jede Hand</numerusform>
            <numerusform>alle %1 Hände</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../live/game_outlook.py" line="39"/>
        <source>each an orbit of the button</source>
        <translation>je eine Runde des Buttons</translation>
    </message>
    <message>
        <location filename="../../live/game_outlook.py" line="67"/>
        <source>Last %1 hand: next %2</source>
        <translation>Letzte Hand %1: danach %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../../live/game_outlook.py" line="70"/>
        <source>%1 — %2 more hand(s) this orbit, then %3</source>
        <translation>
            <numerusform>%1 — noch %2 Hand in dieser Runde, dann %3</numerusform>
            <numerusform>%1 — noch %2 Hände in dieser Runde, dann %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../live/game_outlook.py" line="76"/>
        <source>%1 — %2 more hand(s), then %3</source>
        <translation>
            <numerusform>%1 — noch %2 Hand, dann %3</numerusform>
            <numerusform>%1 — noch %2 Hände, dann %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>InstructorDialog</name>
    <message>
        <location filename="../exam_dialogs.py" line="298"/>
        <source>New instructor</source>
        <translation>Neuer Ausbilder</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="306"/>
        <source>New instructor&apos;s &amp;name</source>
        <translation>&amp;Name des neuen Ausbilders</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="307"/>
        <source>Their &amp;PIN (6 or more characters)</source>
        <translation>&amp;PIN des neuen Ausbilders (6 oder mehr Zeichen)</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="308"/>
        <source>The PIN &amp;again</source>
        <translation>Die PIN &amp;noch einmal</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="314"/>
        <source>Registered by an instructor:</source>
        <translation>Eingetragen von einem Ausbilder:</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="315"/>
        <source>Your name</source>
        <translation>Ihr Name</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="316"/>
        <source>Your PIN</source>
        <translation>Ihre PIN</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="318"/>
        <source>Approved by the floor:</source>
        <translation>Zustimmung des Floors:</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="319"/>
        <source>Floor account</source>
        <translation>Floor-Konto</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="320"/>
        <source>Passphrase</source>
        <translation>Passwort</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="325"/>
        <source>Register  [Enter]</source>
        <translation>Eintragen  [Enter]</translation>
    </message>
    <message>
        <location filename="../exam_dialogs.py" line="342"/>
        <source>The two PINs differ: type the new PIN twice</source>
        <translation>Die beiden PINs unterscheiden sich: Die neue PIN zweimal eingeben</translation>
    </message>
</context>
<context>
    <name>IrregularityDialog</name>
    <message>
        <location filename="../floor_dialogs.py" line="302"/>
        <source>Report an irregularity</source>
        <translation>Eine Unregelmäßigkeit melden</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="321"/>
        <source>Irregularity</source>
        <translation>Unregelmäßigkeit</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="322"/>
        <source>Seat</source>
        <translation>Platz</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="323"/>
        <source>Card</source>
        <translation>Karte</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="324"/>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="325"/>
        <source>Amount (bet or raise to)</source>
        <translation>Betrag (setzen oder erhöhen auf)</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="318"/>
        <source>Floor account</source>
        <translation>Floor-Konto</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="318"/>
        <source>Floor passphrase</source>
        <translation>Floor-Passwort</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="340"/>
        <source>Apply the remedy</source>
        <translation>Die Abhilfe anwenden</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="345"/>
        <source>No irregularity the table reports applies now; the floor decides (I-3).</source>
        <translation>Jetzt passt keine Unregelmäßigkeit, die der Tisch meldet; der Floor entscheidet (I-3).</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="379"/>
        <source>The exposed card becomes the door card of seat %1, whose door card is due now.</source>
        <translation>Die aufgedeckte Karte wird die Door Card von Platz %1, dessen Door Card jetzt an der Reihe ist.</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="384"/>
        <source>If it was a downcard of seat %1, deal seat %2&apos;s door card first, then report it when seat %1&apos;s door card is due.</source>
        <translation>War es eine verdeckte Karte von Platz %1, zuerst die Door Card von Platz %2 geben und es dann melden, wenn die Door Card von Platz %1 an der Reihe ist.</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="393"/>
        <source>If it was a downcard of one of the seats %1 (their door cards are not dealt yet), deal the door cards up to that seat first, then report it when its door card is due.</source>
        <translation>War es eine verdeckte Karte eines der Plätze %1 (ihre Door Cards sind noch nicht gegeben), zuerst die Door Cards bis zu diesem Platz geben und es dann melden, wenn seine Door Card an der Reihe ist.</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="403"/>
        <source>This table&apos;s house option out_of_turn: %1</source>
        <translation>Die Hausregel out_of_turn dieses Tischs: %1</translation>
    </message>
</context>
<context>
    <name>JoinDialog</name>
    <message>
        <location filename="../seat_dialogs.py" line="99"/>
        <source>Join</source>
        <translation>Platz nehmen</translation>
    </message>
    <message>
        <location filename="../seat_dialogs.py" line="112"/>
        <source>Seat</source>
        <translation>Platz</translation>
    </message>
    <message>
        <location filename="../seat_dialogs.py" line="113"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../seat_dialogs.py" line="114"/>
        <source>Buy-in (%1)</source>
        <translation>Buy-in (%1)</translation>
    </message>
    <message>
        <location filename="../seat_dialogs.py" line="128"/>
        <source>%1 left this session with %2: they may come back with those chips (T-3)</source>
        <translation>%1 ist in dieser Sitzung mit %2 gegangen und darf mit diesen Chips zurückkommen (T-3)</translation>
    </message>
    <message>
        <location filename="../seat_dialogs.py" line="134"/>
        <source>Buy-in: at least %1 (T-3)</source>
        <translation>Buy-in: mindestens %1 (T-3)</translation>
    </message>
    <message>
        <location filename="../seat_dialogs.py" line="135"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../seat_dialogs.py" line="137"/>
        <source>Left this session, may come back with their chips: %1</source>
        <translation>In dieser Sitzung gegangen, dürfen mit ihren Chips zurückkommen: %1</translation>
    </message>
    <message>
        <location filename="../seat_dialogs.py" line="148"/>
        <source>Seat %1: %2 sits down with %3</source>
        <translation>Platz %1: %2 nimmt mit %3 Platz</translation>
    </message>
</context>
<context>
    <name>LeaveDialog</name>
    <message>
        <location filename="../seat_dialogs.py" line="198"/>
        <location filename="../seat_dialogs.py" line="227"/>
        <source>Leave</source>
        <translation>Verlassen</translation>
    </message>
    <message>
        <location filename="../seat_dialogs.py" line="200"/>
        <source>Seat</source>
        <translation>Platz</translation>
    </message>
    <message>
        <location filename="../seat_dialogs.py" line="206"/>
        <source>Leave…</source>
        <translation>Verlassen…</translation>
    </message>
    <message>
        <location filename="../seat_dialogs.py" line="216"/>
        <source>%1 takes %2 from the table</source>
        <translation>%1 nimmt %2 vom Tisch mit</translation>
    </message>
    <message>
        <location filename="../seat_dialogs.py" line="222"/>
        <source>Nobody is seated</source>
        <translation>Niemand sitzt am Tisch</translation>
    </message>
    <message>
        <location filename="../seat_dialogs.py" line="230"/>
        <source>Seat %1 (%2) leaves the table with %3.

Pay out %3 and free the seat? This is final; %2 may come back this session with these chips.</source>
        <translation>Platz %1 (%2) verlässt den Tisch mit %3.

%3 auszahlen und den Platz freigeben? Das ist endgültig; %2 darf in dieser Sitzung mit diesen Chips zurückkommen.</translation>
    </message>
    <message>
        <location filename="../seat_dialogs.py" line="240"/>
        <source>Leave with %1</source>
        <translation>Mit %1 gehen</translation>
    </message>
    <message>
        <location filename="../seat_dialogs.py" line="241"/>
        <source>Stay seated</source>
        <translation>Sitzen bleiben</translation>
    </message>
    <message>
        <location filename="../seat_dialogs.py" line="249"/>
        <source>%1 left the table with %2</source>
        <translation>%1 hat den Tisch mit %2 verlassen</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../main_window.py" line="51"/>
        <location filename="../main_window.py" line="284"/>
        <location filename="../main_window.py" line="350"/>
        <source>Stud Dealer Assistant</source>
        <translation>Stud-Dealer-Assistent</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="84"/>
        <location filename="../main_window.py" line="352"/>
        <source>Hand record: %1</source>
        <translation>Spielprotokoll: %1</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="113"/>
        <source>&amp;Table</source>
        <translation>&amp;Tisch</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="114"/>
        <source>&amp;Open table…</source>
        <translation>Tisch &amp;öffnen…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="115"/>
        <source>&amp;Resume table…</source>
        <translation>Tisch &amp;fortsetzen…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="117"/>
        <source>&amp;Start hand</source>
        <translation>&amp;Spiel beginnen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="119"/>
        <source>&amp;Close table</source>
        <translation>Tisch &amp;schließen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="121"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="123"/>
        <source>Report &amp;irregularity…</source>
        <translation>&amp;Unregelmäßigkeit melden…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="128"/>
        <source>Switch &amp;game…</source>
        <translation>Spiel &amp;wechseln…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="132"/>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="133"/>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="134"/>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="135"/>
        <source>&amp;Seats</source>
        <translation>&amp;Plätze</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="136"/>
        <source>&amp;Join…</source>
        <translation>&amp;Platz nehmen…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="137"/>
        <source>&amp;Top up…</source>
        <translation>&amp;Zukaufen…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="138"/>
        <source>Sit &amp;out / sit in…</source>
        <translation>&amp;Aussetzen / wieder einsteigen…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="139"/>
        <source>&amp;Leave…</source>
        <translation>&amp;Verlassen…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="140"/>
        <source>&amp;Floor</source>
        <translation>&amp;Floor</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="141"/>
        <source>&amp;Open floor console…</source>
        <translation>Floor-&amp;Konsole öffnen…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="142"/>
        <source>T&amp;raining</source>
        <translation>T&amp;raining</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="143"/>
        <source>Open the &amp;trainer…</source>
        <translation>&amp;Trainer öffnen…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="144"/>
        <source>&amp;Window</source>
        <translation>Fe&amp;nster</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="145"/>
        <source>&amp;Players&apos; display</source>
        <translation>&amp;Spieleranzeige</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="149"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="150"/>
        <source>&amp;About…</source>
        <translation>Ü&amp;ber…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="151"/>
        <source>Setti&amp;ngs</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="152"/>
        <source>&amp;Four-colour suits</source>
        <translation>&amp;Vierfarbiges Deck</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="156"/>
        <source>&amp;Card room…</source>
        <translation>&amp;Cardroom…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="157"/>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="160"/>
        <source>System language</source>
        <translation>Systemsprache</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="208"/>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="208"/>
        <source>The language changes at the next start.</source>
        <translation>Die Sprache wechselt beim nächsten Start.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="257"/>
        <source>The floor&apos;s ruling on hand %1 is not applied yet: it is shown again after the next hand</source>
        <translation>Die Entscheidung des Floors zu Spiel %1 ist noch nicht angewendet: sie wird nach dem nächsten Spiel wieder gezeigt</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="277"/>
        <source>Hand %1 sealed: %2</source>
        <translation>Spiel %1 versiegelt: %2</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="297"/>
        <source>No hand is open: an irregularity is reported during a hand</source>
        <translation>Kein Spiel läuft: Eine Unregelmäßigkeit wird während eines Spiels gemeldet</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="351"/>
        <source>Build: %1</source>
        <translation>Build: %1</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="354"/>
        <source>The hand record proves itself against anyone without its key (record.key): an edited, deleted or inserted row is found at start, by &apos;dealer-app verify&apos; and in the floor&apos;s report. Whoever holds the key and the file can rewrite it unseen; keep the anchors file on another disk. A card room&apos;s database owner can turn off the room&apos;s checks and rewrite or delete the room&apos;s copy unseen: the floor&apos;s console does not detect it yet.</source>
        <translation>Das Spielprotokoll beweist sich gegenüber jedem, der seinen Schlüssel (record.key) nicht hat: Eine geänderte, gelöschte oder eingefügte Zeile wird beim Start, von &apos;dealer-app verify&apos; und im Bericht des Floors gefunden. Wer Schlüssel und Datei hat, kann es unbemerkt umschreiben; die Ankerdatei gehört auf einen anderen Datenträger. Der Eigentümer der Datenbank eines Cardrooms kann deren Prüfungen abschalten und die Kopie des Cardrooms unbemerkt umschreiben oder löschen: Die Konsole des Floors erkennt das noch nicht.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="366"/>
        <source>About</source>
        <translation>Über</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="398"/>
        <source>Nothing to undo: seat changes and confirmed awards are final</source>
        <translation>Nichts rückgängig zu machen: Platzänderungen und bestätigte Auszahlungen sind endgültig</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="400"/>
        <source>Nothing to undo yet in this hand</source>
        <translation>In diesem Spiel gibt es noch nichts rückgängig zu machen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="409"/>
        <source>Nothing to redo</source>
        <translation>Nichts zu wiederholen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="419"/>
        <source>Hand in progress</source>
        <translation>Spiel läuft</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="421"/>
        <source>Hand %1 is not finished. %2 anyway? The hand stays in the record as it is.</source>
        <translation>Spiel %1 ist nicht beendet. Trotzdem „%2“? Das Spiel bleibt so im Protokoll, wie es ist.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="438"/>
        <location filename="../main_window.py" line="454"/>
        <source>Open another table</source>
        <translation>Einen anderen Tisch öffnen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="439"/>
        <source>%1 is open. Close it before the other table is opened?</source>
        <translation>%1 ist offen. Vor dem anderen Tisch schließen?</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="443"/>
        <source>Close this table</source>
        <translation>Diesen Tisch schließen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="444"/>
        <source>Keep it open to resume</source>
        <translation>Offen lassen (später fortsetzen)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="461"/>
        <source>Resume another table</source>
        <translation>Einen anderen Tisch fortsetzen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="471"/>
        <source>Close the table</source>
        <translation>Den Tisch schließen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="475"/>
        <source>Close table</source>
        <translation>Tisch schließen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="475"/>
        <source>Close this table? It is no longer offered to resume.</source>
        <translation>Diesen Tisch schließen? Er wird dann nicht mehr zum Fortsetzen angeboten.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="483"/>
        <source>Quit</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="508"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="509"/>
        <source>Seat</source>
        <translation>Platz</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="535"/>
        <source>Sit out / sit in</source>
        <translation>Aussetzen / wieder einsteigen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="570"/>
        <source>Hand record: %1 (see the warning at start)</source>
        <translation>Spielprotokoll: %1 (siehe die Warnung beim Start)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="571"/>
        <source>Hand record</source>
        <translation>Spielprotokoll</translation>
    </message>
</context>
<context>
    <name>MoneySpinBox</name>
    <message>
        <location filename="../action_panel.py" line="118"/>
        <source>%1 is not an amount of money</source>
        <translation>%1 ist kein Geldbetrag</translation>
    </message>
</context>
<context>
    <name>NewTableDialog</name>
    <message>
        <location filename="../new_table_dialog.py" line="31"/>
        <source>Open a table</source>
        <translation>Einen Tisch öffnen</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="38"/>
        <source>%1 — %2, ante %3, bring-in %4, buy-in %5</source>
        <translation>%1 — %2, Ante %3, Bring-in %4, Buy-in %5</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="53"/>
        <source>Type the stakes or the game: 4-8, hi-lo, spread …</source>
        <translation>Limit oder Spiel tippen: 4-8, hi-lo, spread …</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="56"/>
        <source>Find</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="57"/>
        <source>Limit table</source>
        <translation>Limit-Tisch</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="58"/>
        <source>House rules</source>
        <translation>Hausregeln</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="61"/>
        <source>Seat</source>
        <translation>Platz</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="62"/>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="63"/>
        <source>Buy-in</source>
        <translation>Buy-in</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="68"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="83"/>
        <source>The stacks are the floor&apos;s count, not buy-ins: the floor confirms them with their account and passphrase, and the record says so.</source>
        <translation>Die Stacks sind die Zählung des Floors, keine Buy-ins: Der Floor bestätigt sie mit Floor-Konto und Passwort, und das Protokoll hält es fest.</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="90"/>
        <source>Floor account</source>
        <translation>Floor-Konto</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="90"/>
        <source>Floor passphrase</source>
        <translation>Floor-Passwort</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="118"/>
        <source>No limit table matches %1</source>
        <translation>Kein Limit-Tisch passt zu %1</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="126"/>
        <source>%1 (table default)</source>
        <translation>%1 (Standard des Tischs)</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="151"/>
        <source>Seat %1</source>
        <translation>Platz %1</translation>
    </message>
</context>
<context>
    <name>PlayersDisplay</name>
    <message>
        <location filename="../players_display.py" line="195"/>
        <location filename="../players_display.py" line="419"/>
        <source>Players&apos; display</source>
        <translation>Spieleranzeige</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="389"/>
        <source>Bet: %1</source>
        <translation>Einsatz: %1</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="391"/>
        <source>WINS %1</source>
        <translation>GEWINNT %1</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="393"/>
        <source>FOLDED</source>
        <translation>GEPASST</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="395"/>
        <source>ALL-IN</source>
        <translation>ALL-IN</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="397"/>
        <source>TO ACT</source>
        <translation>AM ZUG</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="399"/>
        <source>SITTING OUT</source>
        <translation>SETZT AUS</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="421"/>
        <source>Hand %1</source>
        <translation>Spiel %1</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="423"/>
        <source>Third street</source>
        <translation>3. Karte</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="424"/>
        <source>Fourth street</source>
        <translation>4. Karte</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="425"/>
        <source>Fifth street</source>
        <translation>5. Karte</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="426"/>
        <source>Sixth street</source>
        <translation>6. Karte</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="427"/>
        <source>Seventh street</source>
        <translation>7. Karte (River)</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="431"/>
        <source>Common card</source>
        <translation>Gemeinschaftskarte</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="438"/>
        <source>No table open</source>
        <translation>Kein Tisch geöffnet</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="443"/>
        <source>Between hands</source>
        <translation>Zwischen zwei Spielen</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="447"/>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="447"/>
        <source>Showdown</source>
        <translation>Showdown</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="449"/>
        <source>Pot %1</source>
        <translation>Pot %1</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="464"/>
        <source>Seat %1 (%2) to act</source>
        <translation>Platz %1 (%2) ist am Zug</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="466"/>
        <source>Seat %1 (%2) shows</source>
        <translation>Platz %1 (%2) zeigt</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="470"/>
        <source>Best so far: %1 — %2</source>
        <translation>Bisher beste Hand: %1 — %2</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="480"/>
        <source>Main pot</source>
        <translation>Hauptpot</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="480"/>
        <source>Side pot %1</source>
        <translation>%1. Sidepot</translation>
    </message>
    <message>
        <location filename="../players_display.py" line="493"/>
        <source>%1 wins %2</source>
        <translation>%1 gewinnt %2</translation>
    </message>
</context>
<context>
    <name>ProgressView</name>
    <message>
        <location filename="../trainer_window.py" line="1115"/>
        <source>Progress — %1</source>
        <translation>Fortschritt — %1</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1120"/>
        <location filename="../trainer_window.py" line="1197"/>
        <location filename="../trainer_window.py" line="1216"/>
        <source>Skill</source>
        <translation>Fertigkeit</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1120"/>
        <location filename="../trainer_window.py" line="1164"/>
        <location filename="../trainer_window.py" line="1197"/>
        <source>Answers</source>
        <translation>Antworten</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1120"/>
        <location filename="../trainer_window.py" line="1197"/>
        <location filename="../trainer_window.py" line="1226"/>
        <source>Right</source>
        <translation>Richtig</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1120"/>
        <location filename="../trainer_window.py" line="1197"/>
        <source>Mean time</source>
        <translation>Mittlere Zeit</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1149"/>
        <source>Exams</source>
        <translation>Prüfungen</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1158"/>
        <source>Right answers per day</source>
        <translation>Richtige Antworten je Tag</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1160"/>
        <source>Seconds per answer, per day</source>
        <translation>Sekunden je Antwort, je Tag</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1162"/>
        <source>Per day</source>
        <translation>Je Tag</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1163"/>
        <source>Per week</source>
        <translation>Je Woche</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1171"/>
        <source>No weak skill.</source>
        <translation>Keine schwache Fertigkeit.</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1178"/>
        <source>%1% of the last %2 answers right</source>
        <translation>%1 % der letzten %2 Antworten richtig</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1182"/>
        <source>overdue since %1</source>
        <translation>überfällig seit %1</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1184"/>
        <source>Weak skills: %1</source>
        <translation>Schwache Fertigkeiten: %1</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1197"/>
        <source>Week</source>
        <translation>Woche</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1216"/>
        <location filename="../trainer_window.py" line="1259"/>
        <source>Date (UTC)</source>
        <translation>Datum (UTC)</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1216"/>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1216"/>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1226"/>
        <source>Wrong</source>
        <translation>Falsch</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1235"/>
        <source>Review the answer…</source>
        <translation>Antwort durchsehen…</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1260"/>
        <source>Exam blueprint</source>
        <translation>Prüfungsvorlage</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1261"/>
        <source>Instructor</source>
        <translation>Ausbilder</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1262"/>
        <source>Score</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1216"/>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1264"/>
        <source>Verification ID</source>
        <translation>Prüfnummer</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1263"/>
        <source>Passed?</source>
        <translation>Bestanden?</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1270"/>
        <source>not finished</source>
        <translation>nicht beendet</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1270"/>
        <source>Passed</source>
        <translation>Bestanden</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1270"/>
        <source>Not passed</source>
        <translation>Nicht bestanden</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1273"/>
        <source>NOT GENUINE</source>
        <translation>NICHT ECHT</translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <location filename="../report_pdf.py" line="103"/>
        <source>Pots</source>
        <translation>Pots</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="119"/>
        <source>The record proves itself: every row matches its keyed hash.</source>
        <translation>Das Protokoll beweist sich selbst: Jede Zeile passt zu ihrem verschlüsselten Hash.</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="118"/>
        <source>The record does NOT prove itself:</source>
        <translation>Das Protokoll beweist sich NICHT selbst:</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="61"/>
        <source>A hand from a file, not from the record: it has no seal.</source>
        <translation>Ein Spiel aus einer Datei, nicht aus dem Protokoll: Es hat kein Siegel.</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="64"/>
        <source>Burns</source>
        <translation>Gebrannte Karten</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="65"/>
        <source>Case</source>
        <translation>Fall</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="66"/>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="67"/>
        <source>Floor supervisor</source>
        <translation>Floor-Supervisor</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="68"/>
        <source>Game</source>
        <translation>Spiel</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="69"/>
        <source>Generated</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="70"/>
        <source>Input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="71"/>
        <source>Main pot</source>
        <translation>Hauptpot</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="72"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="73"/>
        <source>Page %1 of %2</source>
        <translation>Seite %1 von %2</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="74"/>
        <source>Played</source>
        <translation>Gespielt</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="75"/>
        <source>Pots and who won them</source>
        <translation>Pots und ihre Gewinner</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="76"/>
        <source>Received by (regulator)</source>
        <translation>Empfangen von (Aufsichtsbehörde)</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="77"/>
        <source>Seals</source>
        <translation>Siegel</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="78"/>
        <source>Seven Card Stud</source>
        <translation>Seven Card Stud</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="79"/>
        <source>Seven Card Stud Hi-Lo</source>
        <translation>Seven Card Stud Hi-Lo</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="80"/>
        <source>Side pot %1</source>
        <translation>%1. Sidepot</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="81"/>
        <source>Signature</source>
        <translation>Unterschrift</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="82"/>
        <source>Signatures</source>
        <translation>Unterschriften</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="83"/>
        <source>Stack after the remedy</source>
        <translation>Stack nach der Abhilfe</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="84"/>
        <source>Stack at the end</source>
        <translation>Stack am Ende</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="85"/>
        <source>The hand</source>
        <translation>Das Spiel</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="86"/>
        <source>Time (UTC)</source>
        <translation>Zeit (UTC)</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="87"/>
        <source>Time zone</source>
        <translation>Zeitzone</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="88"/>
        <source>What the rules made of it</source>
        <translation>Was die Regeln daraus machen</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="89"/>
        <source>Witness</source>
        <translation>Zeuge</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="90"/>
        <source>covers the hand and this ruling</source>
        <translation>deckt das Spiel und diese Entscheidung</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="91"/>
        <source>every time in this report is UTC, as the record keeps it</source>
        <translation>alle Zeiten in diesem Bericht sind UTC, wie das Protokoll sie führt</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="94"/>
        <source>Camera / time reference</source>
        <translation>Kamera / Zeitangabe</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="95"/>
        <source>Decision</source>
        <translation>Beschluss</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="96"/>
        <source>Facts</source>
        <translation>Sachverhalt</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="97"/>
        <source>Hand</source>
        <translation>Spiel</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="98"/>
        <source>Legal options then</source>
        <translation>Damals erlaubte Optionen</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="99"/>
        <source>Limits</source>
        <translation>Limits</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="100"/>
        <source>No ruling is recorded for this hand.</source>
        <translation>Für dieses Spiel ist keine Entscheidung eingetragen.</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="101"/>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="102"/>
        <source>Players</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="104"/>
        <source>Profile</source>
        <translation>Hausregeln</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="105"/>
        <source>Record</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="106"/>
        <source>Remedy</source>
        <translation>Abhilfe</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="107"/>
        <source>Rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="108"/>
        <source>Rules cited</source>
        <translation>Genannte Regeln</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="109"/>
        <source>Ruling</source>
        <translation>Entscheidung</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="111"/>
        <source>Rulings</source>
        <translation>Entscheidungen</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="112"/>
        <source>Seal</source>
        <translation>Siegel</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="113"/>
        <source>Seat</source>
        <translation>Platz</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="114"/>
        <source>Stack at the start</source>
        <translation>Stack zu Beginn</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="115"/>
        <source>Stack at this moment</source>
        <translation>Stack in diesem Moment</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="116"/>
        <source>Stub</source>
        <translation>Reststapel</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="117"/>
        <source>Table</source>
        <translation>Tisch</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="138"/>
        <source>The table at step %1</source>
        <translation>Der Tisch bei Schritt %1</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="139"/>
        <source>This is the moment the last ruling (%1) is about.</source>
        <translation>Das ist der Moment, um den es in der letzten Entscheidung (%1) geht.</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="142"/>
        <source>This is the end of the hand: no ruling is recorded for it.</source>
        <translation>Das ist das Ende des Spiels: Für dieses Spiel ist keine Entscheidung eingetragen.</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="146"/>
        <source>This is the moment asked for (report --moment, or the step shown in the floor console); it is the moment the last ruling (%1) is about.</source>
        <translation>Das ist der angefragte Moment (report --moment oder der in der Floor-Konsole gezeigte Schritt); um ihn geht es auch in der letzten Entscheidung (%1).</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="152"/>
        <source>This is the moment asked for (report --moment, or the step shown in the floor console); the last ruling (%1) is about step %2.</source>
        <translation>Das ist der angefragte Moment (report --moment oder der in der Floor-Konsole gezeigte Schritt); die letzte Entscheidung (%1) betrifft Schritt %2.</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="158"/>
        <source>This is the moment asked for (report --moment, or the step shown in the floor console); no ruling is recorded for this hand.</source>
        <translation>Das ist der angefragte Moment (report --moment oder der in der Floor-Konsole gezeigte Schritt); für dieses Spiel ist keine Entscheidung eingetragen.</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="164"/>
        <source>Seat %1 (%2) is to act:</source>
        <translation>Platz %1 (%2) ist am Zug:</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="165"/>
        <source>None: cards are being dealt, so no one is to act; the dealer deals as the line above says.</source>
        <translation>Keine: Es werden Karten gegeben, also ist niemand am Zug; der Dealer gibt, wie es die Zeile darüber sagt.</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="168"/>
        <source>None: it is the showdown; the players show or muck in turn, and no one bets.</source>
        <translation>Keine: Es ist Showdown; die Spieler zeigen oder mucken der Reihe nach, und niemand setzt.</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="171"/>
        <source>None: the hand was declared void.</source>
        <translation>Keine: Das Spiel wurde für ungültig erklärt.</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="172"/>
        <source>None: the hand is over.</source>
        <translation>Keine: Das Spiel ist zu Ende.</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="174"/>
        <source>At the moment (step %1):</source>
        <translation>In diesem Moment (Schritt %1):</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="175"/>
        <source>The ruling cites:</source>
        <translation>Die Entscheidung nennt:</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="176"/>
        <source>The rulings cite:</source>
        <translation>Die Entscheidungen nennen:</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="177"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="179"/>
        <source>misdeal</source>
        <translation>Misdeal</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="180"/>
        <source>fouled deck</source>
        <translation>fehlerhaftes Deck</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="181"/>
        <source>The hand was declared void at step %1: %2 (%3), confirmed by the floor: %4.</source>
        <translation>Das Spiel wurde bei Schritt %1 für ungültig erklärt: %2 (%3), vom Floor bestätigt: %4.</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="184"/>
        <source>No pot was played for: every ante and bet went back to its player: %1.</source>
        <translation>Um keinen Pot wurde gespielt: Jedes Ante und jeder Einsatz ging an seinen Spieler zurück: %1.</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="187"/>
        <source>No chips had gone in: none went back.</source>
        <translation>Es waren keine Chips im Pot: Keine gingen zurück.</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="188"/>
        <source>Stacks after the void: %1.</source>
        <translation>Stacks nach dem ungültigen Spiel: %1.</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="189"/>
        <source>The same players are dealt the hand again (the redeal).</source>
        <translation>An dieselben Spieler wird neu gegeben.</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="586"/>
        <source>mixed table: %1; %2</source>
        <translation>Mixed-Tisch: %1; %2</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="122"/>
        <source>The rules cited</source>
        <translation>Die genannten Regeln</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="123"/>
        <source>The table at the disputed moment</source>
        <translation>Der Tisch im strittigen Moment</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="124"/>
        <source>Timeline</source>
        <translation>Ablauf</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="125"/>
        <source>Witnesses</source>
        <translation>Zeugen</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="126"/>
        <source>ante</source>
        <translation>Ante</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="127"/>
        <source>at step</source>
        <translation>bei Schritt</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="128"/>
        <source>bring-in</source>
        <translation>Bring-in</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="129"/>
        <source>by</source>
        <translation>von</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="131"/>
        <source>none (the decision only)</source>
        <translation>keine (nur der Beschluss)</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="130"/>
        <source>chips moved between seats</source>
        <translation>Chips zwischen Plätzen bewegt</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="132"/>
        <source>none: the hand has not ended</source>
        <translation>keines: das Spiel ist nicht zu Ende</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="133"/>
        <source>seat</source>
        <translation>Platz</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="134"/>
        <source>seats</source>
        <translation>Plätze</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="135"/>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="136"/>
        <source>the hand voided: every chip back</source>
        <translation>das Spiel für ungültig erklärt: alle Chips zurück</translation>
    </message>
    <message>
        <location filename="../report_pdf.py" line="110"/>
        <source>Ruling report</source>
        <translation>Entscheidungsbericht</translation>
    </message>
</context>
<context>
    <name>ResumeDialog</name>
    <message>
        <location filename="../resume_dialog.py" line="33"/>
        <source>Resume a table</source>
        <translation>Einen Tisch fortsetzen</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="35"/>
        <source>These tables did not close. Resume one where it stopped, or close it.</source>
        <translation>Diese Tische wurden nicht geschlossen. Setzen Sie einen dort fort, wo er stand, oder schließen Sie ihn.</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="46"/>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="48"/>
        <source>&amp;Close table</source>
        <translation>Tisch &amp;schließen</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="49"/>
        <source>&amp;New table instead</source>
        <translation>&amp;Neuen Tisch öffnen</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="50"/>
        <source>New table from the floor&apos;s &amp;count…</source>
        <translation>Neuer Tisch aus der &amp;Zählung des Floors…</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="53"/>
        <source>For a table whose record fails its check: the floor closes it, counts the stacks and confirms them</source>
        <translation>Für einen Tisch, dessen Protokoll die Prüfung nicht besteht: Der Floor schließt ihn, zählt die Stacks und bestätigt sie</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="80"/>
        <source>%1 (%2), opened %3 — cannot be resumed: %4</source>
        <translation>%1 (%2), geöffnet %3 — kann nicht fortgesetzt werden: %4</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="90"/>
        <source>%1 (%2) — %3 — hand %4, %5 — last input at %6</source>
        <translation>%1 (%2) — %3 — Spiel %4, %5 — letzte Eingabe um %6</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="99"/>
        <source>Last input: %1</source>
        <translation>Letzte Eingabe: %1</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="137"/>
        <source>Close table</source>
        <translation>Tisch schließen</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="139"/>
        <source>Close %1 for good? Its hands stay in the record, but it is no longer offered to resume.</source>
        <translation>%1 endgültig schließen? Seine Spiele bleiben im Protokoll, aber er wird nicht mehr zum Fortsetzen angeboten.</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="178"/>
        <location filename="../resume_dialog.py" line="181"/>
        <source>Floor</source>
        <translation>Floor</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="177"/>
        <source>Floor account</source>
        <translation>Floor-Konto</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="177"/>
        <source>Floor passphrase</source>
        <translation>Floor-Passwort</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="186"/>
        <source>between hands</source>
        <translation>zwischen zwei Spielen</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="187"/>
        <source>awards</source>
        <translation>Auszahlung</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="188"/>
        <source>showdown</source>
        <translation>Showdown</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="189"/>
        <source>third street</source>
        <translation>3. Karte</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="190"/>
        <source>fourth street</source>
        <translation>4. Karte</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="191"/>
        <source>fifth street</source>
        <translation>5. Karte</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="192"/>
        <source>sixth street</source>
        <translation>6. Karte</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="193"/>
        <source>seventh street</source>
        <translation>7. Karte (River)</translation>
    </message>
</context>
<context>
    <name>RoomFloorWindow</name>
    <message>
        <location filename="../room_window.py" line="79"/>
        <source>Floor — the room at %1</source>
        <translation>Floor — der Saal auf %1</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="81"/>
        <source>Limits</source>
        <translation>Limits</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="123"/>
        <source>More hands</source>
        <translation>Weitere Spiele</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="248"/>
        <source>%1 hands listed; looking in the room…</source>
        <translation>%1 Spiele aufgelistet; im Raum wird gesucht …</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="251"/>
        <source>%1 hands listed; the room has more: scroll down for them</source>
        <translation>%1 Spiele aufgelistet; der Saal hat weitere: nach unten blättern</translation>
    </message>
    <message numerus="yes">
        <location filename="../room_window.py" line="254"/>
        <source>%n hand(s)</source>
        <translation>
            <numerusform>%n Spiel</numerusform>
            <numerusform>%n Spiele</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../room_window.py" line="268"/>
        <source>Floor</source>
        <translation>Floor</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="276"/>
        <location filename="../room_window.py" line="282"/>
        <location filename="../room_window.py" line="287"/>
        <location filename="../room_window.py" line="291"/>
        <source>Record</source>
        <translation>Protokoll</translation>
    </message>
    <message numerus="yes">
        <location filename="../room_window.py" line="292"/>
        <source>%n floor act(s) do not match the room&apos;s record of them:</source>
        <translation>
            <numerusform>%n Floor-Handlung passt nicht zu dem, was der Saal von ihr verzeichnet hat:</numerusform>
            <numerusform>%n Floor-Handlungen passen nicht zu dem, was der Saal von ihnen verzeichnet hat:</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../room_window.py" line="298"/>
        <source>Every table&apos;s rows match the heads the table signed (checked here, with the key the floor enrolled), and the room refused none.</source>
        <translation>Die Zeilen jedes Tisches stimmen mit den Ständen überein, die der Tisch signiert hat (hier geprüft, mit dem Schlüssel, den der Floor eingetragen hat), und der Saal hat keine abgelehnt.</translation>
    </message>
    <message numerus="yes">
        <location filename="../room_window.py" line="304"/>
        <source>%n floor act(s) made under a floor&apos;s room login match the room&apos;s record of them.</source>
        <translation>
            <numerusform>%n Floor-Handlung unter dem Saal-Login eines Floors passt zu dem, was der Saal von ihr verzeichnet hat.</numerusform>
            <numerusform>%n Floor-Handlungen unter dem Saal-Login eines Floors passen zu dem, was der Saal von ihnen verzeichnet hat.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../room_window.py" line="398"/>
        <source>live</source>
        <translation>live</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="399"/>
        <source>offline, reconnecting</source>
        <translation>offline, verbindet neu</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="400"/>
        <source>connecting</source>
        <translation>verbindet</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="401"/>
        <source>stopped</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="403"/>
        <source>none yet</source>
        <translation>noch keiner</translation>
    </message>
    <message numerus="yes">
        <location filename="../room_window.py" line="404"/>
        <source>Room: %1 — %n table(s): %2</source>
        <translation>
            <numerusform>Saal: %1 — %n Tisch: %2</numerusform>
            <numerusform>Saal: %1 — %n Tische: %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../room_window.py" line="413"/>
        <source>THE ROOM&apos;S COPY FAILS THIS CONSOLE&apos;S CHECK: %n problem(s), hands marked in red — %1</source>
        <translation>
            <numerusform>DIE KOPIE IM SAALSERVER BESTEHT DIE PRÜFUNG DIESER KONSOLE NICHT: %n Problem, Hände rot markiert — %1</numerusform>
            <numerusform>DIE KOPIE IM SAALSERVER BESTEHT DIE PRÜFUNG DIESER KONSOLE NICHT: %n Probleme, Hände rot markiert — %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../room_window.py" line="431"/>
        <source>The room refused %n row(s) — %1</source>
        <translation>
            <numerusform>Der Saal hat %n Zeile abgewiesen — %1</numerusform>
            <numerusform>Der Saal hat %n Zeilen abgewiesen — %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../room_window.py" line="451"/>
        <source>This machine&apos;s floor key cannot be checked with the room — %1</source>
        <translation>Der Floor-Schlüssel dieses Rechners kann nicht mit dem Saal abgeglichen werden — %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../room_window.py" line="458"/>
        <source>The room holds %n floor key(s) under your login %1 that this machine did not make: someone enrolled them in your name (the room&apos;s owner can). Tell the room&apos;s manager; rulings signed with them are shown as not yours.</source>
        <translation>
            <numerusform>Der Saal führt unter Ihrem Login %1 %n Floor-Schlüssel, den dieser Rechner nicht erzeugt hat: jemand hat ihn in Ihrem Namen eingetragen (der Eigentümer des Saals kann das). Sagen Sie es der Saalleitung; damit signierte Entscheidungen werden als nicht Ihre angezeigt.</numerusform>
            <numerusform>Der Saal führt unter Ihrem Login %1 %n Floor-Schlüssel, die dieser Rechner nicht erzeugt hat: jemand hat sie in Ihrem Namen eingetragen (der Eigentümer des Saals kann das). Sagen Sie es der Saalleitung; damit signierte Entscheidungen werden als nicht Ihre angezeigt.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../room_window.py" line="469"/>
        <source>This machine holds no floor key for %1: your rulings cannot be signed. Make one on this machine with: dealer-app floor-key new</source>
        <translation>Dieser Rechner hat keinen Floor-Schlüssel für %1: Ihre Entscheidungen können nicht signiert werden. Legen Sie auf diesem Rechner einen an mit: dealer-app floor-key new</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="476"/>
        <source>This machine&apos;s floor key for %1 is not enrolled in the room: run dealer-app floor-key new</source>
        <translation>Der Floor-Schlüssel dieses Rechners für %1 ist im Saal nicht eingetragen: dealer-app floor-key new ausführen</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="481"/>
        <source>This machine&apos;s floor key for %1 is not valid in the room: see dealer-app floor-key show</source>
        <translation>Der Floor-Schlüssel dieses Rechners für %1 gilt im Saal nicht: siehe dealer-app floor-key show</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="497"/>
        <source>%1: its signed heads stopped arriving — the room has not heard from this open table since %2 UTC</source>
        <translation>%1: Seine signierten Stände kommen nicht mehr an — der Saal hat von diesem offenen Tisch seit %2 UTC nichts gehört</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="505"/>
        <source>%1: its signed heads in the room end at row %2, but this machine saw them reach row %3: rows and heads were cut in the room</source>
        <translation>%1: Seine signierten Stände enden im Saal bei Zeile %2, dieser Rechner hat sie aber bis Zeile %3 gesehen: Im Saal wurden Zeilen und Stände abgeschnitten</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="514"/>
        <source>%1: this machine saw it in the room (up to row %2); the room no longer has it</source>
        <translation>%1: Dieser Rechner hat ihn im Saal gesehen (bis Zeile %2); der Saal hat ihn nicht mehr</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="519"/>
        <source>%1: the key enrolled for it is %2…, not %3… as this machine first saw: if no floor approved a changed key, the room&apos;s owner replaced it</source>
        <translation>%1: Der eingetragene Schlüssel ist %2…, nicht %3…, wie dieser Rechner ihn zuerst gesehen hat: Hat kein Floor einen neuen Schlüssel freigegeben, hat der Eigentümer des Saals ihn ersetzt</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="529"/>
        <source>the floor login %1: its key %2… was valid when this machine saw it; the room no longer holds it valid: the login&apos;s keys were rewritten</source>
        <translation>das Floor-Login %1: sein Schlüssel %2… galt, als dieser Rechner ihn sah; der Saal führt ihn nicht mehr als gültig: die Schlüssel des Logins wurden umgeschrieben</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="536"/>
        <source>the room&apos;s ruling %1: this machine saw it; the room no longer has it</source>
        <translation>Entscheidung %1 des Saals: Dieser Rechner hat sie gesehen; der Saal hat sie nicht mehr</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="540"/>
        <source>the room&apos;s ruling %1: its copy now hashes to %2…, not as this machine saw it: it was rewritten</source>
        <translation>Entscheidung %1 des Saals: Ihre Kopie hat jetzt den Hash %2…, nicht den, den dieser Rechner gesehen hat: Sie wurde umgeschrieben</translation>
    </message>
    <message numerus="yes">
        <location filename="../room_window.py" line="547"/>
        <source>%1: %n row(s) on the server that no signed head covers, since %2 UTC</source>
        <translation>
            <numerusform>%1: %n Zeile auf dem Server, die kein signierter Stand abdeckt, seit %2 UTC</numerusform>
            <numerusform>%1: %n Zeilen auf dem Server, die kein signierter Stand abdeckt, seit %2 UTC</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../room_window.py" line="550"/>
        <source>%1: its record and the room&apos;s copy disagree, since %2 UTC — %3</source>
        <translation>%1: Sein Protokoll und die Kopie des Saals stimmen nicht überein, seit %2 UTC — %3</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="558"/>
        <source>row %1 (table session %2, hand %3, %4) does not match its keyed hash: it was changed after it was written, or written with another key</source>
        <translation>Zeile %1 (Tischsitzung %2, Spiel %3, %4) passt nicht zu ihrem verschlüsselten Hash: Sie wurde nach dem Schreiben geändert oder mit einem anderen Schlüssel geschrieben</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="562"/>
        <source>row %1 (table session %2, hand %3, %4) differs from the row already received for that place</source>
        <translation>Zeile %1 (Tischsitzung %2, Spiel %3, %4) weicht von der Zeile ab, die für diese Stelle schon eingegangen ist</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="564"/>
        <source>row %1 (table session %2, hand %3, %4) arrived before the rows before it</source>
        <translation>Zeile %1 (Tischsitzung %2, Spiel %3, %4) kam vor den Zeilen davor an</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="565"/>
        <source>row %1 (table session %2, hand %3, %4) arrived with rows missing before it</source>
        <translation>Zeile %1 (Tischsitzung %2, Spiel %3, %4) kam an, während Zeilen davor fehlen</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="566"/>
        <source>row %1 (table session %2, hand %3, %4) is numbered out of its table&apos;s order</source>
        <translation>Zeile %1 (Tischsitzung %2, Spiel %3, %4) ist außerhalb der Reihenfolge ihres Tischs nummeriert</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="574"/>
        <source> — sent by the login %1; the room keeps the genuine row it already had (or waits for it), and the table&apos;s own record is not changed</source>
        <translation> — gesendet vom Login %1; der Raum behält die echte Zeile, die er schon hatte (oder wartet auf sie), und das Protokoll des Tisches selbst ist nicht verändert</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="580"/>
        <source> — sent by the login %1</source>
        <translation> — gesendet vom Login %1</translation>
    </message>
    <message>
        <location filename="../room_window.py" line="581"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>RoomRulingDialog</name>
    <message>
        <location filename="../room_ruling_dialog.py" line="57"/>
        <source>A ruling from the floor</source>
        <translation>Eine Entscheidung des Floors</translation>
    </message>
    <message>
        <location filename="../room_ruling_dialog.py" line="64"/>
        <source>The floor (%1) ruled on hand %2:</source>
        <translation>Der Floor (%1) hat zu Spiel %2 entschieden:</translation>
    </message>
    <message>
        <location filename="../room_ruling_dialog.py" line="82"/>
        <source>Seat %1 %2: %3 (stack %4 → %5)</source>
        <translation>Platz %1 %2: %3 (Stack %4 → %5)</translation>
    </message>
    <message>
        <location filename="../room_ruling_dialog.py" line="90"/>
        <source>Seat %1: %2</source>
        <translation>Platz %1: %2</translation>
    </message>
    <message>
        <location filename="../room_ruling_dialog.py" line="98"/>
        <source>Case %1 · rules %2 · recorded in the room by the login %3</source>
        <translation>Fall %1 · Regeln %2 · im Saal eingetragen vom Login %3</translation>
    </message>
    <message>
        <location filename="../room_ruling_dialog.py" line="112"/>
        <source>This ruling cannot be applied at this table: %1. No chip is moved — tell the floor.</source>
        <translation>Diese Entscheidung kann an diesem Tisch nicht angewendet werden: %1. Kein Chip wird bewegt — den Floor rufen.</translation>
    </message>
    <message>
        <location filename="../room_ruling_dialog.py" line="119"/>
        <source>Move these chips now? Enter applies the ruling; Esc leaves it for after the next hand.</source>
        <translation>Diese Chips jetzt bewegen? Enter wendet die Entscheidung an; Esc lässt sie bis nach dem nächsten Spiel.</translation>
    </message>
    <message>
        <location filename="../room_ruling_dialog.py" line="131"/>
        <source>Apply the ruling</source>
        <translation>Die Entscheidung anwenden</translation>
    </message>
    <message>
        <location filename="../room_ruling_dialog.py" line="132"/>
        <source>Not now</source>
        <translation>Nicht jetzt</translation>
    </message>
</context>
<context>
    <name>RoomSettingsDialog</name>
    <message>
        <location filename="../room_link.py" line="218"/>
        <source>Card room</source>
        <translation>Cardroom</translation>
    </message>
    <message>
        <location filename="../room_link.py" line="222"/>
        <source>This table&apos;s record is forwarded to the card room&apos;s server, where the floor sees every table. The record on this machine stays the table&apos;s own: dealing goes on when the network drops, and the rows follow when it is back. Leave the server empty to keep the record on this machine only.</source>
        <translation>Das Protokoll dieses Tischs wird an den Server des Cardrooms weitergeleitet, wo der Floor jeden Tisch sieht. Das Protokoll auf diesem Rechner bleibt das des Tischs: Bricht das Netz ab, wird weiter gegeben, und die Zeilen folgen, sobald es wieder da ist. Bleibt der Server leer, bleibt das Protokoll nur auf diesem Rechner.</translation>
    </message>
    <message>
        <location filename="../room_link.py" line="235"/>
        <source>e.g. Stud 3 (default: this machine&apos;s name)</source>
        <translation>z. B. Stud 3 (Standard: der Name dieses Rechners)</translation>
    </message>
    <message>
        <location filename="../room_link.py" line="237"/>
        <source>Room server</source>
        <translation>Server des Saals</translation>
    </message>
    <message>
        <location filename="../room_link.py" line="242"/>
        <source>This table&apos;s name in the room</source>
        <translation>Name dieses Tischs im Saal</translation>
    </message>
    <message>
        <location filename="../room_link.py" line="249"/>
        <source>%1 is set on this machine, and names the server instead: %2</source>
        <translation>%1 ist auf diesem Rechner gesetzt und nennt stattdessen den Server: %2</translation>
    </message>
    <message>
        <location filename="../room_link.py" line="269"/>
        <source>Not a PostgreSQL URL: postgresql://login:password@host/database</source>
        <translation>Keine PostgreSQL-URL: postgresql://login:passwort@host/datenbank</translation>
    </message>
</context>
<context>
    <name>RulingDialog</name>
    <message>
        <location filename="../floor_dialogs.py" line="102"/>
        <source>Floor ruling — hand %1</source>
        <translation>Entscheidung des Floors — Spiel %1</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="107"/>
        <source>The moment: step %1 — %2</source>
        <translation>Der Zeitpunkt: Schritt %1 — %2</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="115"/>
        <source>New case</source>
        <translation>Neuer Fall</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="123"/>
        <source>%1 (%2, %3)</source>
        <translation>%1 (%2, %3)</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="144"/>
        <source>None: the decision only</source>
        <translation>Keine: nur der Beschluss</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="145"/>
        <source>Move chips between seats</source>
        <translation>Chips zwischen Plätzen bewegen</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="146"/>
        <source>Void the hand: every chip back</source>
        <translation>Das Spiel für ungültig erklären: alle Chips zurück</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="155"/>
        <source>A ruling made in the room is recorded in the room. The chips it moves reach the table: its dealer is shown the ruling between hands, and the chips move on its seats when the dealer confirms.</source>
        <translation>Eine Entscheidung im Saal wird im Saal eingetragen. Die Chips, die sie bewegt, erreichen den Tisch: sein Dealer sieht die Entscheidung zwischen zwei Spielen, und die Chips werden auf seinen Plätzen bewegt, wenn der Dealer bestätigt.</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="168"/>
        <source>+ or − amount</source>
        <translation>Betrag mit + oder −</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="176"/>
        <source>Case</source>
        <translation>Fall</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="177"/>
        <source>Category</source>
        <translation>Art</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="178"/>
        <source>Status</source>
        <translation>Stand</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="179"/>
        <source>Facts</source>
        <translation>Sachverhalt</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="180"/>
        <source>Rules cited</source>
        <translation>Genannte Regeln</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="181"/>
        <source>Decision</source>
        <translation>Beschluss</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="182"/>
        <source>Remedy</source>
        <translation>Abhilfe</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="183"/>
        <source>Chips (with Move chips)</source>
        <translation>Chips (bei »Chips bewegen«)</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="184"/>
        <source>Witnesses</source>
        <translation>Zeugen</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="185"/>
        <source>Camera / time reference</source>
        <translation>Kamera / Zeitangabe</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="111"/>
        <source>Floor account</source>
        <translation>Floor-Konto</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="111"/>
        <source>Floor passphrase</source>
        <translation>Floor-Passwort</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="212"/>
        <source>Record the ruling</source>
        <translation>Die Entscheidung eintragen</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="239"/>
        <location filename="../floor_dialogs.py" line="279"/>
        <source>A chip amount cannot be read: %1</source>
        <translation>Ein Chipbetrag ist nicht lesbar: %1</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="242"/>
        <source>Stacks after this remedy: %1</source>
        <translation>Stacks nach dieser Abhilfe: %1</translation>
    </message>
</context>
<context>
    <name>RulingsLog</name>
    <message>
        <location filename="../rulings.py" line="17"/>
        <source>Rulings</source>
        <translation>Entscheidungen</translation>
    </message>
</context>
<context>
    <name>SpotPanel</name>
    <message>
        <location filename="../spot_panel.py" line="92"/>
        <source>Next step  [→]</source>
        <translation>Nächster Schritt  [→]</translation>
    </message>
    <message>
        <location filename="../spot_panel.py" line="94"/>
        <source>Stop: this step is wrong</source>
        <translation>Halt: Dieser Schritt ist falsch</translation>
    </message>
    <message>
        <location filename="../spot_panel.py" line="110"/>
        <source>Pick the remedy</source>
        <translation>Abhilfe wählen</translation>
    </message>
    <message>
        <location filename="../spot_panel.py" line="111"/>
        <source>The remedy:</source>
        <translation>Die Abhilfe:</translation>
    </message>
    <message>
        <location filename="../spot_panel.py" line="127"/>
        <source>Hand %1 of %2 — step %3 of %4: %5</source>
        <translation>Spiel %1 von %2 — Schritt %3 von %4: %5</translation>
    </message>
    <message>
        <location filename="../spot_panel.py" line="135"/>
        <source>Step %1 of %2: %3</source>
        <translation>Schritt %1 von %2: %3</translation>
    </message>
    <message>
        <location filename="../spot_panel.py" line="167"/>
        <source>Pick the remedy first, then stop at the step.</source>
        <translation>Zuerst die Abhilfe wählen, dann beim Schritt anhalten.</translation>
    </message>
    <message>
        <location filename="../spot_panel.py" line="181"/>
        <source>Right</source>
        <translation>Richtig</translation>
    </message>
    <message>
        <location filename="../spot_panel.py" line="181"/>
        <source>Step %1 is the dealer&apos;s error, and the remedy is right.</source>
        <translation>Schritt %1 ist der Fehler des Dealers, und die Abhilfe stimmt.</translation>
    </message>
    <message>
        <location filename="../spot_panel.py" line="183"/>
        <source>Half right</source>
        <translation>Halb richtig</translation>
    </message>
    <message>
        <location filename="../spot_panel.py" line="184"/>
        <source>You stopped at the right step (step %1), but that is not its remedy.</source>
        <translation>Beim richtigen Schritt angehalten (Schritt %1), aber das ist nicht seine Abhilfe.</translation>
    </message>
    <message>
        <location filename="../spot_panel.py" line="186"/>
        <location filename="../spot_panel.py" line="189"/>
        <source>Wrong</source>
        <translation>Falsch</translation>
    </message>
    <message>
        <location filename="../spot_panel.py" line="187"/>
        <source>You went on past the dealer&apos;s error: step %1 was wrong.</source>
        <translation>Am Fehler des Dealers vorbeigegangen: Schritt %1 war falsch.</translation>
    </message>
    <message>
        <location filename="../spot_panel.py" line="191"/>
        <source>Step %1 was right as told; the dealer&apos;s error was step %2.</source>
        <translation>Schritt %1 war so richtig; der Fehler des Dealers war Schritt %2.</translation>
    </message>
    <message>
        <location filename="../spot_panel.py" line="194"/>
        <source>Step %1 as told:</source>
        <translation>Schritt %1, wie er gesagt wurde:</translation>
    </message>
    <message>
        <location filename="../spot_panel.py" line="194"/>
        <source>It should have been</source>
        <translation>Richtig wäre gewesen</translation>
    </message>
    <message>
        <location filename="../spot_panel.py" line="195"/>
        <source>Your remedy</source>
        <translation>Ihre Abhilfe</translation>
    </message>
    <message>
        <location filename="../spot_panel.py" line="195"/>
        <source>The remedy</source>
        <translation>Die Abhilfe</translation>
    </message>
</context>
<context>
    <name>SwitchGameDialog</name>
    <message>
        <location filename="../switch_game_dialog.py" line="21"/>
        <location filename="../switch_game_dialog.py" line="52"/>
        <source>Switch the game</source>
        <translation>Spiel wechseln</translation>
    </message>
    <message>
        <location filename="../switch_game_dialog.py" line="26"/>
        <source>Now: %1. The floor&apos;s switch starts a new round of the game chosen (%2; M-2).</source>
        <translation>Jetzt: %1. Der Wechsel durch den Floor beginnt eine neue Runde des gewählten Spiels (%2; M-2).</translation>
    </message>
    <message>
        <location filename="../switch_game_dialog.py" line="42"/>
        <source>Floor account</source>
        <translation>Floor-Konto</translation>
    </message>
    <message>
        <location filename="../switch_game_dialog.py" line="42"/>
        <source>Floor passphrase</source>
        <translation>Floor-Passwort</translation>
    </message>
    <message>
        <location filename="../switch_game_dialog.py" line="43"/>
        <source>Game</source>
        <translation>Spiel</translation>
    </message>
</context>
<context>
    <name>TableLink</name>
    <message>
        <location filename="../room_link.py" line="104"/>
        <location filename="../room_link.py" line="110"/>
        <location filename="../room_link.py" line="121"/>
        <source>Room: not forwarded — %1</source>
        <translation>Saal: nicht weitergeleitet — %1</translation>
    </message>
    <message>
        <location filename="../room_link.py" line="112"/>
        <location filename="../room_link.py" line="123"/>
        <source>Room: connecting to %1</source>
        <translation>Saal: verbindet mit %1</translation>
    </message>
    <message>
        <location filename="../room_link.py" line="169"/>
        <source>Room: up to date</source>
        <translation>Saal: auf dem neuesten Stand</translation>
    </message>
    <message numerus="yes">
        <location filename="../room_link.py" line="172"/>
        <source>Room: offline, %n row(s) waiting (the table deals on; they go when the server is back)</source>
        <translation>
            <numerusform>Saal: offline, %n Zeile wartet (es wird weiter gegeben; sie geht, sobald der Server wieder da ist)</numerusform>
            <numerusform>Saal: offline, %n Zeilen warten (es wird weiter gegeben; sie gehen, sobald der Server wieder da ist)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../room_link.py" line="178"/>
        <source>Room: the room still keeps rows this record has lost (%1; a damaged disk, or an older copy) — tell the floor</source>
        <translation>Saal: Der Saal hat noch Zeilen, die diesem Protokoll verloren gingen (%1; eine beschädigte Festplatte oder eine ältere Kopie) — dem Floor melden</translation>
    </message>
    <message numerus="yes">
        <location filename="../room_link.py" line="186"/>
        <source>Room: the room&apos;s copy and this record DISAGREE (%n difference(s); the details name each) — nothing is sent; tell the floor</source>
        <translation>
            <numerusform>Saal: Die Kopie des Saals und dieses Protokoll STIMMEN NICHT ÜBEREIN (%n Abweichung; die Details nennen sie) — nichts wird gesendet; dem Floor melden</numerusform>
            <numerusform>Saal: Die Kopie des Saals und dieses Protokoll STIMMEN NICHT ÜBEREIN (%n Abweichungen; die Details nennen jede) — nichts wird gesendet; dem Floor melden</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../room_link.py" line="193"/>
        <source>Room: the server REFUSED this table&apos;s rows — tell the floor</source>
        <translation>Saal: Der Server hat die Zeilen dieses Tischs ABGEWIESEN — dem Floor melden</translation>
    </message>
    <message>
        <location filename="../room_link.py" line="195"/>
        <source>Room: forwarding stopped</source>
        <translation>Saal: Weiterleitung angehalten</translation>
    </message>
    <message>
        <location filename="../room_link.py" line="199"/>
        <source>Room: the server does not take this table&apos;s rows (its login) — see the Settings, or ask whoever runs the server</source>
        <translation>Saal: Der Server nimmt die Zeilen dieses Tischs nicht an (seine Anmeldung) — siehe Einstellungen, oder den Betreiber des Servers fragen</translation>
    </message>
    <message numerus="yes">
        <location filename="../room_link.py" line="205"/>
        <source>Room: sending, %n row(s) waiting</source>
        <translation>
            <numerusform>Saal: sendet, %n Zeile wartet</numerusform>
            <numerusform>Saal: sendet, %n Zeilen warten</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TableName</name>
    <message>
        <location filename="../table_name_words.py" line="42"/>
        <source>A table&apos;s name in the room holds A to Z, Western European letters (ä ö ü ß é), digits, single spaces and . , &apos; ( ) # &amp; / + : _ -</source>
        <translation>Ein Tischname im Saal besteht aus A bis Z, westeuropäischen Buchstaben (ä ö ü ß é), Ziffern, einzelnen Leerzeichen und . , &apos; ( ) # &amp; / + : _ -</translation>
    </message>
    <message>
        <location filename="../table_name_words.py" line="49"/>
        <source>The name is %1 characters long; the room takes at most %2.</source>
        <translation>Der Tischname ist %1 Zeichen lang; der Saal nimmt höchstens %2.</translation>
    </message>
    <message>
        <location filename="../table_name_words.py" line="56"/>
        <source>The name holds %1, which the room does not take in a table&apos;s name.</source>
        <translation>Der Tischname enthält %1 – dieses Zeichen nimmt der Saal in einem Tischnamen nicht an.</translation>
    </message>
    <message>
        <location filename="../table_name_words.py" line="63"/>
        <source>The name has two spaces in a row; the room takes single spaces only.</source>
        <translation>Der Tischname hat zwei Leerzeichen hintereinander; der Saal nimmt nur einzelne Leerzeichen an.</translation>
    </message>
    <message>
        <location filename="../table_name_words.py" line="67"/>
        <source>The name begins with “%1”; the room&apos;s names begin with a letter or a digit.</source>
        <translation>Der Tischname beginnt mit „%1“; Tischnamen im Saal beginnen mit einem Buchstaben oder einer Ziffer.</translation>
    </message>
</context>
<context>
    <name>TableView</name>
    <message>
        <location filename="../table_view.py" line="150"/>
        <source>Open a table (Ctrl+N)</source>
        <translation>Einen Tisch öffnen (Strg+N)</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="199"/>
        <source>%1 — %2, ante %3, bring-in %4 · %5</source>
        <translation>%1 — %2, Ante %3, Bring-in %4 · %5</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="162"/>
        <source>Dealer</source>
        <translation>Dealer</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="230"/>
        <source>Third street</source>
        <translation>3. Karte</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="231"/>
        <source>Fourth street</source>
        <translation>4. Karte</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="232"/>
        <source>Fifth street</source>
        <translation>5. Karte</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="233"/>
        <source>Sixth street</source>
        <translation>6. Karte</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="234"/>
        <source>Seventh street</source>
        <translation>7. Karte (River)</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="242"/>
        <source>seat %1</source>
        <translation>Platz %1</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="245"/>
        <source>%1 %2 → %3</source>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="249"/>
        <source>Pot %1</source>
        <translation>Pot %1</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="387"/>
        <source>HELD: %1</source>
        <translation>VORGEMERKT: %1</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="319"/>
        <source>to call %1</source>
        <translation>mitgehen %1</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="321"/>
        <source>in pot %1</source>
        <translation>im Pot %1</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="240"/>
        <location filename="../table_view.py" line="253"/>
        <source>Main pot</source>
        <translation>Hauptpot</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="240"/>
        <location filename="../table_view.py" line="253"/>
        <source>Side pot %1</source>
        <translation>%1. Sidepot</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="255"/>
        <source>%1: %2 (seats %3)</source>
        <translation>%1: %2 (Plätze %3)</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="259"/>
        <source>Raises %1 of %2</source>
        <translation>Erhöhungen %1 von %2</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="261"/>
        <source>CAPPED</source>
        <translation>CAP ERREICHT</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="257"/>
        <source>Stub %1</source>
        <translation>Reststapel %1</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="268"/>
        <source>Between hands</source>
        <translation>Zwischen zwei Spielen</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="282"/>
        <source>Common card</source>
        <translation>Gemeinschaftskarte</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="377"/>
        <source>WINS %1</source>
        <translation>GEWINNT %1</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="379"/>
        <source>FOLDED</source>
        <translation>GEPASST</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="381"/>
        <source>ALL-IN</source>
        <translation>ALL-IN</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="385"/>
        <source>HELD: %1 (I-5)</source>
        <translation>VORGEMERKT: %1 (I-5)</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="391"/>
        <source>TO ACT</source>
        <translation>AM ZUG</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="392"/>
        <source>TO ACT · call %1</source>
        <translation>AM ZUG · mitgehen %1</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="396"/>
        <source>SITTING OUT</source>
        <translation>SETZT AUS</translation>
    </message>
</context>
<context>
    <name>TopUpDialog</name>
    <message>
        <location filename="../seat_dialogs.py" line="157"/>
        <source>Top up</source>
        <translation>Zukaufen</translation>
    </message>
    <message>
        <location filename="../seat_dialogs.py" line="163"/>
        <source>Seat</source>
        <translation>Platz</translation>
    </message>
    <message>
        <location filename="../seat_dialogs.py" line="164"/>
        <source>Amount to add (%1)</source>
        <translation>Betrag zum Zukaufen (%1)</translation>
    </message>
    <message>
        <location filename="../seat_dialogs.py" line="177"/>
        <source>Stack now %1 · add at least %2 (T-4)</source>
        <translation>Stack jetzt %1 · mindestens %2 zukaufen (T-4)</translation>
    </message>
    <message>
        <location filename="../seat_dialogs.py" line="189"/>
        <source>Seat %1 topped up %2: stack %3</source>
        <translation>Platz %1 kauft %2 zu: Stack %3</translation>
    </message>
</context>
<context>
    <name>TrainerWindow</name>
    <message>
        <location filename="../trainer_window.py" line="100"/>
        <source>Dealer training</source>
        <translation>Dealer-Training</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="198"/>
        <source>Learn: the rule first, every answer explained</source>
        <translation>Lernen: zuerst die Regel, jede Antwort erklärt</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="199"/>
        <source>Practice: right or wrong at once, mistakes again at the end</source>
        <translation>Üben: sofort richtig oder falsch, die Fehler am Ende noch einmal</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="200"/>
        <source>Exam: no feedback until the end, a certificate</source>
        <translation>Prüfung: keine Rückmeldung bis zum Ende, ein Zertifikat</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="201"/>
        <source>Spot the dealer&apos;s error: stop at the wrong step, name the remedy</source>
        <translation>Den Fehler des Dealers finden: beim falschen Schritt anhalten, die Abhilfe nennen</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="225"/>
        <source>Trainee</source>
        <translation>Teilnehmer</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="226"/>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="240"/>
        <source>Drills</source>
        <translation>Aufgaben</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="135"/>
        <source>The hand so far</source>
        <translation>Das Spiel bisher</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="102"/>
        <source>Choose how to train on the right, then Start</source>
        <translation>Rechts wählen, wie trainiert wird, dann „Beginnen“</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="137"/>
        <source>Whole hand (Alt+H)</source>
        <translation>Ganzes Spiel (Alt+H)</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="138"/>
        <source>Show the earlier streets&apos; actions too, not only this street&apos;s</source>
        <translation>Auch die Aktionen der früheren Runden zeigen, nicht nur die dieser Runde</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="242"/>
        <source>Skills</source>
        <translation>Fertigkeiten</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="249"/>
        <source>Start</source>
        <translation>Beginnen</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="251"/>
        <source>Progress…</source>
        <translation>Fortschritt…</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="264"/>
        <source>Answer  [Enter]</source>
        <translation>Antworten  [Enter]</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="272"/>
        <location filename="../trainer_window.py" line="508"/>
        <source>Next drill</source>
        <translation>Nächste Aufgabe</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="276"/>
        <source>Certificate…</source>
        <translation>Zertifikat…</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="330"/>
        <location filename="../trainer_window.py" line="396"/>
        <source>Type the trainee&apos;s name first: the answers are kept for them.</source>
        <translation>Zuerst den Namen des Teilnehmers eingeben: Die Antworten werden für ihn aufbewahrt.</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="332"/>
        <source>Tick at least one skill to drill.</source>
        <translation>Mindestens eine Fertigkeit zum Üben ankreuzen.</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="196"/>
        <location filename="../trainer_window.py" line="466"/>
        <source>Spot the dealer&apos;s error</source>
        <translation>Den Fehler des Dealers finden</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="196"/>
        <source>Learn</source>
        <translation>Lernen</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="196"/>
        <source>Practice</source>
        <translation>Üben</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="196"/>
        <location filename="../trainer_window.py" line="243"/>
        <source>Exam</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="228"/>
        <source>Game</source>
        <translation>Spiel</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="235"/>
        <source>no time limit</source>
        <translation>ohne Zeitlimit</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="236"/>
        <source> s per drill</source>
        <translation> s je Aufgabe</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="289"/>
        <source>Seven Card Stud and Hi-Lo</source>
        <translation>Seven Card Stud und Hi-Lo</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="398"/>
        <source>Pick an exam blueprint: an instructor makes and locks one.</source>
        <translation>Wählen Sie eine Prüfungsvorlage: Ein Ausbilder erstellt und schreibt sie fest.</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="443"/>
        <source>Time left %1</source>
        <translation>Restzeit %1</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="504"/>
        <source>Next hand (%1 of %2)  [Enter]</source>
        <translation>Nächstes Spiel (%1 von %2)  [Enter]</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="506"/>
        <source>%1 of %2 right so far</source>
        <translation>Bisher %1 von %2 richtig</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="509"/>
        <source>Spot the dealer&apos;s error: %1 of %2 hands right</source>
        <translation>Den Fehler des Dealers finden: %1 von %2 Spielen richtig</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="517"/>
        <source>right</source>
        <translation>richtig</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="517"/>
        <source>wrong</source>
        <translation>falsch</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="517"/>
        <source>the right step, the wrong remedy</source>
        <translation>der richtige Schritt, die falsche Abhilfe</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="518"/>
        <source>Hand %1: %2</source>
        <translation>Spiel %1: %2</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="543"/>
        <location filename="../trainer_window.py" line="999"/>
        <source> (your mistakes again)</source>
        <translation> (deine Fehler noch einmal)</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="544"/>
        <source>Drill %1 of %2%3</source>
        <translation>Aufgabe %1 von %2%3</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="548"/>
        <source>The rules for this drill</source>
        <translation>Die Regeln zu dieser Aufgabe</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="567"/>
        <source>Click the seat on the table, or type its number and Enter.</source>
        <translation>Den Platz am Tisch anklicken, oder seine Nummer eingeben und Enter.</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="568"/>
        <source>Seat</source>
        <translation>Platz</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="571"/>
        <source>Every ante and bet, those still in front of the players too. Type the amount and Enter.</source>
        <translation>Jede Ante und jeder Einsatz, auch die noch vor den Spielern liegenden. Den Betrag eingeben und Enter.</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="573"/>
        <source>Type the number of cards and Enter.</source>
        <translation>Die Zahl der Karten eingeben und Enter.</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="575"/>
        <location filename="../trainer_window.py" line="677"/>
        <source>Amount</source>
        <translation>Betrag</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="575"/>
        <source>Cards</source>
        <translation>Karten</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="577"/>
        <source>Tick what the dealer does before this round.</source>
        <translation>Ankreuzen, was der Dealer vor dieser Runde tut.</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="579"/>
        <source>Burn a card</source>
        <translation>Eine Karte brennen</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="580"/>
        <source>Shuffle the burns into the stub</source>
        <translation>Die gebrannten Karten in den Reststapel mischen</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="581"/>
        <source>Deal one common card</source>
        <translation>Eine Gemeinschaftskarte geben</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="586"/>
        <source>Tick every legal action; give its amount (to), or a range as min-max.</source>
        <translation>Jede erlaubte Aktion ankreuzen; ihren Betrag (auf) angeben, oder einen Bereich als min-max.</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="599"/>
        <source>One line per pot, main pot first: the amount, a colon, the seats eligible (e.g. 21: 1 2 3)</source>
        <translation>Eine Zeile je Pot, Hauptpot zuerst: der Betrag, ein Doppelpunkt, die berechtigten Plätze (z. B. 21: 1 2 3)</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="602"/>
        <source>One line per pot, main pot first: the amount, a colon, each winner&apos;s seat and share (e.g. 120: 3 60, 5 60)</source>
        <translation>Eine Zeile je Pot, Hauptpot zuerst: der Betrag, ein Doppelpunkt, Platz und Anteil jedes Gewinners (z. B. 120: 3 60, 5 60)</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="606"/>
        <source>Enter answers; Shift+Enter starts a new line.</source>
        <translation>Enter antwortet; Umschalt+Enter beginnt eine neue Zeile.</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="613"/>
        <source>Razz: click the five cards of seat %1&apos;s best low (ace to five, R-1).</source>
        <translation>Razz: Die fünf Karten des besten Lows von Platz %1 anklicken (Ass bis Fünf, R-1).</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="615"/>
        <source>Click the five cards of seat %1&apos;s best hand.</source>
        <translation>Die fünf Karten der besten Hand von Platz %1 anklicken.</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="618"/>
        <source>Click the five cards of seat %1&apos;s best low (eight or better), or tick No low.</source>
        <translation>Klicken Sie die fünf Karten des besten Lows von Platz %1 an (Eight or Better), oder kreuzen Sie »Kein Low« an.</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="623"/>
        <source>No low (fewer than five different cards eight or lower)</source>
        <translation>Kein Low (weniger als fünf verschiedene Karten bis zur Acht)</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="676"/>
        <source>Count it: type the amount and Enter.</source>
        <translation>Zählen Sie: Betrag eingeben und Enter.</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="681"/>
        <source>Type each winner&apos;s share (Tab to the next, Enter answers).</source>
        <translation>Geben Sie den Anteil jedes Gewinners ein (Tab zum nächsten, Enter antwortet).</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="682"/>
        <source>Seat %1</source>
        <translation>Platz %1</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="684"/>
        <source>Type how many of each chip (Tab to the next, Enter answers).</source>
        <translation>Geben Sie die Anzahl jedes Chips ein (Tab zum nächsten, Enter antwortet).</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="704"/>
        <source>Pick the remedy, then whether it applies now (Tab to it, arrow keys, Enter answers).</source>
        <translation>Die Abhilfe wählen, dann, ob sie jetzt gilt (Tab dorthin, Pfeiltasten, Enter antwortet).</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="713"/>
        <source>It applies now (corrected, binding, a misdeal, …)</source>
        <translation>Sie gilt jetzt (korrigiert, bindend, ein Misdeal, …)</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="714"/>
        <source>Not now (the action stands, not binding, the hand plays on)</source>
        <translation>Jetzt nicht (die Aktion bleibt, nicht bindend, das Spiel geht weiter)</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="748"/>
        <source>type a number</source>
        <translation>eine Zahl eingeben</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="748"/>
        <location filename="../trainer_window.py" line="835"/>
        <source>%1 is not a number</source>
        <translation>%1 ist keine Zahl</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="755"/>
        <source>there is no seat %1 at this table (the seats: %2)</source>
        <translation>an diesem Tisch gibt es keinen Platz %1 (die Plätze: %2)</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="763"/>
        <source>type the amount first</source>
        <translation>zuerst den Betrag eingeben</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="798"/>
        <source>%1: the amount, a colon, then the seats</source>
        <translation>%1: der Betrag, ein Doppelpunkt, dann die Plätze</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="802"/>
        <source>%1: seat numbers</source>
        <translation>%1: Platznummern</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="809"/>
        <source>%1: a seat number and its share</source>
        <translation>%1: eine Platznummer und ihr Anteil</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="813"/>
        <source>type the pots first: one line each, the amount, a colon, then the seats</source>
        <translation>zuerst die Pots eingeben: je eine Zeile, der Betrag, ein Doppelpunkt, dann die Plätze</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="822"/>
        <source>pick a remedy</source>
        <translation>eine Abhilfe wählen</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="824"/>
        <source>say whether it applies now</source>
        <translation>angeben, ob sie jetzt gilt</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="848"/>
        <source>The answer cannot be read: %1</source>
        <translation>Die Antwort ist nicht lesbar: %1</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="859"/>
        <source>%1 s left for this drill</source>
        <translation>Noch %1 s für diese Aufgabe</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="873"/>
        <source>Answer kept. Next drill.</source>
        <translation>Antwort notiert. Nächste Aufgabe.</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="885"/>
        <source>Time up: %1 s per drill — counted wrong</source>
        <translation>Zeit abgelaufen: %1 s je Aufgabe — als falsch gewertet</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="889"/>
        <source>Time: %1 s (the target for this skill is %2 s)</source>
        <translation>Zeit: %1 s (Ziel für diese Fertigkeit: %2 s)</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="894"/>
        <source>On pace: %1 s (the target for this skill is %2 s)</source>
        <translation>Im Tempo: %1 s (Ziel für diese Fertigkeit: %2 s)</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="901"/>
        <source>Too slow: %1 s (the target for this skill is %2 s)</source>
        <translation>Zu langsam: %1 s (Ziel für diese Fertigkeit: %2 s)</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="922"/>
        <location filename="../trainer_window.py" line="960"/>
        <source>Right</source>
        <translation>Richtig</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="922"/>
        <source>Wrong</source>
        <translation>Falsch</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="926"/>
        <source>Razz</source>
        <translation>Razz</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="926"/>
        <source>the lowest hand wins; Razz&apos;s own rules are R-1 to R-5</source>
        <translation>die niedrigste Hand gewinnt; die eigenen Regeln von Razz sind R-1 bis R-5</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="931"/>
        <location filename="../trainer_window.py" line="994"/>
        <source>The answer</source>
        <translation>Die Antwort</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="931"/>
        <source>How it is found</source>
        <translation>Der Weg zur Antwort</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="935"/>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="959"/>
        <source>Skill</source>
        <translation>Fertigkeit</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="961"/>
        <source>Score</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="962"/>
        <source>Mean time</source>
        <translation>Mittlere Zeit</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="963"/>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="964"/>
        <source>On pace</source>
        <translation>Im Tempo</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="976"/>
        <source>Score: %1%</source>
        <translation>Ergebnis: %1 %</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="977"/>
        <source>%1 drills in %2 s</source>
        <translation>%1 Aufgaben in %2 s</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="983"/>
        <source>Passed</source>
        <translation>Bestanden</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="983"/>
        <source>Not passed</source>
        <translation>Nicht bestanden</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="984"/>
        <source>pass mark</source>
        <translation>Bestehensgrenze</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="990"/>
        <source>Your mistakes again: %1 of %2 right</source>
        <translation>Ihre Fehler noch einmal: %1 von %2 richtig</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="994"/>
        <source>Your answer</source>
        <translation>Deine Antwort</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="996"/>
        <source>Wrong answers</source>
        <translation>Falsche Antworten</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1007"/>
        <source>No wrong answers.</source>
        <translation>Keine falschen Antworten.</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1011"/>
        <location filename="../trainer_window.py" line="1012"/>
        <source>Session over</source>
        <translation>Sitzung beendet</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1027"/>
        <source>The time ran out: %1 of %2 drills answered; the others count as wrong.</source>
        <translation>Die Zeit ist abgelaufen: %1 von %2 Aufgaben beantwortet; die übrigen zählen als falsch.</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1029"/>
        <source>Exam %1 (%2), set by %3. Verification ID %4, seal %5.</source>
        <translation>Prüfung %1 (%2), gestellt von %3. Prüfnummer %4, Siegel %5.</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1044"/>
        <source>certificate</source>
        <translation>Zertifikat</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1046"/>
        <source>Save the certificate</source>
        <translation>Das Zertifikat speichern</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1060"/>
        <source>The certificate cannot be written: %1</source>
        <translation>Das Zertifikat kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1062"/>
        <source>Certificate written: %1</source>
        <translation>Zertifikat geschrieben: %1</translation>
    </message>
    <message>
        <location filename="../trainer_window.py" line="1070"/>
        <source>No answers of %1 yet.</source>
        <translation>Noch keine Antworten von %1.</translation>
    </message>
</context>
<context>
    <name>Training</name>
    <message>
        <location filename="../training_pdf.py" line="39"/>
        <location filename="../training_pdf.py" line="224"/>
        <source>PASSED</source>
        <translation>BESTANDEN</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="39"/>
        <location filename="../training_pdf.py" line="224"/>
        <source>NOT PASSED</source>
        <translation>NICHT BESTANDEN</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="42"/>
        <location filename="../training_pdf.py" line="83"/>
        <location filename="../training_pdf.py" line="178"/>
        <source>Dealer training certificate</source>
        <translation>Zertifikat Dealer-Training</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="45"/>
        <location filename="../training_pdf.py" line="86"/>
        <location filename="../training_pdf.py" line="192"/>
        <location filename="../training_pdf.py" line="304"/>
        <source>Trainee</source>
        <translation>Teilnehmer</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="44"/>
        <location filename="../training_pdf.py" line="85"/>
        <source>Dealer training exam result</source>
        <translation>Ergebnis der Dealer-Prüfung</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="46"/>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <location filename="../drill_review.py" line="36"/>
        <source>not kept</source>
        <translation>nicht aufbewahrt</translation>
    </message>
    <message>
        <location filename="../drill_review.py" line="38"/>
        <source>no answer: the time was up</source>
        <translation>keine Antwort: die Zeit war abgelaufen</translation>
    </message>
    <message>
        <location filename="../drill_review.py" line="49"/>
        <source>The answer given</source>
        <translation>Die gegebene Antwort</translation>
    </message>
    <message>
        <location filename="../drill_review.py" line="49"/>
        <source>The answer</source>
        <translation>Die Antwort</translation>
    </message>
    <message>
        <location filename="../drill_review.py" line="50"/>
        <source>How it is found</source>
        <translation>Der Weg zur Antwort</translation>
    </message>
    <message>
        <location filename="../drill_review.py" line="50"/>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <location filename="../drill_review.py" line="51"/>
        <source>Wrong</source>
        <translation>Falsch</translation>
    </message>
    <message>
        <location filename="../drill_review.py" line="118"/>
        <source>Learn</source>
        <translation>Lernen</translation>
    </message>
    <message>
        <location filename="../drill_review.py" line="119"/>
        <source>Practice</source>
        <translation>Üben</translation>
    </message>
    <message>
        <location filename="../drill_review.py" line="120"/>
        <location filename="../training_pdf.py" line="47"/>
        <source>Exam</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <location filename="../drill_review.py" line="121"/>
        <source>Mistakes again</source>
        <translation>Fehler noch einmal</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="48"/>
        <location filename="../training_pdf.py" line="91"/>
        <source>drills, Seven Card Stud procedure</source>
        <translation>Aufgaben, Ablauf Seven Card Stud</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="49"/>
        <location filename="../training_pdf.py" line="92"/>
        <location filename="../training_pdf.py" line="305"/>
        <source>Skill</source>
        <translation>Fertigkeit</translation>
    </message>
    <message>
        <location filename="../drill_review.py" line="51"/>
        <location filename="../training_pdf.py" line="50"/>
        <location filename="../training_pdf.py" line="93"/>
        <location filename="../training_pdf.py" line="307"/>
        <source>Right</source>
        <translation>Richtig</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="51"/>
        <location filename="../training_pdf.py" line="94"/>
        <location filename="../training_pdf.py" line="308"/>
        <source>Mean time</source>
        <translation>Mittlere Zeit</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="52"/>
        <location filename="../training_pdf.py" line="95"/>
        <location filename="../training_pdf.py" line="195"/>
        <source>Score</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="53"/>
        <location filename="../training_pdf.py" line="96"/>
        <source>Pass mark</source>
        <translation>Bestehensgrenze</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="87"/>
        <location filename="../training_pdf.py" line="194"/>
        <source>Instructor</source>
        <translation>Ausbilder</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="88"/>
        <location filename="../training_pdf.py" line="193"/>
        <source>Exam blueprint</source>
        <translation>Prüfungsvorlage</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="89"/>
        <source>Limit tables</source>
        <translation>Limit-Tische</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="90"/>
        <location filename="../training_pdf.py" line="198"/>
        <source>Date (UTC)</source>
        <translation>Datum (UTC)</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="97"/>
        <source>Time taken</source>
        <translation>Benötigte Zeit</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="98"/>
        <source>time limit</source>
        <translation>Zeitlimit</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="99"/>
        <location filename="../training_pdf.py" line="197"/>
        <source>Verification ID</source>
        <translation>Prüfnummer</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="100"/>
        <source>Seal</source>
        <translation>Siegel</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="101"/>
        <source>Check this certificate with</source>
        <translation>Dieses Zertifikat prüfen mit</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="102"/>
        <source>the time ran out: the drills not answered count as wrong</source>
        <translation>die Zeit ist abgelaufen: Die nicht beantworteten Aufgaben zählen als falsch</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="103"/>
        <source>On pace</source>
        <translation>Im Tempo</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="196"/>
        <source>Passed?</source>
        <translation>Bestanden?</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="205"/>
        <source>NOT GENUINE: changed after it was written</source>
        <translation>NICHT ECHT: nach dem Schreiben geändert</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="214"/>
        <source>Exams</source>
        <translation>Prüfungen</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="223"/>
        <source>not finished</source>
        <translation>nicht beendet</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="255"/>
        <source>Right answers per week</source>
        <translation>Richtige Antworten je Woche</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="255"/>
        <source>Weak skills</source>
        <translation>Schwache Fertigkeiten</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="256"/>
        <source>No weak skill.</source>
        <translation>Keine schwache Fertigkeit.</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="285"/>
        <source>%1% of the last answers right</source>
        <translation>%1 % der letzten Antworten richtig</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="288"/>
        <source>overdue since %1</source>
        <translation>überfällig seit %1</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="306"/>
        <source>Answers</source>
        <translation>Antworten</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="309"/>
        <source>Next due</source>
        <translation>Nächste Fälligkeit</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="310"/>
        <source>Weak</source>
        <translation>Schwach</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="312"/>
        <source>weak</source>
        <translation>schwach</translation>
    </message>
    <message>
        <location filename="../training_pdf.py" line="319"/>
        <source>Dealer training: the group</source>
        <translation>Dealer-Training: die Gruppe</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="64"/>
        <source>ASKED</source>
        <translation>GEFRAGT</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="66"/>
        <source>ANSWER</source>
        <translation>ANTWORT</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="118"/>
        <source>Bring-in</source>
        <translation>Bring-in</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="119"/>
        <source>First to act</source>
        <translation>Wer zuerst spricht</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="120"/>
        <source>Legal actions</source>
        <translation>Erlaubte Aktionen</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="121"/>
        <source>Pot</source>
        <translation>Pot</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="122"/>
        <source>Side pots</source>
        <translation>Sidepots</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="123"/>
        <source>Who shows first</source>
        <translation>Wer zuerst zeigt</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="124"/>
        <source>Deck shortage</source>
        <translation>Kartenmangel</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="125"/>
        <source>Stub</source>
        <translation>Reststapel</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="126"/>
        <source>Winners</source>
        <translation>Gewinner</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="127"/>
        <source>Best five</source>
        <translation>Beste fünf</translation>
    </message>
    <message>
        <location filename="../drill_review.py" line="122"/>
        <location filename="../drill_view.py" line="134"/>
        <source>Spot the dealer&apos;s error</source>
        <translation>Den Fehler des Dealers finden</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="128"/>
        <source>Low hand</source>
        <translation>Low-Hand</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="129"/>
        <source>Count the chips</source>
        <translation>Chips zählen</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="130"/>
        <source>Make change</source>
        <translation>Wechselgeld geben</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="131"/>
        <source>Colour up</source>
        <translation>Chips eintauschen (Colour-up)</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="132"/>
        <source>Pay a split pot</source>
        <translation>Geteilten Pot auszahlen</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="133"/>
        <source>Irregularities</source>
        <translation>Unregelmäßigkeiten</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="143"/>
        <source>Razz: who brings in (R-2, the highest door card)?</source>
        <translation>Razz: Wer setzt den Bring-in (R-2, die höchste Door Card)?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="144"/>
        <source>Razz: who acts first on this street (R-3, the lowest board)?</source>
        <translation>Razz: Wer spricht in dieser Runde zuerst (R-3, das niedrigste Board)?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="145"/>
        <source>Razz: what may the player to act do, for how much (R-4)?</source>
        <translation>Razz: Was darf der Spieler am Zug tun, für wie viel (R-4)?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="146"/>
        <source>Razz: how much is in the pot now?</source>
        <translation>Razz: Wie viel ist jetzt im Pot?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="147"/>
        <source>Razz: what are the pots, and who is eligible for each?</source>
        <translation>Razz: Welche Pots gibt es, und wer ist an jedem berechtigt?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="148"/>
        <source>Razz: who shows first (R-5, W-1)?</source>
        <translation>Razz: Wer zeigt zuerst (R-5, W-1)?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="149"/>
        <source>Razz: the deck is short: what does the dealer do before this round?</source>
        <translation>Razz: Die Karten reichen nicht: Was tut der Dealer vor dieser Runde?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="150"/>
        <source>Razz: how many cards are left in the stub?</source>
        <translation>Razz: Wie viele Karten sind noch im Reststapel?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="151"/>
        <source>Razz: who wins which pot, and how much (R-1, the lowest hand; R-5)?</source>
        <translation>Razz: Wer gewinnt welchen Pot, und wie viel (R-1, die niedrigste Hand; R-5)?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="152"/>
        <source>Razz: what is this player&apos;s best low (R-1, ace to five)?</source>
        <translation>Razz: Was ist das beste Low dieses Spielers (R-1, Ass bis Fünf)?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="153"/>
        <source>Razz: how much is in the pot stacked here?</source>
        <translation>Razz: Wie viel liegt im hier gestapelten Pot?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="154"/>
        <source>Razz: what change does the dealer give, in the fewest chips?</source>
        <translation>Razz: Welches Wechselgeld gibt der Dealer, in möglichst wenigen Chips?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="155"/>
        <source>Razz: colour up: the same value in the fewest chips?</source>
        <translation>Razz: Colour-up: derselbe Wert in möglichst wenigen Chips?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="166"/>
        <source>Who brings in?</source>
        <translation>Wer setzt den Bring-in?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="167"/>
        <source>Who acts first on this street?</source>
        <translation>Wer spricht in dieser Runde zuerst?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="168"/>
        <source>What may the player to act do, with the exact amounts?</source>
        <translation>Was darf der Spieler am Zug tun, mit den genauen Beträgen?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="169"/>
        <source>How much is in the pot now?</source>
        <translation>Wie viel ist jetzt im Pot?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="170"/>
        <source>What are the pots, and who is eligible for each?</source>
        <translation>Welche Pots gibt es, und wer ist an jedem berechtigt?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="171"/>
        <source>Who shows first?</source>
        <translation>Wer zeigt zuerst?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="172"/>
        <source>The deck is short: what does the dealer do before this round?</source>
        <translation>Die Karten reichen nicht: Was tut der Dealer vor dieser Runde?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="173"/>
        <source>How many cards are left in the stub?</source>
        <translation>Wie viele Karten sind noch im Reststapel?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="174"/>
        <source>Who wins which pot, and how much?</source>
        <translation>Wer gewinnt welchen Pot, und wie viel?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="175"/>
        <source>What are this player&apos;s best five cards?</source>
        <translation>Was sind die besten fünf Karten dieses Spielers?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="176"/>
        <source>What is this player&apos;s best low (eight or better)?</source>
        <translation>Was ist das beste Low dieses Spielers (Eight or Better)?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="177"/>
        <source>How much is in the pot stacked here?</source>
        <translation>Wie viel liegt im hier gestapelten Pot?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="178"/>
        <source>What change does the dealer give, in the fewest chips?</source>
        <translation>Welches Wechselgeld gibt der Dealer, in möglichst wenigen Chips?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="179"/>
        <source>Colour up: the same value in the fewest chips?</source>
        <translation>Colour-up: derselbe Wert in möglichst wenigen Chips?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="180"/>
        <source>How much does each winner get, in the table&apos;s chips?</source>
        <translation>Wie viel bekommt jeder Gewinner, in den Chips des Tisches?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="181"/>
        <source>Which remedy, and does it apply now?</source>
        <translation>Welche Abhilfe, und gilt sie jetzt?</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="198"/>
        <source>seat %1</source>
        <translation>Platz %1</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="202"/>
        <source>%1 cards</source>
        <translation>%1 Karten</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="206"/>
        <source>burn a card</source>
        <translation>eine Karte brennen</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="206"/>
        <source>no burn</source>
        <translation>nicht brennen</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="207"/>
        <source>shuffle the burns into the stub</source>
        <translation>die gebrannten Karten in den Reststapel mischen</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="209"/>
        <source>one common card</source>
        <translation>eine Gemeinschaftskarte</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="211"/>
        <source>a card to each player</source>
        <translation>eine Karte an jeden Spieler</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="217"/>
        <source>seats</source>
        <translation>Plätze</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="217"/>
        <source>seat</source>
        <translation>Platz</translation>
    </message>
    <message>
        <location filename="../drill_view.py" line="240"/>
        <source>no low</source>
        <translation>kein Low</translation>
    </message>
    <message>
        <location filename="../trend_chart.py" line="72"/>
        <source>No answers yet</source>
        <translation>Noch keine Antworten</translation>
    </message>
    <message>
        <location filename="../trend_chart.py" line="89"/>
        <source>(weak)</source>
        <translation>(schwach)</translation>
    </message>
</context>
<context>
    <name>WhatIfDialog</name>
    <message>
        <location filename="../floor_dialogs.py" line="57"/>
        <source>What if — nothing here is recorded</source>
        <translation>Was wäre, wenn — hier wird nichts protokolliert</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="65"/>
        <source>What if: try another action from this moment. The record is not touched.</source>
        <translation>Was wäre, wenn: von diesem Zeitpunkt aus eine andere Aktion versuchen. Das Protokoll bleibt unberührt.</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="79"/>
        <source>Nothing to undo in the what-if</source>
        <translation>Im Was-wäre-wenn ist nichts rückgängig zu machen</translation>
    </message>
    <message>
        <location filename="../floor_dialogs.py" line="85"/>
        <source>Nothing to redo</source>
        <translation>Nichts zu wiederholen</translation>
    </message>
</context>
<context>
    <name>Words</name>
    <message>
        <location filename="../words.py" line="66"/>
        <source>T</source>
        <translation>10</translation>
    </message>
    <message>
        <location filename="../words.py" line="67"/>
        <location filename="../words.py" line="134"/>
        <source>J</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../words.py" line="68"/>
        <location filename="../words.py" line="135"/>
        <source>Q</source>
        <translation>D</translation>
    </message>
    <message>
        <location filename="../words.py" line="69"/>
        <location filename="../words.py" line="136"/>
        <source>K</source>
        <translation>K</translation>
    </message>
    <message>
        <location filename="../words.py" line="70"/>
        <location filename="../words.py" line="137"/>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../words.py" line="76"/>
        <source>two</source>
        <translation>Zwei</translation>
    </message>
    <message>
        <location filename="../words.py" line="77"/>
        <source>three</source>
        <translation>Drei</translation>
    </message>
    <message>
        <location filename="../words.py" line="78"/>
        <source>four</source>
        <translation>Vier</translation>
    </message>
    <message>
        <location filename="../words.py" line="79"/>
        <source>five</source>
        <translation>Fünf</translation>
    </message>
    <message>
        <location filename="../words.py" line="80"/>
        <source>six</source>
        <translation>Sechs</translation>
    </message>
    <message>
        <location filename="../words.py" line="81"/>
        <source>seven</source>
        <translation>Sieben</translation>
    </message>
    <message>
        <location filename="../words.py" line="82"/>
        <source>eight</source>
        <translation>Acht</translation>
    </message>
    <message>
        <location filename="../words.py" line="83"/>
        <source>nine</source>
        <translation>Neun</translation>
    </message>
    <message>
        <location filename="../words.py" line="84"/>
        <source>ten</source>
        <translation>Zehn</translation>
    </message>
    <message>
        <location filename="../words.py" line="85"/>
        <source>jack</source>
        <translation>Bube</translation>
    </message>
    <message>
        <location filename="../words.py" line="86"/>
        <source>queen</source>
        <translation>Dame</translation>
    </message>
    <message>
        <location filename="../words.py" line="87"/>
        <source>king</source>
        <translation>König</translation>
    </message>
    <message>
        <location filename="../words.py" line="88"/>
        <source>ace</source>
        <translation>Ass</translation>
    </message>
    <message>
        <location filename="../words.py" line="94"/>
        <source>twos</source>
        <translation>Zweien</translation>
    </message>
    <message>
        <location filename="../words.py" line="95"/>
        <source>threes</source>
        <translation>Dreien</translation>
    </message>
    <message>
        <location filename="../words.py" line="96"/>
        <source>fours</source>
        <translation>Vieren</translation>
    </message>
    <message>
        <location filename="../words.py" line="97"/>
        <source>fives</source>
        <translation>Fünfen</translation>
    </message>
    <message>
        <location filename="../words.py" line="98"/>
        <source>sixes</source>
        <translation>Sechsen</translation>
    </message>
    <message>
        <location filename="../words.py" line="99"/>
        <source>sevens</source>
        <translation>Siebenen</translation>
    </message>
    <message>
        <location filename="../words.py" line="100"/>
        <source>eights</source>
        <translation>Achten</translation>
    </message>
    <message>
        <location filename="../words.py" line="101"/>
        <source>nines</source>
        <translation>Neunen</translation>
    </message>
    <message>
        <location filename="../words.py" line="102"/>
        <source>tens</source>
        <translation>Zehnen</translation>
    </message>
    <message>
        <location filename="../words.py" line="103"/>
        <source>jacks</source>
        <translation>Buben</translation>
    </message>
    <message>
        <location filename="../words.py" line="104"/>
        <source>queens</source>
        <translation>Damen</translation>
    </message>
    <message>
        <location filename="../words.py" line="105"/>
        <source>kings</source>
        <translation>Könige</translation>
    </message>
    <message>
        <location filename="../words.py" line="106"/>
        <source>aces</source>
        <translation>Asse</translation>
    </message>
    <message>
        <location filename="../words.py" line="114"/>
        <source>JQKAT</source>
        <comment>the letters typed for jack, queen, king, ace and ten, in this order</comment>
        <translation>BDKAZ</translation>
    </message>
    <message>
        <location filename="../words.py" line="122"/>
        <source>en</source>
        <comment>the ISO code of this translation&apos;s language</comment>
        <translation>de</translation>
    </message>
    <message>
        <location filename="../../engine/evaluator.py" line="294"/>
        <source>royal flush</source>
        <translation>Royal Flush</translation>
    </message>
    <message>
        <location filename="../../engine/evaluator.py" line="296"/>
        <source>straight flush, %1 high</source>
        <translation>Straight Flush, %1 hoch</translation>
    </message>
    <message>
        <location filename="../../engine/evaluator.py" line="298"/>
        <source>four of a kind, %1</source>
        <translation>Vierling, %1</translation>
    </message>
    <message>
        <location filename="../../engine/evaluator.py" line="300"/>
        <source>full house, %1 full of %2</source>
        <translation>Full House, %1 über %2</translation>
    </message>
    <message>
        <location filename="../../engine/evaluator.py" line="302"/>
        <source>flush, %1 high</source>
        <translation>Flush, %1 hoch</translation>
    </message>
    <message>
        <location filename="../../engine/evaluator.py" line="304"/>
        <source>straight, %1 high</source>
        <translation>Straße, %1 hoch</translation>
    </message>
    <message>
        <location filename="../../engine/evaluator.py" line="306"/>
        <source>three of a kind, %1</source>
        <translation>Drilling, %1</translation>
    </message>
    <message>
        <location filename="../../engine/evaluator.py" line="308"/>
        <source>two pair, %1 and %2</source>
        <translation>zwei Paare, %1 und %2</translation>
    </message>
    <message>
        <location filename="../../engine/evaluator.py" line="310"/>
        <source>a pair of %1</source>
        <translation>ein Paar %1</translation>
    </message>
    <message>
        <location filename="../../engine/evaluator.py" line="311"/>
        <source>%1 high</source>
        <translation>%1 hoch</translation>
    </message>
    <message>
        <location filename="../../engine/evaluator.py" line="342"/>
        <source>%1 showing</source>
        <translation>%1 offen</translation>
    </message>
    <message>
        <location filename="../../engine/evaluator.py" line="346"/>
        <source>four %1 showing</source>
        <translation>vier %1 offen</translation>
    </message>
    <message>
        <location filename="../../engine/evaluator.py" line="348"/>
        <source>three %1 showing</source>
        <translation>drei %1 offen</translation>
    </message>
    <message>
        <location filename="../../engine/evaluator.py" line="350"/>
        <source>two pair showing, %1 and %2</source>
        <translation>zwei Paare offen, %1 und %2</translation>
    </message>
    <message>
        <location filename="../../engine/evaluator.py" line="352"/>
        <source>pair of %1 showing</source>
        <translation>ein Paar %1 offen</translation>
    </message>
    <message>
        <location filename="../../engine/evaluator.py" line="353"/>
        <source>%1 high showing</source>
        <translation>%1 hoch offen</translation>
    </message>
    <message>
        <location filename="../../engine/evaluator.py" line="479"/>
        <source>%1 low showing</source>
        <translation>%1 Low offen</translation>
    </message>
    <message>
        <location filename="../../engine/evaluator.py" line="220"/>
        <source>%1 low</source>
        <translation>%1 Low</translation>
    </message>
    <message>
        <location filename="../words.py" line="201"/>
        <source>fixed limit</source>
        <translation>Fixed Limit</translation>
    </message>
    <message>
        <location filename="../words.py" line="202"/>
        <source>spread limit</source>
        <translation>Spread Limit</translation>
    </message>
    <message>
        <location filename="../words.py" line="203"/>
        <source>split limit</source>
        <translation>Split Limit</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="79"/>
        <source>Only %1 left for %2 players: </source>
        <translation>Nur noch %1 für %2 Spieler: </translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="82"/>
        <source>Burn one card, then two cards down and one up to each player</source>
        <translation>Eine Karte brennen, dann jedem Spieler zwei verdeckte und eine offene Karte</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="83"/>
        <source>two cards down and one up to each player</source>
        <translation>Jedem Spieler zwei verdeckte und eine offene Karte</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="86"/>
        <location filename="../../training/spot.py" line="102"/>
        <source>Burn one card, then one card down to each of the %1 players</source>
        <translation>Eine Karte brennen, dann jedem der %1 Spieler eine verdeckte Karte</translation>
    </message>
    <message>
        <location filename="../words.py" line="168"/>
        <source>third street</source>
        <translation>3. Karte</translation>
    </message>
    <message>
        <location filename="../words.py" line="169"/>
        <source>fourth street</source>
        <translation>4. Karte</translation>
    </message>
    <message>
        <location filename="../words.py" line="170"/>
        <source>fifth street</source>
        <translation>5. Karte</translation>
    </message>
    <message>
        <location filename="../words.py" line="171"/>
        <source>sixth street</source>
        <translation>6. Karte</translation>
    </message>
    <message>
        <location filename="../words.py" line="172"/>
        <source>seventh street</source>
        <translation>7. Karte (River)</translation>
    </message>
    <message>
        <location filename="../words.py" line="301"/>
        <source>us-cardroom</source>
        <comment>the house profile on the table&apos;s header</comment>
        <translation>US-Cardroom</translation>
    </message>
    <message>
        <location filename="../words.py" line="302"/>
        <source>casinos-austria</source>
        <comment>the house profile on the table&apos;s header</comment>
        <translation>Casinos Austria</translation>
    </message>
    <message>
        <location filename="../words.py" line="303"/>
        <source>tda-tournament</source>
        <comment>the house profile on the table&apos;s header</comment>
        <translation>TDA-Turnier</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="87"/>
        <location filename="../../training/spot.py" line="104"/>
        <source>Burn one card, then one card up to each of the %1 players</source>
        <translation>Eine Karte brennen, dann jedem der %1 Spieler eine offene Karte</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="91"/>
        <source>No new burn (it went with the card dealt too early): one card down to each of the %1 players</source>
        <translation>Nicht neu brennen (gebrannt wurde schon vor der zu früh gegebenen Karte): je eine Karte verdeckt an die %1 Spieler</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="98"/>
        <source>No new burn (it went with the card dealt too early): one card up to each of the %1 players</source>
        <translation>Nicht neu brennen (gebrannt wurde schon vor der zu früh gegebenen Karte): je eine Karte offen an die %1 Spieler</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="108"/>
        <source>shuffle the %1 burn cards into the stub, burn one, then deal one card down to each player</source>
        <translation>die %1 gebrannten Karten in den Reststapel mischen, eine Karte brennen, dann jedem Spieler eine verdeckte Karte geben</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="118"/>
        <source>shuffle the %1 burn cards into the stub, burn one, then deal one card up to each player</source>
        <translation>die %1 gebrannten Karten in den Reststapel mischen, eine Karte brennen, dann jedem Spieler eine offene Karte geben</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="127"/>
        <source>shuffle the %1 burn cards into the stub, then </source>
        <translation>die %1 gebrannten Karten in den Reststapel mischen, dann </translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="129"/>
        <source>deal one card down to each player without a burn</source>
        <translation>jedem Spieler eine verdeckte Karte geben, ohne zu brennen</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="131"/>
        <source>deal one card up to each player without a burn</source>
        <translation>jedem Spieler eine offene Karte geben, ohne zu brennen</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="137"/>
        <source>shuffle the %1 burn cards into the stub, then turn one common card face up in the middle</source>
        <translation>die %1 gebrannten Karten in den Reststapel mischen, dann eine Gemeinschaftskarte offen in die Mitte legen</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="186"/>
        <source>shuffle the %1 burn cards into the stub. </source>
        <translation>die %1 gebrannten Karten in den Reststapel mischen. </translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="189"/>
        <source>Burn one, then one card down to each player</source>
        <translation>Eine Karte brennen, dann jedem Spieler eine verdeckte Karte</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="191"/>
        <source>Burn one, then one card up to each player</source>
        <translation>Eine Karte brennen, dann jedem Spieler eine offene Karte</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="195"/>
        <source>Do not burn (the bottom card is never dealt); one card down to each player</source>
        <translation>Nicht brennen (die unterste Karte wird nie gegeben); jedem Spieler eine verdeckte Karte</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="199"/>
        <source>Do not burn (the bottom card is never dealt); one card up to each player</source>
        <translation>Nicht brennen (die unterste Karte wird nie gegeben); jedem Spieler eine offene Karte</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="202"/>
        <source>Burn one card, then turn one common card face up in the middle</source>
        <translation>Eine Karte brennen, dann eine Gemeinschaftskarte offen in die Mitte legen</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="204"/>
        <source>Turn one common card face up in the middle</source>
        <translation>Eine Gemeinschaftskarte offen in die Mitte legen</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="150"/>
        <source>scramble the %1 burn cards with the stub, cut, burn one, then one card down to each player</source>
        <translation>die %1 gebrannten Karten mit dem Reststapel vermischen, abheben, eine Karte brennen, dann jedem Spieler eine verdeckte Karte</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="160"/>
        <source>scramble the %1 burn cards with the stub, cut, burn one, then one card up to each player</source>
        <translation>die %1 gebrannten Karten mit dem Reststapel vermischen, abheben, eine Karte brennen, dann jedem Spieler eine offene Karte</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="168"/>
        <source>burn one card and turn one common card face up in the middle</source>
        <translation>eine Karte brennen und eine Gemeinschaftskarte offen in die Mitte legen</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="171"/>
        <source>Only %1 left: scramble the stub with the %2 burn cards, cut, burn one and turn one common card face up in the middle</source>
        <translation>Nur noch %1: den Reststapel mit den %2 gebrannten Karten vermischen, abheben, eine Karte brennen und eine Gemeinschaftskarte offen in die Mitte legen</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="72"/>
        <source>1 card</source>
        <translation>1 Karte</translation>
    </message>
    <message>
        <location filename="../../engine/deck.py" line="72"/>
        <source>%1 cards</source>
        <translation>%1 Karten</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="148"/>
        <source>Seat %1 antes %2 and is all-in</source>
        <translation>Platz %1 zahlt Ante %2 und ist All-in</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="149"/>
        <source>Seat %1 antes %2</source>
        <translation>Platz %1 zahlt Ante %2</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="423"/>
        <source>Seat %1 folds</source>
        <translation>Platz %1 passt</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="425"/>
        <source>Seat %1 checks</source>
        <translation>Platz %1 checkt</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="36"/>
        <source>Seat %1 calls %2 all-in</source>
        <translation>Platz %1 geht mit %2, All-in</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="37"/>
        <source>Seat %1 brings in for %2 all-in</source>
        <translation>Platz %1 setzt den Bring-in von %2, All-in</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="38"/>
        <source>Seat %1 completes to %2 all-in</source>
        <translation>Platz %1 komplettiert auf %2, All-in</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="39"/>
        <source>Seat %1 bets %2 all-in</source>
        <translation>Platz %1 setzt %2, All-in</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="40"/>
        <source>Seat %1 raises to %2 all-in</source>
        <translation>Platz %1 erhöht auf %2, All-in</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="29"/>
        <source>Seat %1 calls %2</source>
        <translation>Platz %1 geht mit %2</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="30"/>
        <source>Seat %1 brings in for %2</source>
        <translation>Platz %1 setzt den Bring-in von %2</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="31"/>
        <source>Seat %1 completes to %2</source>
        <translation>Platz %1 komplettiert auf %2</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="32"/>
        <source>Seat %1 bets %2</source>
        <translation>Platz %1 setzt %2</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="33"/>
        <source>Seat %1 raises to %2</source>
        <translation>Platz %1 erhöht auf %2</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="297"/>
        <source>Seat %1 brings in: the lowest door card, %2, belongs to all-in seat %3</source>
        <translation>Platz %1 setzt den Bring-in: Die niedrigste Door Card, %2, gehört dem All-in-Platz %3</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="303"/>
        <source>Seat %1 brings in: lowest door card, %2</source>
        <translation>Platz %1 setzt den Bring-in: niedrigste Door Card, %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../../engine/events.py" line="313"/>
        <source> (door card of seat(s) %1 not recorded)</source>
        <translation>
            <numerusform> (Door Card von Platz %1 nicht erfasst)</numerusform>
            <numerusform> (Door Card der Plätze %1 nicht erfasst)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="359"/>
        <source>Seat %1 acts first: the bring-in</source>
        <translation>Platz %1 spricht zuerst: der Bring-in</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="362"/>
        <source>Seat %1 acts first: acted first on sixth street (common card)</source>
        <translation>Platz %1 spricht zuerst: hat bei der 6. Karte zuerst gesprochen (Gemeinschaftskarte)</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="372"/>
        <source>Seat %1 acts first: the high hand, seat %2, is all-in</source>
        <translation>Platz %1 spricht zuerst: Die höchste Hand, Platz %2, ist All-in</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="393"/>
        <source>; tie broken by the highest card by suit, %1</source>
        <translation>; Gleichstand entschieden durch die höchste Karte nach Farbe, %1</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="398"/>
        <source>; tie: nearest the dealer&apos;s left</source>
        <translation>; Gleichstand: der Nächste links vom Dealer</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="377"/>
        <source>Seat %1 acts first: %2</source>
        <translation>Platz %1 spricht zuerst: %2</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="45"/>
        <source>made the last bet or raise</source>
        <translation>hat zuletzt gesetzt oder erhöht</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="46"/>
        <source>nobody bet the last round; clockwise from the dealer&apos;s left (house option)</source>
        <translation>in der letzten Runde hat niemand gesetzt; im Uhrzeigersinn ab links vom Dealer (Hausregel)</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="49"/>
        <source>acted first in the last round, in which nobody bet</source>
        <translation>hat in der letzten Runde, in der niemand setzte, zuerst gesprochen</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="50"/>
        <source>no betting took place; clockwise from the dealer&apos;s left</source>
        <translation>es wurde nicht gesetzt; im Uhrzeigersinn ab links vom Dealer</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="321"/>
        <source>Seat %1 brings in: the highest door card, %2, belongs to all-in seat %3</source>
        <translation>Platz %1 setzt den Bring-in: Die höchste Door Card, %2, gehört dem All-in-Platz %3</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="328"/>
        <source>Seat %1 brings in: highest door card, %2</source>
        <translation>Platz %1 setzt den Bring-in: höchste Door Card, %2</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="366"/>
        <source>Seat %1 acts first: the low hand, seat %2, is all-in</source>
        <translation>Platz %1 spricht zuerst: Die niedrigste Hand, Platz %2, ist All-in</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="385"/>
        <source>; tie broken by the lowest suit of the highest card, %1</source>
        <translation>; Gleichstand entschieden durch die niedrigste Farbe der höchsten Karte, %1</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="509"/>
        <source>seat %1</source>
        <translation>Platz %1</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="510"/>
        <source>Seat %1 shows first (%2); then %3</source>
        <translation>Platz %1 zeigt zuerst (%2); dann %3</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="622"/>
        <source>main pot</source>
        <translation>Hauptpot</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="624"/>
        <source>side pot %1</source>
        <translation>%1. Sidepot</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="627"/>
        <source>%1 %2 to seat %3</source>
        <translation>%1 %2 an Platz %3</translation>
    </message>
    <message numerus="yes">
        <location filename="../../engine/events.py" line="643"/>
        <source>%1 %2: no qualifying low; all to seat(s) %3 (%4)</source>
        <translation>
            <numerusform>%1 %2: kein qualifiziertes Low; alles an Platz %3 (%4)</numerusform>
            <numerusform>%1 %2: kein qualifiziertes Low; alles an die Plätze %3 (%4)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../engine/events.py" line="649"/>
        <source>%1 %2 to seat(s) %3 (%4)</source>
        <translation>
            <numerusform>%1 %2 an Platz %3 (%4)</numerusform>
            <numerusform>%1 %2 an die Plätze %3 (%4)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="901"/>
        <source>Raises %1 of %2, and raising goes on: two players left, no cap heads-up</source>
        <translation>Erhöhungen %1 von %2, und es darf weiter erhöht werden: zwei Spieler übrig, im Heads-up gilt kein Cap</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="906"/>
        <source>Capped: %1 raises of %2; call or fold</source>
        <translation>Cap erreicht: %1 von %2 Erhöhungen; mitgehen oder passen</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="909"/>
        <source>Open pair on fourth street, but no double bet: spread limit bets the same range on every street</source>
        <translation>Offenes Paar bei der 4. Karte, aber kein doppelter Einsatz: Im Spread Limit gilt in jeder Runde dieselbe Spanne</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="916"/>
        <source>Open pair on fourth street, but no double bet: this house plays hi-lo without it</source>
        <translation>Offenes Paar bei der 4. Karte, aber kein doppelter Einsatz: Dieses Haus spielt Hi-Lo ohne diese Regel</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="922"/>
        <source>Open pair on fourth street, but no double bet: Razz never has it (R-4)</source>
        <translation>Offenes Paar bei der 4. Karte, aber kein doppelter Einsatz: Razz hat ihn nie (R-4)</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="926"/>
        <source>Open pair on fourth street, but no double bet: this house plays without it</source>
        <translation>Offenes Paar bei der 4. Karte, aber kein doppelter Einsatz: Dieses Haus spielt ohne diese Regel</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="930"/>
        <source>The all-in was less than a full raise: betting is not reopened for seat %1, who has acted; call or fold</source>
        <translation>Das All-in war weniger als eine volle Erhöhung: Für Platz %1, der schon gesprochen hat, ist die Setzrunde nicht wieder eröffnet; mitgehen oder passen</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="938"/>
        <source>The all-in was less than a full raise, but seat %1 has not acted on the bet before it: a raise is open</source>
        <translation>Das All-in war weniger als eine volle Erhöhung, aber Platz %1 hat auf den Einsatz davor noch nicht gesprochen: Erhöhen ist möglich</translation>
    </message>
    <message>
        <location filename="../../live/prompts.py" line="63"/>
        <source>Seat %1 (%2): door card</source>
        <translation>Platz %1 (%2): Door Card</translation>
    </message>
    <message>
        <location filename="../../live/prompts.py" line="65"/>
        <source>Seat %1 (%2): upcard</source>
        <translation>Platz %1 (%2): offene Karte</translation>
    </message>
    <message>
        <location filename="../../live/prompts.py" line="98"/>
        <source>%1. Then press Enter</source>
        <translation>%1. Dann Enter drücken</translation>
    </message>
    <message>
        <location filename="../../live/prompts.py" line="99"/>
        <source>Deal the river: one card down to each player</source>
        <translation>River geben: jedem Spieler eine verdeckte Karte</translation>
    </message>
    <message>
        <location filename="../../live/prompts.py" line="206"/>
        <source>seat %1 (%2) %3</source>
        <translation>Platz %1 (%2) %3</translation>
    </message>
    <message>
        <location filename="../../live/prompts.py" line="212"/>
        <source>Main pot %1: push to %2</source>
        <translation>Hauptpot %1: auszahlen an %2</translation>
    </message>
    <message>
        <location filename="../../live/prompts.py" line="213"/>
        <source>Side pot %1 %2: push to %3</source>
        <translation>%1. Sidepot %2: auszahlen an %3</translation>
    </message>
    <message>
        <location filename="../words.py" line="316"/>
        <source>fold</source>
        <comment>an action in a list</comment>
        <translation>passen</translation>
    </message>
    <message>
        <location filename="../words.py" line="317"/>
        <source>check</source>
        <comment>an action in a list</comment>
        <translation>checken</translation>
    </message>
    <message>
        <location filename="../words.py" line="318"/>
        <source>call</source>
        <comment>an action in a list</comment>
        <translation>mitgehen</translation>
    </message>
    <message>
        <location filename="../words.py" line="319"/>
        <source>bring_in</source>
        <comment>an action in a list</comment>
        <translation>Bring-in</translation>
    </message>
    <message>
        <location filename="../words.py" line="320"/>
        <source>complete</source>
        <comment>an action in a list</comment>
        <translation>komplettieren</translation>
    </message>
    <message>
        <location filename="../words.py" line="321"/>
        <source>bet</source>
        <comment>an action in a list</comment>
        <translation>setzen</translation>
    </message>
    <message>
        <location filename="../words.py" line="322"/>
        <source>raise</source>
        <comment>an action in a list</comment>
        <translation>erhöhen</translation>
    </message>
    <message>
        <location filename="../words.py" line="326"/>
        <source>Fold</source>
        <translation>Passen</translation>
    </message>
    <message>
        <location filename="../words.py" line="327"/>
        <source>Check</source>
        <translation>Checken</translation>
    </message>
    <message>
        <location filename="../words.py" line="328"/>
        <source>Call</source>
        <translation>Mitgehen</translation>
    </message>
    <message>
        <location filename="../words.py" line="329"/>
        <source>Bring in</source>
        <translation>Bring-in</translation>
    </message>
    <message>
        <location filename="../words.py" line="330"/>
        <source>Complete to</source>
        <translation>Komplettieren auf</translation>
    </message>
    <message>
        <location filename="../words.py" line="331"/>
        <source>Bet</source>
        <translation>Setzen</translation>
    </message>
    <message>
        <location filename="../words.py" line="332"/>
        <source>Raise to</source>
        <translation>Erhöhen auf</translation>
    </message>
    <message>
        <location filename="../words.py" line="335"/>
        <source>fold</source>
        <translation>passen</translation>
    </message>
    <message>
        <location filename="../words.py" line="336"/>
        <source>check</source>
        <translation>checken</translation>
    </message>
    <message>
        <location filename="../words.py" line="337"/>
        <source>call</source>
        <translation>mitgehen</translation>
    </message>
    <message>
        <location filename="../words.py" line="338"/>
        <source>bring in</source>
        <translation>den Bring-in setzen</translation>
    </message>
    <message>
        <location filename="../words.py" line="339"/>
        <source>complete</source>
        <translation>komplettieren</translation>
    </message>
    <message>
        <location filename="../words.py" line="340"/>
        <source>bet</source>
        <translation>setzen</translation>
    </message>
    <message>
        <location filename="../words.py" line="341"/>
        <source>raise</source>
        <translation>erhöhen</translation>
    </message>
    <message>
        <location filename="../words.py" line="352"/>
        <source>deal</source>
        <comment>the phase of a hand</comment>
        <translation>Geben</translation>
    </message>
    <message>
        <location filename="../words.py" line="353"/>
        <source>bet</source>
        <comment>the phase of a hand</comment>
        <translation>Setzrunde</translation>
    </message>
    <message>
        <location filename="../words.py" line="354"/>
        <source>showdown</source>
        <comment>the phase of a hand</comment>
        <translation>Showdown</translation>
    </message>
    <message>
        <location filename="../words.py" line="355"/>
        <source>done</source>
        <comment>the phase of a hand</comment>
        <translation>beendet</translation>
    </message>
    <message>
        <location filename="../words.py" line="376"/>
        <source> or </source>
        <translation> oder </translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="55"/>
        <source>folds</source>
        <translation>passt</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="56"/>
        <source>checks</source>
        <translation>checkt</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="57"/>
        <source>calls</source>
        <translation>geht mit</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="58"/>
        <source>brings in</source>
        <translation>setzt den Bring-in</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="59"/>
        <source>completes</source>
        <translation>komplettiert</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="60"/>
        <source>bets</source>
        <translation>setzt</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="61"/>
        <source>raises</source>
        <translation>erhöht</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="64"/>
        <source>brings in for %1</source>
        <translation>setzt den Bring-in von %1</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="65"/>
        <source>completes to %1</source>
        <translation>komplettiert auf %1</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="66"/>
        <source>bets %1</source>
        <translation>setzt %1</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="67"/>
        <source>raises to %1</source>
        <translation>erhöht auf %1</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="68"/>
        <source>calls %1</source>
        <translation>geht mit %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../../engine/events.py" line="593"/>
        <source>to seat(s) %1</source>
        <translation>
            <numerusform>an Platz %1</numerusform>
            <numerusform>an die Plätze %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="631"/>
        <source>%1 %2: high %3 %4 (%5), low %6 %7 (%8)</source>
        <translation>%1 %2: High %3 %4 (%5), Low %6 %7 (%8)</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="788"/>
        <source>Seat %1 %2 out of turn; action goes back to seat %3</source>
        <translation>Platz %1 außer der Reihe: %2; die Aktion geht zurück an Platz %3</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="794"/>
        <source>: the floor rules on it (house option)</source>
        <translation>: der Floor entscheidet darüber (Hausregel)</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="796"/>
        <source>: binding if the action to seat %1 does not change</source>
        <translation>: bindend, wenn sich die Aktion bis Platz %1 nicht ändert</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="821"/>
        <source>Seat %1&apos;s action out of turn stands: %2</source>
        <translation>Die Aktion von Platz %1 außer der Reihe bleibt: %2</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="826"/>
        <source>Seat %1&apos;s action out of turn is void: a bet or raise came in between; seat %1 has every option</source>
        <translation>Die Aktion von Platz %1 außer der Reihe gilt nicht: Dazwischen kam ein Einsatz oder eine Erhöhung; Platz %1 hat alle Optionen</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="742"/>
        <source>Wrong bring-in: seat %1&apos;s door card is %2, not %3</source>
        <translation>Falscher Bring-in: Die Door Card von Platz %1 ist %2, nicht %3</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="751"/>
        <source>; %1 goes back to seat %2</source>
        <translation>; %1 geht zurück an Platz %2</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="756"/>
        <source>; the bring-in is decided again</source>
        <translation>; der Bring-in wird neu bestimmt</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="856"/>
        <source>Misdeal: every ante and bet goes back; the hand is void and dealt again to the same players</source>
        <translation>Misdeal: Alle Antes und Einsätze gehen zurück; das Spiel ist ungültig und wird an dieselben Spieler neu gegeben</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="862"/>
        <source>Fouled deck: every ante and bet goes back; the hand is void and dealt again to the same players</source>
        <translation>Fehlerhaftes Deck: Alle Antes und Einsätze gehen zurück; das Spiel ist ungültig und wird an dieselben Spieler neu gegeben</translation>
    </message>
    <message>
        <location filename="../words.py" line="445"/>
        <source>seat %1 dealt %2</source>
        <translation>Platz %1 bekommt %2</translation>
    </message>
    <message>
        <location filename="../words.py" line="450"/>
        <source>the river dealt down</source>
        <translation>River verdeckt gegeben</translation>
    </message>
    <message>
        <location filename="../words.py" line="452"/>
        <source>common card %1</source>
        <translation>Gemeinschaftskarte %1</translation>
    </message>
    <message>
        <location filename="../words.py" line="455"/>
        <source>seat %1: %2</source>
        <translation>Platz %1: %2</translation>
    </message>
    <message>
        <location filename="../words.py" line="458"/>
        <source>seat %1 shows %2</source>
        <translation>Platz %1 zeigt %2</translation>
    </message>
    <message>
        <location filename="../words.py" line="460"/>
        <source>seat %1 mucks</source>
        <translation>Platz %1 muckt</translation>
    </message>
    <message>
        <location filename="../words.py" line="462"/>
        <source>, seat %1</source>
        <translation>, Platz %1</translation>
    </message>
    <message>
        <location filename="../words.py" line="481"/>
        <source>Exposed downcard on third street</source>
        <translation>Verdeckte Karte bei der 3. Karte aufgedeckt</translation>
    </message>
    <message>
        <location filename="../words.py" line="482"/>
        <source>Card dealt too early</source>
        <translation>Zu früh gegebene Karte</translation>
    </message>
    <message>
        <location filename="../words.py" line="483"/>
        <source>Wrong bring-in (a misread door card)</source>
        <translation>Falscher Bring-in (Door Card falsch gelesen)</translation>
    </message>
    <message>
        <location filename="../words.py" line="484"/>
        <source>Action out of turn</source>
        <translation>Aktion außer der Reihe</translation>
    </message>
    <message>
        <location filename="../words.py" line="485"/>
        <source>Misdeal</source>
        <translation>Misdeal</translation>
    </message>
    <message>
        <location filename="../words.py" line="486"/>
        <source>Fouled deck</source>
        <translation>Fehlerhaftes Deck</translation>
    </message>
    <message>
        <location filename="../words.py" line="500"/>
        <source>The bring-in is corrected: its chips go back and the lowest door card brings in</source>
        <translation>Der Bring-in wird korrigiert: Seine Chips gehen zurück, und die niedrigste Door Card setzt den Bring-in</translation>
    </message>
    <message>
        <location filename="../words.py" line="503"/>
        <source>Action goes back to the player whose turn it is</source>
        <translation>Die Aktion geht zurück an den Spieler, der an der Reihe ist</translation>
    </message>
    <message>
        <location filename="../words.py" line="504"/>
        <source>The amount is corrected to the limit&apos;s: the chips over it go back</source>
        <translation>Der Betrag wird auf den des Limits korrigiert: Die Chips darüber gehen zurück</translation>
    </message>
    <message>
        <location filename="../words.py" line="505"/>
        <source>The cards go back in order and the round is dealt again after a burn</source>
        <translation>Die Karten gehen in ihrer Reihenfolge zurück, und die Runde wird nach dem Brennen einer Karte neu gegeben</translation>
    </message>
    <message>
        <location filename="../words.py" line="506"/>
        <source>The round is dealt as the shortage procedure says</source>
        <translation>Die Runde wird so gegeben, wie es das Verfahren bei Kartenmangel vorschreibt</translation>
    </message>
    <message>
        <location filename="../words.py" line="507"/>
        <source>The player who made the last bet or raise shows first</source>
        <translation>Der Spieler mit dem letzten Einsatz oder der letzten Erhöhung zeigt zuerst</translation>
    </message>
    <message>
        <location filename="../words.py" line="508"/>
        <source>The push is stopped: the pot goes to the best hand (cards speak)</source>
        <translation>Die Auszahlung wird angehalten: Der Pot geht an die beste Hand (Cards speak)</translation>
    </message>
    <message>
        <location filename="../words.py" line="509"/>
        <source>Misdeal: antes and bets go back and the hand is dealt again</source>
        <translation>Misdeal: Antes und Einsätze gehen zurück, und das Spiel wird neu gegeben</translation>
    </message>
    <message>
        <location filename="../words.py" line="510"/>
        <source>Fouled deck: play stops and every bet and ante goes back</source>
        <translation>Fehlerhaftes Deck: Das Spiel wird angehalten, und alle Einsätze und Antes gehen zurück</translation>
    </message>
    <message>
        <location filename="../words.py" line="511"/>
        <source>Call the floor: the rules leave it open</source>
        <translation>Den Floor rufen: Die Regeln lassen es offen</translation>
    </message>
    <message>
        <location filename="../words.py" line="522"/>
        <source>hand dealt: antes in</source>
        <translation>Spiel gegeben: Antes im Pot</translation>
    </message>
    <message>
        <location filename="../words.py" line="523"/>
        <source>awards confirmed; hand sealed</source>
        <translation>Auszahlung bestätigt; Spiel versiegelt</translation>
    </message>
    <message>
        <location filename="../words.py" line="524"/>
        <source>table resumed after a restart</source>
        <translation>Tisch nach einem Neustart fortgesetzt</translation>
    </message>
    <message>
        <location filename="../words.py" line="526"/>
        <source>floor act refused: wrong passphrase or no account for %1</source>
        <translation>Floor-Handlung abgewiesen: falsches Passwort oder kein Konto für %1</translation>
    </message>
    <message>
        <location filename="../words.py" line="529"/>
        <source>dealer undid: %1</source>
        <translation>Dealer machte rückgängig: %1</translation>
    </message>
    <message>
        <location filename="../words.py" line="530"/>
        <source>dealer redid: %1</source>
        <translation>Dealer wiederholte: %1</translation>
    </message>
    <message>
        <location filename="../words.py" line="531"/>
        <source>irregularity: %1</source>
        <translation>Unregelmäßigkeit: %1</translation>
    </message>
    <message>
        <location filename="../words.py" line="533"/>
        <source>floor ruling by %1: %2</source>
        <translation>Entscheidung des Floors von %1: %2</translation>
    </message>
    <message>
        <location filename="../words.py" line="539"/>
        <source> (confirmed by the floor: %1)</source>
        <translation> (vom Floor bestätigt: %1)</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="186"/>
        <source>Next street: %1</source>
        <translation>Nächste Runde: %1</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="255"/>
        <source>Common card %1: every live player&apos;s card</source>
        <translation>Gemeinschaftskarte %1: gilt für jeden aktiven Spieler</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="273"/>
        <source>No betting: fewer than two players have chips</source>
        <translation>Keine Setzrunde: Weniger als zwei Spieler haben Chips</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="450"/>
        <source>Floor ruling: applied although refused: %1</source>
        <translation>Floor-Entscheidung: angewendet, obwohl abgelehnt: %1</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="469"/>
        <source>Uncalled %1 returned to seat %2</source>
        <translation>Nicht gecallter Einsatz: %1 zurück an Platz %2</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="552"/>
        <source>Seat %1 mucks</source>
        <translation>Platz %1 muckt</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="568"/>
        <source>Seat %1 wins %2: everyone else folded; no need to show</source>
        <translation>Platz %1 gewinnt %2: Alle anderen haben gepasst; kein Zeigen nötig</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="688"/>
        <source>Seat %1&apos;s exposed downcard %2 is the door card; the third card is dealt down</source>
        <translation>Die aufgedeckte verdeckte Karte %2 von Platz %1 ist die Door Card; die dritte Karte wird verdeckt gegeben</translation>
    </message>
    <message>
        <location filename="../../engine/events.py" line="711"/>
        <source>Card dealt too early: it goes back, the stub is shuffled with it (not the burns), and street %1 is dealt without a new burn</source>
        <translation>Zu früh gegebene Karte: Sie geht zurück, der Reststapel wird mit ihr gemischt (ohne die gebrannten Karten), und die %1. Karte wird gegeben, ohne neu zu brennen</translation>
    </message>
    <message>
        <location filename="../../live/prompts.py" line="28"/>
        <source>Open a table</source>
        <translation>Einen Tisch öffnen</translation>
    </message>
    <message>
        <location filename="../../live/prompts.py" line="43"/>
        <source>Between hands: start hand %1 when the table is ready</source>
        <translation>Zwischen zwei Spielen: Spiel %1 beginnen, sobald der Tisch bereit ist</translation>
    </message>
    <message>
        <location filename="../../live/prompts.py" line="81"/>
        <source>%1. Enter the common card</source>
        <translation>%1. Gemeinschaftskarte eingeben</translation>
    </message>
    <message>
        <location filename="../../live/prompts.py" line="118"/>
        <source>Seat %1 (%2) to act</source>
        <translation>Platz %1 (%2) ist am Zug</translation>
    </message>
    <message>
        <location filename="../../live/prompts.py" line="135"/>
        <source>Seat %1 shows first</source>
        <translation>Platz %1 zeigt zuerst</translation>
    </message>
    <message>
        <location filename="../../live/prompts.py" line="136"/>
        <source>Seat %1: show or muck</source>
        <translation>Platz %1: zeigen oder mucken</translation>
    </message>
    <message>
        <location filename="../../live/prompts.py" line="149"/>
        <source>Push the pots and confirm</source>
        <translation>Pots auszahlen und bestätigen</translation>
    </message>
    <message>
        <location filename="../../training/spot.py" line="82"/>
        <source>One card down to each of the %1 players</source>
        <translation>Je eine Karte verdeckt an die %1 Spieler</translation>
    </message>
    <message>
        <location filename="../../training/spot.py" line="83"/>
        <source>One card up to each of the %1 players</source>
        <translation>Je eine Karte offen an die %1 Spieler</translation>
    </message>
    <message>
        <location filename="../../live/prompts.py" line="167"/>
        <source>Hand %1 is sealed in the record: %2</source>
        <translation>Spiel %1 ist im Protokoll versiegelt: %2</translation>
    </message>
    <message>
        <location filename="../../live/prompts.py" line="184"/>
        <source>Misdeal: give back every ante and bet, shuffle, and deal again</source>
        <translation>Misdeal: alle Antes und Einsätze zurückgeben, mischen und neu geben</translation>
    </message>
    <message>
        <location filename="../../live/prompts.py" line="185"/>
        <source>Fouled deck: give back every ante and bet, shuffle, and deal again</source>
        <translation>Fehlerhaftes Deck: alle Antes und Einsätze zurückgeben, mischen und neu geben</translation>
    </message>
</context>
<context>
    <name>_SeatDialog</name>
    <message>
        <location filename="../seat_dialogs.py" line="75"/>
        <source>%1 is not an amount of money</source>
        <translation>%1 ist kein Geldbetrag</translation>
    </message>
</context>
</TS>
