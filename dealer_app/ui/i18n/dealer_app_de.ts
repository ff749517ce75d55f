<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="de_DE">
<context>
    <name>ActionPanel</name>
    <message>
        <location filename="../action_panel.py" line="132" />
        <source>Card: kd, 10h, th</source>
        <translation>Karte: kd, 10h, th</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="166" />
        <source>Downcards shown, e.g. ah kd 7c</source>
        <translation>Aufgedeckte verdeckte Karten, z. B. ah kd 7c</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="173" />
        <source>Show  [Enter]</source>
        <translation>Zeigen  [Enter]</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="175" />
        <source>Muck  [Ctrl+M]</source>
        <translation>Muck  [Strg+M]</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="348" />
        <source>Rules: %1</source>
        <translation>Regeln: %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="362" />
        <source>Deal river  [Enter]</source>
        <translation>River geben  [Enter]</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="362" />
        <source>Confirm the awards  [Enter]</source>
        <translation>Auszahlung bestätigen  [Enter]</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="363" />
        <source>Start hand %1  [Enter]</source>
        <translation>Spiel %1 beginnen  [Enter]</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="372" />
        <source>Ctrl+Z undo · Ctrl+Shift+Z redo</source>
        <translation>Strg+Z rückgängig · Strg+Umschalt+Z wiederholen</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="374" />
        <source>Type the card (kd, 10h, th) or a whole street — no Enter needed · %1</source>
        <translation>Karte tippen (kd, 10h, th) oder eine ganze Runde — ohne Enter · %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="378" />
        <source> · for an amount: its key, the digits, Enter</source>
        <translation> · für einen Betrag: seine Taste, die Ziffern, Enter</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="379" />
        <source>Keys: %1%2 · %3</source>
        <translation>Tasten: %1%2 · %3</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="381" />
        <source>Type the downcards shown: the hand shows when all are typed · Ctrl+M muck · %1</source>
        <translation>Gezeigte verdeckte Karten tippen: die Hand gilt als gezeigt, sobald alle getippt sind · Strg+M Muck · %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="384" />
        <source>Enter: %1 · %2</source>
        <translation>Enter: %1 · %2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="385" />
        <source>Seats menu: join, top up, sit out, leave</source>
        <translation>Menü Plätze: Platz nehmen, nachkaufen, aussetzen, verlassen</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="430" />
        <source>Fold</source>
        <translation>Passen</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="432" />
        <source>Check</source>
        <translation>Checken</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="435" />
        <source>Call all-in %1</source>
        <translation>All-in mitgehen %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="435" />
        <source>Call %1</source>
        <translation>Mitgehen %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="437" />
        <source>Bring in %1–%2</source>
        <translation>Bring-in %1–%2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="437" />
        <source>Bet %1–%2</source>
        <translation>Setzen %1–%2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="438" />
        <source>Raise to %1–%2</source>
        <translation>Erhöhen auf %1–%2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="438" />
        <source>Complete to %1–%2</source>
        <translation>Komplettieren auf %1–%2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="441" />
        <source>All-in %1</source>
        <translation>All-in %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="442" />
        <source>Bring in %1</source>
        <translation>Bring-in %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="442" />
        <source>Bet %1</source>
        <translation>Setzen %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="442" />
        <source>Raise to %1</source>
        <translation>Erhöhen auf %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="443" />
        <source>Complete to %1</source>
        <translation>Komplettieren auf %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="452" />
        <source>seat %1</source>
        <translation>Platz %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="453" />
        <source>Best so far: %1 — %2</source>
        <translation>Bisher beste Hand: %1 — %2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="453" />
        <source>Best low so far: %1 — %2</source>
        <translation>Bisher bestes Low: %1 — %2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="461" />
        <source>Main pot</source>
        <translation>Hauptpot</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="461" />
        <source>Side pot %1</source>
        <translation>Sidepot %1</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="462" />
        <source>seat %1: %2</source>
        <translation>Platz %1: %2</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="466" />
        <source>low</source>
        <translation>Low</translation>
    </message>
    <message>
        <location filename="../action_panel.py" line="466" />
        <source>Seat</source>
        <translation>Platz</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../main_window.py" line="27" />
        <location filename="../main_window.py" line="113" />
        <source>Stud Dealer Assistant</source>
        <translation>Stud-Dealer-Assistent</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="52" />
        <source>Hand record: %1</source>
        <translation>Spielprotokoll: %1</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="66" />
        <source>&amp;Table</source>
        <translation>&amp;Tisch</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="67" />
        <source>&amp;Open table…</source>
        <translation>Tisch &amp;öffnen…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="68" />
        <source>&amp;Resume table…</source>
        <translation>Tisch &amp;fortsetzen…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="69" />
        <source>&amp;Start hand</source>
        <translation>&amp;Spiel beginnen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="71" />
        <source>&amp;Close table</source>
        <translation>Tisch &amp;schließen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="73" />
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="74" />
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="75" />
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="76" />
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="77" />
        <source>&amp;Seats</source>
        <translation>&amp;Plätze</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="78" />
        <source>&amp;Join…</source>
        <translation>&amp;Platz nehmen…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="79" />
        <source>&amp;Top up…</source>
        <translation>&amp;Nachkaufen…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="80" />
        <source>Sit &amp;out / sit in…</source>
        <translation>&amp;Aussetzen / wieder einsteigen…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="81" />
        <source>&amp;Leave…</source>
        <translation>&amp;Verlassen…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="82" />
        <source>Se&amp;ttings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="83" />
        <source>&amp;Four-colour suits</source>
        <translation>&amp;Vierfarbige Farben</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="87" />
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="90" />
        <source>System language</source>
        <translation>Systemsprache</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="105" />
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="105" />
        <source>The language changes at the next start.</source>
        <translation>Die Sprache wechselt beim nächsten Start.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="133" />
        <source>Hand in progress</source>
        <translation>Spiel läuft</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="134" />
        <source>Hand %1 is not finished. %2 anyway? The hand stays in the record as it is.</source>
        <translation>Spiel %1 ist nicht beendet. Trotzdem: %2? Das Spiel bleibt so im Protokoll, wie es ist.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="139" />
        <source>Open another table</source>
        <translation>Einen anderen Tisch öffnen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="146" />
        <source>Resume another table</source>
        <translation>Einen anderen Tisch fortsetzen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="156" />
        <source>Close the table</source>
        <translation>Den Tisch schließen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="158" />
        <source>Close table</source>
        <translation>Tisch schließen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="159" />
        <source>Close this table? It is no longer offered to resume.</source>
        <translation>Diesen Tisch schließen? Er wird dann nicht mehr zum Fortsetzen angeboten.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="164" />
        <source>Quit</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="178" />
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="179" />
        <location filename="../main_window.py" line="188" />
        <source>Seat</source>
        <translation>Platz</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="188" />
        <location filename="../main_window.py" line="192" />
        <location filename="../main_window.py" line="195" />
        <source>Join</source>
        <translation>Platz nehmen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="192" />
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="196" />
        <source>Buy-in (%1)</source>
        <translation>Buy-in (%1)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="216" />
        <source>Amount to add (%1)</source>
        <translation>Betrag zum Nachkaufen (%1)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="206" />
        <source>%1 is not an amount of money (%2)</source>
        <translation>%1 ist kein Geldbetrag (%2)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="212" />
        <location filename="../main_window.py" line="215" />
        <source>Top up</source>
        <translation>Nachkaufen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="221" />
        <source>Sit out / sit in</source>
        <translation>Aussetzen / wieder einsteigen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="226" />
        <source>Leave</source>
        <translation>Verlassen</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="252" />
        <source>Hand record: %1 (see the warning at start)</source>
        <translation>Spielprotokoll: %1 (siehe die Warnung beim Start)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="254" />
        <source>Hand record</source>
        <translation>Spielprotokoll</translation>
    </message>
</context>
<context>
    <name>NewTableDialog</name>
    <message>
        <location filename="../new_table_dialog.py" line="17" />
        <source>Open a table</source>
        <translation>Einen Tisch öffnen</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="24" />
        <source>%1 — %2, ante %3, bring-in %4, buy-in %5</source>
        <translation>%1 — %2, Ante %3, Bring-in %4, Buy-in %5</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="32" />
        <source>Limit table</source>
        <translation>Limit-Tisch</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="33" />
        <source>House rules</source>
        <translation>Hausregeln</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="36" />
        <source>Seat</source>
        <translation>Platz</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="37" />
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="38" />
        <source>Buy-in</source>
        <translation>Buy-in</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="43" />
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="71" />
        <source>%1 (table default)</source>
        <translation>%1 (Standard des Tischs)</translation>
    </message>
    <message>
        <location filename="../new_table_dialog.py" line="95" />
        <source>Seat %1</source>
        <translation>Platz %1</translation>
    </message>
</context>
<context>
    <name>Phrases</name>
    <message>
        <location filename="../phrases.py" line="80" />
        <source>Seat %1 brings in: lowest door card, %2</source>
        <translation>Platz %1 bringt den Bring-in: niedrigste Door Card, %2</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="81" />
        <source>Seat %1 acts first: the bring-in</source>
        <translation>Platz %1 beginnt: der Bring-in</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="82" />
        <source>Seat %1 acts first: %2 showing</source>
        <translation>Platz %1 beginnt: höchstes offenes Blatt (%2)</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="83" />
        <source>Seat %1 acts first: %2 showing; tie: nearest the dealer's left</source>
        <translation>Platz %1 beginnt: höchstes offenes Blatt (%2); Gleichstand: nächster links vom Dealer</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="84" />
        <source>Seat %1 (%2) to act</source>
        <translation>Platz %1 (%2) ist am Zug</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="85" />
        <source>Seat %1 (%2): door card</source>
        <translation>Platz %1 (%2): Door Card</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="86" />
        <source>Seat %1 (%2): upcard</source>
        <translation>Platz %1 (%2): offene Karte</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="87" />
        <source>Seat %1 shows first</source>
        <translation>Platz %1 zeigt zuerst</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="88" />
        <source>Seat %1: show or muck</source>
        <translation>Platz %1: zeigen oder muck</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="89" />
        <source>Seat %1 folds</source>
        <translation>Platz %1 passt</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="90" />
        <source>Seat %1 checks</source>
        <translation>Platz %1 checkt</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="91" />
        <source>Seat %1 calls %2</source>
        <translation>Platz %1 geht mit %2</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="92" />
        <source>Seat %1 calls %2 all-in</source>
        <translation>Platz %1 geht all-in mit %2</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="93" />
        <source>Seat %1 antes %2</source>
        <translation>Platz %1 zahlt Ante %2</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="94" />
        <source>Seat %1 brings in for %2</source>
        <translation>Platz %1 bringt den Bring-in %2</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="95" />
        <source>Seat %1 completes to %2</source>
        <translation>Platz %1 komplettiert auf %2</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="96" />
        <source>Seat %1 bets %2</source>
        <translation>Platz %1 setzt %2</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="97" />
        <source>Seat %1 raises to %2</source>
        <translation>Platz %1 erhöht auf %2</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="98" />
        <source>Seat %1 goes all-in for %2</source>
        <translation>Platz %1 geht all-in für %2</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="99" />
        <source>two cards down and one up to each player</source>
        <translation>jedem Spieler zwei verdeckte und eine offene Karte</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="100" />
        <source>Burn one card, then two cards down and one up to each player</source>
        <translation>Eine Karte verbrennen, dann jedem Spieler zwei verdeckte und eine offene Karte</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="101" />
        <source>Burn one card, then one card up to each of the %1 players</source>
        <translation>Eine Karte verbrennen, dann jedem der %1 Spieler eine offene Karte</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="102" />
        <source>Burn one card, then one card down to each of the %1 players</source>
        <translation>Eine Karte verbrennen, dann jedem der %1 Spieler eine verdeckte Karte</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="103" />
        <source>Uncalled %1 returned to seat %2</source>
        <translation>Nicht gehaltener Einsatz %1 zurück an Platz %2</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="104" />
        <source>Seat %1 mucks</source>
        <translation>Platz %1 wirft die Karten weg (Muck)</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="105" />
        <source>Deal the river: one card down to each player</source>
        <translation>River geben: jedem Spieler eine verdeckte Karte</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="106" />
        <source>Push the pots and confirm</source>
        <translation>Pots auszahlen und bestätigen</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="107" />
        <source>Start the next hand</source>
        <translation>Nächstes Spiel beginnen</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="108" />
        <source>Between hands: start hand %1 when the table is ready</source>
        <translation>Zwischen zwei Spielen: Spiel %1 beginnen, sobald der Tisch bereit ist</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="109" />
        <source>Open a table</source>
        <translation>Einen Tisch öffnen</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="110" />
        <source>Main pot %1: push to %2</source>
        <translation>Hauptpot %1: auszahlen an %2</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="111" />
        <source>Side pot %1 %2: push to %3</source>
        <translation>Nebenpot %1 %2: auszahlen an %3</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="112" />
        <source>Capped: %1 raises of %2; call or fold</source>
        <translation>Cap erreicht: %1 von %2 Erhöhungen; mitgehen oder passen</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="113" />
        <source>Raises %1 of %2, and raising goes on: two players left, no cap heads-up</source>
        <translation>Erhöhungen %1 von %2, und es darf weiter erhöht werden: zwei Spieler, heads-up gilt kein Cap</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="114" />
        <source>The all-in was less than a full raise: betting is not reopened for seat %1, who has acted; call or fold</source>
        <translation>Das All-in war weniger als eine volle Erhöhung: für Platz %1, der schon gehandelt hat, ist nicht wieder eröffnet; mitgehen oder passen</translation>
    </message>
    <message>
        <location filename="../phrases.py" line="115" />
        <source>The all-in was less than a full raise, but seat %1 has not acted on the bet before it: a raise is open</source>
        <translation>Das All-in war weniger als eine volle Erhöhung, aber Platz %1 hat auf den Einsatz davor noch nicht gehandelt: Erhöhen ist möglich</translation>
    </message>
</context>
<context>
    <name>ResumeDialog</name>
    <message>
        <location filename="../resume_dialog.py" line="23" />
        <source>Resume a table</source>
        <translation>Einen Tisch fortsetzen</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="25" />
        <source>These tables did not close. Resume one where it stopped, or close it.</source>
        <translation>Diese Tische wurden nicht geschlossen. Setzen Sie einen dort fort, wo er stand, oder schließen Sie ihn.</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="36" />
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="38" />
        <source>&amp;Close table</source>
        <translation>Tisch &amp;schließen</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="39" />
        <source>&amp;New table instead</source>
        <translation>Stattdessen &amp;neuer Tisch</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="58" />
        <source>%1 (%2), opened %3 — cannot be resumed: %4</source>
        <translation>%1 (%2), geöffnet %3 — kann nicht fortgesetzt werden: %4</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="62" />
        <source>%1 (%2) — %3 — hand %4, %5 — last input at %6</source>
        <translation>%1 (%2) — %3 — Spiel %4, %5 — letzte Eingabe um %6</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="98" />
        <source>Close table</source>
        <translation>Tisch schließen</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="99" />
        <source>Close %1 for good? Its hands stay in the record, but it is no longer offered to resume.</source>
        <translation>%1 endgültig schließen? Seine Spiele bleiben im Protokoll, aber er wird nicht mehr zum Fortsetzen angeboten.</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="110" />
        <source>between hands</source>
        <translation>zwischen zwei Spielen</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="111" />
        <source>awards</source>
        <translation>Auszahlung</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="112" />
        <source>showdown</source>
        <translation>Showdown</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="113" />
        <source>third street</source>
        <translation>dritte Karte</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="114" />
        <source>fourth street</source>
        <translation>vierte Karte</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="115" />
        <source>fifth street</source>
        <translation>fünfte Karte</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="116" />
        <source>sixth street</source>
        <translation>sechste Karte</translation>
    </message>
    <message>
        <location filename="../resume_dialog.py" line="117" />
        <source>seventh street</source>
        <translation>siebte Karte (River)</translation>
    </message>
</context>
<context>
    <name>RulingsLog</name>
    <message>
        <location filename="../rulings.py" line="16" />
        <source>Rulings</source>
        <translation>Entscheidungen</translation>
    </message>
</context>
<context>
    <name>TableView</name>
    <message>
        <location filename="../table_view.py" line="73" />
        <source>Open a table (Ctrl+N)</source>
        <translation>Einen Tisch öffnen (Strg+N)</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="76" />
        <source>%1 — %2, ante %3, bring-in %4 · %5</source>
        <translation>%1 — %2, Ante %3, Bring-in %4 · %5</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="85" />
        <source>Dealer</source>
        <translation>Dealer</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="109" />
        <source>Third street</source>
        <translation>Dritte Karte</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="109" />
        <source>Fourth street</source>
        <translation>Vierte Karte</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="109" />
        <source>Fifth street</source>
        <translation>Fünfte Karte</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="110" />
        <source>Sixth street</source>
        <translation>Sechste Karte</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="110" />
        <source>Seventh street</source>
        <translation>Siebte Karte (River)</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="116" />
        <source>seat %1</source>
        <translation>Platz %1</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="117" />
        <source>%1 %2 → %3</source>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="121" />
        <source>Pot %1</source>
        <translation>Pot %1</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="115" />
        <location filename="../table_view.py" line="125" />
        <source>Main pot</source>
        <translation>Hauptpot</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="115" />
        <location filename="../table_view.py" line="125" />
        <source>Side pot %1</source>
        <translation>Sidepot %1</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="127" />
        <source>%1: %2 (seats %3)</source>
        <translation>%1: %2 (Plätze %3)</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="131" />
        <source>Raises %1 of %2</source>
        <translation>Erhöhungen %1 von %2</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="133" />
        <source>CAPPED</source>
        <translation>CAP ERREICHT</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="129" />
        <source>Stub %1</source>
        <translation>Stapel %1</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="139" />
        <source>Between hands</source>
        <translation>Zwischen zwei Spielen</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="148" />
        <source>Common card</source>
        <translation>Gemeinschaftskarte</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="166" />
        <source>WINS %1</source>
        <translation>GEWINNT %1</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="168" />
        <source>FOLDED</source>
        <translation>GEPASST</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="170" />
        <source>ALL-IN</source>
        <translation>ALL-IN</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="172" />
        <source>TO ACT</source>
        <translation>AM ZUG</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="174" />
        <source>SITTING OUT</source>
        <translation>SETZT AUS</translation>
    </message>
</context>
</TS>