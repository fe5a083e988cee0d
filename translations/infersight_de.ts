<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../ui/main_window.cpp" line="81"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>ReportText</name>
    <message>
        <location filename="../ui/report/report_pages.cpp" line="71"/>
        <source>Page %1</source>
        <translation>Seite %1</translation>
    </message>
    <message>
        <location filename="../ui/report/report_pages.cpp" line="219"/>
        <source>%1 (continued)</source>
        <translation>%1 (Fortsetzung)</translation>
    </message>
    <message>
        <location filename="../ui/report/report_pages.cpp" line="371"/>
        <source>No rows.</source>
        <translation>Keine Zeilen.</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="58"/>
        <source>no fitted kernel model (roofline only)</source>
        <translation>kein angepasstes Kernel-Modell (nur Roofline)</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="65"/>
        <source>fitted by %1, seed %2, on %3</source>
        <translation>angepasst von %1, Seed %2, auf %3</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="70"/>
        <source>GPUs measured: %1</source>
        <translation>Gemessene GPUs: %1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="77"/>
        <source>batch %1</source>
        <translation>Stapelgröße %1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="80"/>
        <source>sequence %1</source>
        <translation>Sequenz %1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="83"/>
        <source>image %1×%2</source>
        <translation>Bild %1×%2</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="85"/>
        <source>precision %1</source>
        <translation>Präzision %1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="86"/>
        <source>runtime %1</source>
        <translation>Laufzeit %1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="88"/>
        <source>decode with %1 cached tokens</source>
        <translation>Dekodieren mit %1 zwischengespeicherten Tokens</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="96"/>
        <source>width ×%1</source>
        <translation>Breite ×%1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="99"/>
        <source>depth %1</source>
        <translation>Tiefe %1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="105"/>
        <source>%1 in %2</source>
        <translation>%1 in %2</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="107"/>
        <source>as opened</source>
        <translation>wie geöffnet</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="137"/>
        <source>the layout was cancelled</source>
        <translation>das Layout wurde abgebrochen</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="153"/>
        <source>Graph</source>
        <translation>Graph</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="155"/>
        <source>The graph could not be laid out: %1</source>
        <translation>Der Graph konnte nicht angeordnet werden: %1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="159"/>
        <source>The model&apos;s graph as the explorer first shows it: repeated blocks (layers, stages) collapsed into one box each. Colour: each box&apos;s share of the end-to-end latency.</source>
        <translation>Der Graph des Modells, wie der Explorer ihn zuerst zeigt: wiederholte Blöcke (Schichten, Stufen) sind zu je einem Kasten zusammengefasst. Farbe: Anteil jedes Kastens an der End-to-End-Latenz.</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="244"/>
        <source>%1: validated on %2 measured rows (%3), MAPE %4 %.</source>
        <translation>%1: validiert an %2 gemessenen Zeilen (%3), MAPE %4 %.</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="250"/>
        <source>%1: no measured rows in the validation data; its predictions rest on the kernel model&apos;s transfer from the measured GPUs (see the error by GPU below for how that varies).</source>
        <translation>%1: keine gemessenen Zeilen in den Validierungsdaten; die Vorhersagen beruhen auf der Übertragung des Kernel-Modells von den gemessenen GPUs (siehe den Fehler je GPU unten, wie stark das schwankt).</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="304"/>
        <source>%1: there is no model to report on</source>
        <translation>%1: Es gibt kein Modell für den Bericht</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="310"/>
        <source>%1: the page size must be A4 or Letter</source>
        <translation>%1: Das Seitenformat muss A4 oder Letter sein</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="314"/>
        <source>%1: the folder %2 does not exist</source>
        <translation>%1: Der Ordner %2 existiert nicht</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="318"/>
        <source>Infersight report: %1</source>
        <translation>Infersight-Bericht: %1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="321"/>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="339"/>
        <location filename="../ui/report/pdf_report.cpp" line="484"/>
        <location filename="../ui/report/table_export.cpp" line="21"/>
        <location filename="../ui/report/table_export.cpp" line="25"/>
        <source>%1: cannot write (%2)</source>
        <translation>%1: kann nicht schreiben (%2)</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="353"/>
        <source>%1: cannot start the PDF</source>
        <translation>%1: PDF kann nicht begonnen werden</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="358"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/report/pdf_report.cpp" line="362"/>
        <source>Predicted inference latency, throughput, energy and memory of %1 on %n target(s).</source>
        <translation>
            <numerusform>Vorhergesagte Inferenz-Latenz, Durchsatz, Energie und Speicher von %1 auf %n Ziel.</numerusform>
            <numerusform>Vorhergesagte Inferenz-Latenz, Durchsatz, Energie und Speicher von %1 auf %n Zielen.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="371"/>
        <source>%1 (no prediction: %2)</source>
        <translation>%1 (keine Vorhersage: %2)</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="374"/>
        <source>%1: %2 (%3), the GPU&apos;s usual system</source>
        <translation>%1: %2 (%3), das übliche System der GPU</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="375"/>
        <source>%1: %2 (%3), chosen</source>
        <translation>%1: %2 (%3), gewählt</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="380"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="381"/>
        <source>Source file</source>
        <translation>Quelldatei</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="382"/>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="383"/>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="384"/>
        <source>MACs per sample</source>
        <translation>MACs pro Sample</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="384"/>
        <source>%1 G</source>
        <translation>%1 G</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="385"/>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="386"/>
        <source>Knobs</source>
        <translation>Stellgrößen</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="387"/>
        <source>Structure</source>
        <translation>Struktur</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="388"/>
        <source>Targets</source>
        <translation>Ziele</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="389"/>
        <source>Host systems</source>
        <translation>Hostsysteme</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="390"/>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="391"/>
        <source>Infersight version</source>
        <translation>Infersight-Version</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="392"/>
        <source>Kernel model</source>
        <translation>Kernel-Modell</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="397"/>
        <source>Warnings</source>
        <translation>Warnungen</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="400"/>
        <source>All figures are predictions of Infersight&apos;s engine for the knobs above; the accuracy section at the end says what the predictor was validated on and how far its predictions were from measurements.</source>
        <translation>Alle Werte sind Vorhersagen der Infersight-Engine für die obigen Stellgrößen; der Abschnitt Genauigkeit am Ende nennt, woran der Prädiktor validiert wurde und wie weit seine Vorhersagen von Messungen abwichen.</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="406"/>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="419"/>
        <source>Layers on %1</source>
        <translation>Schichten auf %1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="421"/>
        <source>No prediction: %1</source>
        <translation>Keine Vorhersage: %1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="433"/>
        <source>MIG and MPS plans</source>
        <translation>MIG- und MPS-Pläne</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="437"/>
        <source>None of the targets&apos; GPUs supports MIG.</source>
        <translation>Keine der GPUs der Ziele unterstützt MIG.</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="442"/>
        <source>Recommended: %1</source>
        <translation>Empfohlen: %1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="444"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="447"/>
        <source>DIPPM&apos;s memory-only rule: %1</source>
        <translation>Reine Speicherregel von DIPPM: %1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="450"/>
        <source>No plan for %1</source>
        <translation>Kein Plan für %1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="460"/>
        <source>Accuracy</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="462"/>
        <source>The validation data could not be read: %1</source>
        <translation>Die Validierungsdaten konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="465"/>
        <source>How far to trust these numbers: Infersight&apos;s predictor was run over every measured row of its data and compared with the measured latency (the figures of `infersight-cli validate`).</source>
        <translation>Wie weit man diesen Zahlen trauen kann: Der Prädiktor von Infersight wurde über jede gemessene Zeile seiner Daten ausgeführt und mit der gemessenen Latenz verglichen (die Werte von `infersight-cli validate`).</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="480"/>
        <source>%1: the PDF could not be finished</source>
        <translation>%1: Das PDF konnte nicht fertiggestellt werden</translation>
    </message>
    <message>
        <location filename="../ui/report/table_export.cpp" line="35"/>
        <source>there is no model: nothing to export</source>
        <translation>Es gibt kein Modell: nichts zu exportieren</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="307"/>
        <location filename="../ui/report/table_export.cpp" line="38"/>
        <source>%1: the predictions are still being computed; export again when they are done</source>
        <translation>%1: Die Vorhersagen werden noch berechnet; exportieren Sie erneut, wenn sie fertig sind</translation>
    </message>
    <message>
        <location filename="../ui/report/table_export.cpp" line="42"/>
        <source>%1: cannot create the folder</source>
        <translation>%1: Der Ordner kann nicht angelegt werden</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="25"/>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="25"/>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="27"/>
        <location filename="../ui/report/report_table.cpp" line="364"/>
        <location filename="../ui/report/report_table.cpp" line="372"/>
        <location filename="../ui/report/report_table.cpp" line="400"/>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="76"/>
        <source>Summary per target</source>
        <translation>Zusammenfassung je Ziel</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="77"/>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="78"/>
        <source>Latency (80 % band)</source>
        <translation>Latenz (80-%-Band)</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="81"/>
        <location filename="../ui/report/report_table.cpp" line="185"/>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="82"/>
        <location filename="../ui/report/report_table.cpp" line="186"/>
        <location filename="../ui/report/report_table.cpp" line="215"/>
        <source>Energy per batch</source>
        <translation>Energie pro Stapel</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="83"/>
        <location filename="../ui/report/report_table.cpp" line="216"/>
        <source>Energy per sample</source>
        <translation>Energie pro Sample</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="84"/>
        <location filename="../ui/report/report_table.cpp" line="187"/>
        <source>Average power</source>
        <translation>Mittlere Leistung</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="85"/>
        <source>Memory of usable</source>
        <translation>Speicher vom nutzbaren</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="87"/>
        <location filename="../ui/report/report_table.cpp" line="189"/>
        <location filename="../ui/report/report_table.cpp" line="217"/>
        <location filename="../ui/report/report_table.cpp" line="240"/>
        <source>Fits</source>
        <translation>Passt</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="92"/>
        <source>no prediction: %1</source>
        <translation>keine Vorhersage: %1</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="105"/>
        <location filename="../ui/report/report_table.cpp" line="198"/>
        <source>samples/s</source>
        <translation>Samples/s</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="108"/>
        <location filename="../ui/report/report_table.cpp" line="200"/>
        <source>%1 W</source>
        <translation>%1 W</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="110"/>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="115"/>
        <source>At batch %1, %2, %3. Latency: one forward pass of the whole batch, host overhead included; the band holds 80 % of measured runs in validation. Memory: device memory as nvidia-smi shows it.</source>
        <translation>Bei Stapelgröße %1, %2, %3. Latenz: ein Vorwärtsdurchlauf des ganzen Stapels, Host-Overhead eingeschlossen; das Band enthält 80 % der gemessenen Läufe der Validierung. Speicher: Gerätespeicher, wie nvidia-smi ihn zeigt.</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="126"/>
        <source>Layers by latency on %1</source>
        <translation>Schichten nach Latenz auf %1</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="126"/>
        <source>Layers by latency</source>
        <translation>Schichten nach Latenz</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="127"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="128"/>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="129"/>
        <source>Op</source>
        <translation>Op</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="130"/>
        <location filename="../ui/report/report_table.cpp" line="182"/>
        <location filename="../ui/report/report_table.cpp" line="214"/>
        <location filename="../ui/report/report_table.cpp" line="243"/>
        <source>Latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="131"/>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="132"/>
        <location filename="../ui/report/report_table.cpp" line="183"/>
        <source>80 % band</source>
        <translation>80-%-Band</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="134"/>
        <source>Bound</source>
        <translation>Begrenzt durch</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="135"/>
        <source>Kernels</source>
        <translation>Kernels</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="136"/>
        <source>Energy</source>
        <translation>Energie</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="138"/>
        <source>No prediction for %1: %2</source>
        <translation>Keine Vorhersage für %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="138"/>
        <source>No target.</source>
        <translation>Kein Ziel.</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="162"/>
        <location filename="../ui/report/report_table.cpp" line="196"/>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="168"/>
        <source>%1 of %2 nodes with predicted time; latency: the node&apos;s share of the timeline (waits for the host included), end to end %3.</source>
        <translation>%1 von %2 Knoten mit vorhergesagter Zeit; Latenz: Anteil des Knotens an der Zeitleiste (Wartezeiten auf den Host eingeschlossen), End-to-End %3.</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="180"/>
        <source>Batch sweep on %1</source>
        <translation>Stapelgrößen-Sweep auf %1</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="180"/>
        <source>Batch sweep</source>
        <translation>Stapelgrößen-Sweep</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="181"/>
        <location filename="../ui/report/report_table.cpp" line="212"/>
        <source>Batch</source>
        <translation>Stapelgröße</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="188"/>
        <location filename="../ui/report/report_table.cpp" line="241"/>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="211"/>
        <source>Energy and latency over batch and precision on %1</source>
        <translation>Energie und Latenz über Stapelgröße und Präzision auf %1</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="211"/>
        <source>Energy and latency</source>
        <translation>Energie und Latenz</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="213"/>
        <source>Precision</source>
        <translation>Präzision</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="218"/>
        <source>Pareto front</source>
        <translation>Pareto-Front</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="237"/>
        <source>MIG and MPS plan for %1</source>
        <translation>MIG- und MPS-Plan für %1</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="238"/>
        <source>Slice</source>
        <translation>Slice</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="239"/>
        <source>SMs</source>
        <translation>SMs</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="242"/>
        <source>Usable</source>
        <translation>Nutzbar</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="244"/>
        <source>Replicas</source>
        <translation>Replikate</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="245"/>
        <source>Throughput per GPU</source>
        <translation>Durchsatz pro GPU</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="246"/>
        <source>Energy per inference</source>
        <translation>Energie pro Inferenz</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="247"/>
        <source>Pick</source>
        <translation>Wahl</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="249"/>
        <source>Meets SLO</source>
        <translation>Erfüllt SLO</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="254"/>
        <source>not predicted: %1</source>
        <translation>nicht vorhergesagt: %1</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="267"/>
        <source>inferences/s</source>
        <translation>Inferenzen/s</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="282"/>
        <source>recommended</source>
        <translation>empfohlen</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="285"/>
        <source>DIPPM&apos;s rule</source>
        <translation>Regel von DIPPM</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="290"/>
        <source>recommended MPS share</source>
        <translation>empfohlener MPS-Anteil</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="292"/>
        <source>Fits: predicted device memory within usable memory less %1 % headroom.</source>
        <translation>Passt: vorhergesagter Gerätespeicher innerhalb des nutzbaren Speichers abzüglich %1 % Reserve.</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="295"/>
        <source>Latency SLO: %1.</source>
        <translation>Latenz-SLO: %1.</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="305"/>
        <source>End to end, FP32 eager (NeuSight e2e_measured.csv)</source>
        <translation>End-to-End, FP32 eager (NeuSight e2e_measured.csv)</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="308"/>
        <source>End to end, fused runtime (NeuSight e2e_measured.csv)</source>
        <translation>End-to-End, fusionierte Laufzeit (NeuSight e2e_measured.csv)</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="311"/>
        <source>CNNs, eager FP32 and AMP, batch 1–256 (DeepLearningExamples)</source>
        <translation>CNNs, eager FP32 und AMP, Stapelgröße 1–256 (DeepLearningExamples)</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="314"/>
        <source>Single ops of a transformer layer (NeuSight model_ops_measured.csv)</source>
        <translation>Einzelne Ops einer Transformer-Schicht (NeuSight model_ops_measured.csv)</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="317"/>
        <source>Measured by the Infersight harness (data/measured)</source>
        <translation>Gemessen mit dem Infersight-Harness (data/measured)</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="344"/>
        <source>Accuracy by data set</source>
        <translation>Genauigkeit nach Datensatz</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="345"/>
        <location filename="../ui/report/report_table.cpp" line="385"/>
        <source>Data set</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="346"/>
        <source>What</source>
        <translation>Was</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="347"/>
        <location filename="../ui/report/report_table.cpp" line="385"/>
        <source>Rows</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="348"/>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="349"/>
        <location filename="../ui/report/report_table.cpp" line="386"/>
        <source>MAPE</source>
        <translation>MAPE</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="350"/>
        <location filename="../ui/report/report_table.cpp" line="386"/>
        <source>In 80 % band</source>
        <translation>Im 80-%-Band</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="371"/>
        <source>Kernel model on NeuSight&apos;s test split (%1 kernels)</source>
        <translation>Kernel-Modell auf dem Test-Split von NeuSight (%1 Kernels)</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="375"/>
        <source>MAPE: mean absolute percentage error of the predicted latency against the measured one. Kernel model: %1.</source>
        <translation>MAPE: mittlerer absoluter prozentualer Fehler der vorhergesagten Latenz gegenüber der gemessenen. Kernel-Modell: %1.</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="384"/>
        <source>Accuracy by GPU</source>
        <translation>Genauigkeit nach GPU</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="385"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
</context>
<context>
    <name>infersight::AddTargetDialog</name>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="18"/>
        <source>Add Target</source>
        <translation>Ziel hinzufügen</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="34"/>
        <source>Your GPUs</source>
        <translation>Ihre GPUs</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="60"/>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="65"/>
        <source>&amp;GPU:</source>
        <translation>&amp;GPU:</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="66"/>
        <source>&amp;MIG profile:</source>
        <translation>&amp;MIG-Profil:</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="67"/>
        <source>&amp;Host system:</source>
        <translation>&amp;Hostsystem:</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="73"/>
        <source>Whole GPU</source>
        <translation>Ganze GPU</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="81"/>
        <source>This GPU has no MIG profiles.</source>
        <translation>Diese GPU hat keine MIG-Profile.</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="97"/>
        <source>Usual for this GPU: %1</source>
        <translation>Üblich für diese GPU: %1</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="101"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="102"/>
        <source>%1 · host speed assumed</source>
        <translation>%1 · Host-Geschwindigkeit angenommen</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="109"/>
        <source>The server or cloud instance the GPU sits in: eager frameworks spend host time per operator</source>
        <translation>Der Server oder die Cloud-Instanz, in der die GPU steckt: Eager-Frameworks verbrauchen pro Operator Host-Zeit</translation>
    </message>
</context>
<context>
    <name>infersight::BatchSweepChart</name>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="45"/>
        <source>Batch size (samples, log scale)</source>
        <translation>Stapelgröße (Samples, logarithmisch)</translation>
    </message>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="178"/>
        <source>80 % band (shaded)</source>
        <translation>80-%-Band (schattiert)</translation>
    </message>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="221"/>
        <source>%1 (no prediction: %2)</source>
        <translation>%1 (keine Vorhersage: %2)</translation>
    </message>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="304"/>
        <source>current batch (%1)</source>
        <translation>aktuelle Stapelgröße (%1)</translation>
    </message>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="325"/>
        <source>batch %1: %2</source>
        <translation>Stapelgröße %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="328"/>
        <source>does not fit in the target&apos;s memory</source>
        <translation>passt nicht in den Speicher des Ziels</translation>
    </message>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="347"/>
        <source>current batch %1: %2</source>
        <translation>aktuelle Stapelgröße %1: %2</translation>
    </message>
</context>
<context>
    <name>infersight::ChartBase</name>
    <message>
        <location filename="../ui/charts/chart_base.cpp" line="27"/>
        <source>Latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_base.cpp" line="28"/>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_base.cpp" line="29"/>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_base.cpp" line="30"/>
        <source>Energy–latency</source>
        <translation>Energie–Latenz</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_base.cpp" line="31"/>
        <source>Per-layer</source>
        <translation>Pro Schicht</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_base.cpp" line="32"/>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_base.cpp" line="33"/>
        <source>Token time vs context</source>
        <translation>Token-Zeit über Kontext</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_base.cpp" line="34"/>
        <source>Token time vs batch</source>
        <translation>Token-Zeit über Stapelgröße</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_base.cpp" line="198"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>infersight::ChartFormat</name>
    <message>
        <location filename="../ui/charts/chart_format.cpp" line="36"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_format.cpp" line="40"/>
        <source>%1 ms (%2–%3)</source>
        <translation>%1 ms (%2–%3)</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_format.cpp" line="48"/>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_format.cpp" line="50"/>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_format.cpp" line="55"/>
        <source>%1 mJ</source>
        <translation>%1 mJ</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_format.cpp" line="57"/>
        <source>%1 J</source>
        <translation>%1 J</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_format.cpp" line="65"/>
        <source>%1 TFLOP/s</source>
        <translation>%1 TFLOP/s</translation>
    </message>
</context>
<context>
    <name>infersight::ChartView</name>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="32"/>
        <location filename="../ui/charts/chart_view.cpp" line="35"/>
        <location filename="../ui/charts/chart_view.cpp" line="99"/>
        <location filename="../ui/charts/chart_view.cpp" line="102"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="50"/>
        <source>Export as &amp;PNG…</source>
        <translation>Als &amp;PNG exportieren…</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="51"/>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="52"/>
        <source>Export as &amp;SVG…</source>
        <translation>Als &amp;SVG exportieren…</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="53"/>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG-Zeichnungen (*.svg)</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="54"/>
        <source>Export data as &amp;CSV…</source>
        <translation>Daten als &amp;CSV exportieren…</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="55"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="57"/>
        <source>&amp;Copy data</source>
        <translation>Daten &amp;kopieren</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="116"/>
        <source>Infersight chart</source>
        <translation>Infersight-Diagramm</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="156"/>
        <source>Export chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="173"/>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>infersight::CustomGpuDialog</name>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="50"/>
        <source>Custom GPU</source>
        <translation>Eigene GPU</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="52"/>
        <source>Describe a GPU of your own, starting from a catalogue GPU. It is saved in %1, where the command line finds it too.</source>
        <translation>Beschreiben Sie eine eigene GPU, ausgehend von einer GPU des Katalogs. Sie wird in %1 gespeichert, wo auch die Kommandozeile sie findet.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="61"/>
        <source>%1 (yours)</source>
        <translation>%1 (eigene)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="66"/>
        <source>Lower-case id used on the command line (--gpu ID) and as the file name</source>
        <translation>Id in Kleinbuchstaben für die Kommandozeile (--gpu ID) und als Dateiname</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="74"/>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="75"/>
        <source> MHz</source>
        <translation> MHz</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="76"/>
        <source>same as boost</source>
        <translation>wie Boost</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="77"/>
        <source> GB</source>
        <translation> GB</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="78"/>
        <source> GB/s</source>
        <translation> GB/s</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="79"/>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="80"/>
        <source> W</source>
        <translation> W</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="81"/>
        <source>Board power limit (TDP)</source>
        <translation>Leistungsgrenze der Karte (TDP)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="83"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="85"/>
        <source>&amp;Start from:</source>
        <translation>&amp;Ausgehend von:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="86"/>
        <source>&amp;Id:</source>
        <translation>&amp;Id:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="87"/>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="89"/>
        <source>Figures</source>
        <translation>Kennzahlen</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="91"/>
        <source>S&amp;Ms:</source>
        <translation>S&amp;Ms:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="92"/>
        <source>&amp;Boost clock:</source>
        <translation>&amp;Boost-Takt:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="93"/>
        <source>&amp;Tensor clock:</source>
        <translation>&amp;Tensor-Takt:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="94"/>
        <source>&amp;Memory:</source>
        <translation>&amp;Speicher:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="95"/>
        <source>Band&amp;width:</source>
        <translation>Ban&amp;dbreite:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="96"/>
        <source>&amp;L2 cache:</source>
        <translation>&amp;L2-Cache:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="97"/>
        <source>&amp;Power limit:</source>
        <translation>Leistungs&amp;grenze:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="99"/>
        <source>Dense peak throughput (0: no such path)</source>
        <translation>Dichte Spitzenleistung (0: kein solcher Pfad)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="104"/>
        <source> TOPS</source>
        <translation> TOPS</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="104"/>
        <source> TFLOPS</source>
        <translation> TFLOPS</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="105"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="154"/>
        <source>%1 (custom)</source>
        <translation>%1 (eigene)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="197"/>
        <source>Give the GPU an id.</source>
        <translation>Geben Sie der GPU eine Id.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="202"/>
        <source>The id &apos;%1&apos; is the built-in %2; choose another id.</source>
        <translation>Die Id „%1“ ist die eingebaute %2; wählen Sie eine andere Id.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="205"/>
        <source>The id &apos;%1&apos; is taken by your GPU in %2; choose another id.</source>
        <translation>Die Id „%1“ ist schon durch Ihre GPU in %2 belegt; wählen Sie eine andere Id.</translation>
    </message>
</context>
<context>
    <name>infersight::EnergyLatencyChart</name>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="63"/>
        <source>Latency per forward pass (ms, log scale)</source>
        <translation>Latenz pro Vorwärtsdurchlauf (ms, logarithmisch)</translation>
    </message>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="70"/>
        <source>Energy per inference (J/sample, log scale)</source>
        <translation>Energie pro Inferenz (J/Sample, logarithmisch)</translation>
    </message>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="162"/>
        <source>Energy vs latency over batch × precision</source>
        <translation>Energie über Latenz nach Stapelgröße × Präzision</translation>
    </message>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="281"/>
        <source>does not fit in memory</source>
        <translation>passt nicht in den Speicher</translation>
    </message>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="288"/>
        <source>current knobs (ring)</source>
        <translation>aktuelle Stellgrößen (Ring)</translation>
    </message>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="294"/>
        <source>%1 (no prediction: %2)</source>
        <translation>%1 (keine Vorhersage: %2)</translation>
    </message>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="351"/>
        <source>Energy vs latency over batch × precision (lines: Pareto fronts)</source>
        <translation>Energie über Latenz nach Stapelgröße × Präzision (Linien: Pareto-Fronten)</translation>
    </message>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="391"/>
        <source>%1, batch %2: %3, %4/sample (%5 per batch)</source>
        <translation>%1, Stapelgröße %2: %3, %4/Sample (%5 pro Stapel)</translation>
    </message>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="400"/>
        <source>current knobs: </source>
        <translation>aktuelle Stellgrößen: </translation>
    </message>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="422"/>
        <source>on the Pareto front: no other point of this target is both faster and more frugal</source>
        <translation>auf der Pareto-Front: kein anderer Punkt dieses Ziels ist zugleich schneller und sparsamer</translation>
    </message>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="425"/>
        <source>does not fit in the target&apos;s memory</source>
        <translation>passt nicht in den Speicher des Ziels</translation>
    </message>
</context>
<context>
    <name>infersight::ExplorerSession</name>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="154"/>
        <source>The project&apos;s sequence length %1 does not apply to %2: none of its inputs has a sequence dimension. It is ignored.</source>
        <translation>Die Sequenzlänge %1 des Projekts gilt nicht für %2: keiner seiner Eingänge hat eine Sequenzdimension. Sie wird ignoriert.</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="160"/>
        <source>The project&apos;s image size does not apply to %1: none of its inputs has image dimensions. It is ignored.</source>
        <translation>Die Bildgröße des Projekts gilt nicht für %1: keiner seiner Eingänge hat Bilddimensionen. Sie wird ignoriert.</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="436"/>
        <location filename="../ui/session/explorer_session.cpp" line="587"/>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="443"/>
        <source>no model is open</source>
        <translation>kein Modell geöffnet</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="462"/>
        <source>batch size %1 is out of range (%2 to %3)</source>
        <translation>Stapelgröße %1 liegt außerhalb des Bereichs (%2 bis %3)</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="466"/>
        <source>Batch %1 → %2</source>
        <translation>Stapelgröße %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="473"/>
        <source>Precision %1 → %2</source>
        <translation>Präzision %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="481"/>
        <location filename="../ui/session/explorer_session.cpp" line="521"/>
        <source>Runtime %1 → %2</source>
        <translation>Laufzeit %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="487"/>
        <source>the output length must be between 1 and %1 tokens (got %2)</source>
        <translation>die Ausgabelänge muss zwischen 1 und %1 Tokens liegen (erhalten: %2)</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="492"/>
        <source>Output tokens %1 → %2</source>
        <translation>Ausgabe-Tokens %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="506"/>
        <source>Weights %1 → %2</source>
        <translation>Gewichte %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="513"/>
        <source>unknown LLM runtime &apos;%1&apos; (known: %2)</source>
        <translation>unbekannte LLM-Laufzeit „%1“ (bekannt: %2)</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="526"/>
        <source>the sequence length must be at least 1 (got %1)</source>
        <translation>die Sequenzlänge muss mindestens 1 sein (erhalten: %1)</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="531"/>
        <source>Sequence length %1 → %2</source>
        <translation>Sequenzlänge %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="537"/>
        <source>the image size must be at least 1 pixel (got %1)</source>
        <translation>die Bildgröße muss mindestens 1 Pixel sein (erhalten: %1)</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="543"/>
        <source>Image size %1 → %2</source>
        <translation>Bildgröße %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="555"/>
        <source>Phase %1 → %2</source>
        <translation>Phase %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="561"/>
        <source>the context must be at least 1 token (got %1)</source>
        <translation>der Kontext muss mindestens 1 Token sein (erhalten: %1)</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="564"/>
        <source>the context length applies to the decode phase only</source>
        <translation>die Kontextlänge gilt nur für die Decode-Phase</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="568"/>
        <source>Context %1 → %2</source>
        <translation>Kontext %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="574"/>
        <source>the width multiplier must be above 0 (got %1)</source>
        <translation>der Breitenfaktor muss größer als 0 sein (erhalten: %1)</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="579"/>
        <source>Width multiplier %1 → %2</source>
        <translation>Breitenfaktor %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="588"/>
        <source>Depth %1 → %2</source>
        <translation>Tiefe %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="610"/>
        <source>there is no edit %1</source>
        <translation>es gibt keine Änderung %1</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="615"/>
        <source>Remove edit: %1</source>
        <translation>Änderung entfernen: %1</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="625"/>
        <source>Precision of &apos;%1&apos; = %2</source>
        <translation>Präzision von „%1“ = %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="626"/>
        <source>Precision of &apos;%1&apos; follows the model</source>
        <translation>Präzision von „%1“ folgt dem Modell</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="694"/>
        <source>at most %1 targets can be compared; remove one first</source>
        <translation>höchstens %1 Ziele können verglichen werden; entfernen Sie zuerst eines</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="702"/>
        <location filename="../ui/session/explorer_session.cpp" line="761"/>
        <source>%1 is already in the target list</source>
        <translation>%1 ist bereits in der Zielliste</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="707"/>
        <source>Add target %1</source>
        <translation>Ziel %1 hinzufügen</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="712"/>
        <location filename="../ui/session/explorer_session.cpp" line="753"/>
        <source>there is no target %1</source>
        <translation>es gibt kein Ziel %1</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="715"/>
        <source>the last target cannot be removed; add another one first</source>
        <translation>das letzte Ziel kann nicht entfernt werden; fügen Sie zuerst ein anderes hinzu</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="724"/>
        <source>Remove target %1</source>
        <translation>Ziel %1 entfernen</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="729"/>
        <source>cannot move target %1 to position %2</source>
        <translation>Ziel %1 kann nicht an Position %2 verschoben werden</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="748"/>
        <source>Move target %1 to position %2</source>
        <translation>Ziel %1 an Position %2 verschieben</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="767"/>
        <source>Target %1: %2 → %3</source>
        <translation>Ziel %1: %2 → %3</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="787"/>
        <source>no target given</source>
        <translation>kein Ziel angegeben</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="927"/>
        <source>%1: no model is open, nothing to save</source>
        <translation>%1: kein Modell geöffnet, nichts zu speichern</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="944"/>
        <location filename="../ui/session/explorer_session.cpp" line="947"/>
        <source>%1: cannot write the project: %2</source>
        <translation>%1: das Projekt kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>infersight::GraphColouring</name>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="91"/>
        <source>convolution</source>
        <translation>Faltung</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="92"/>
        <source>matrix product</source>
        <translation>Matrixprodukt</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="93"/>
        <source>softmax / attention</source>
        <translation>Softmax / Attention</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="94"/>
        <source>normalisation</source>
        <translation>Normalisierung</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="95"/>
        <source>activation</source>
        <translation>Aktivierung</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="96"/>
        <source>element-wise</source>
        <translation>elementweise</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="97"/>
        <source>pooling / resize</source>
        <translation>Pooling / Skalierung</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="98"/>
        <source>reduction</source>
        <translation>Reduktion</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="99"/>
        <source>gather / scatter</source>
        <translation>Gather / Scatter</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="100"/>
        <source>shape / layout</source>
        <translation>Form / Layout</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="101"/>
        <source>other</source>
        <translation>sonstige</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="275"/>
        <source> on %1</source>
        <translation> auf %1</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="278"/>
        <source>Share of predicted latency</source>
        <translation>Anteil an der vorhergesagten Latenz</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="282"/>
        <source>No prediction yet: add a target to colour by latency.</source>
        <translation>Noch keine Vorhersage: Fügen Sie ein Ziel hinzu, um nach Latenz zu färben.</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="286"/>
        <source>Bound</source>
        <translation>Begrenzung</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="288"/>
        <source>No prediction yet: add a target to colour by bound.</source>
        <translation>Noch keine Vorhersage: Fügen Sie ein Ziel hinzu, um nach Begrenzung zu färben.</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="297"/>
        <source>Op type</source>
        <translation>Op-Typ</translation>
    </message>
</context>
<context>
    <name>infersight::GraphPane</name>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="64"/>
        <location filename="../ui/graph/graph_pane.cpp" line="333"/>
        <source>Laying out the graph…</source>
        <translation>Graph wird angeordnet…</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="68"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="69"/>
        <source>Stop the layout; the picture stays as it was</source>
        <translation>Anordnung abbrechen; das Bild bleibt, wie es war</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="117"/>
        <source>Colour:</source>
        <translation>Farbe:</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="122"/>
        <source>Latency share</source>
        <translation>Latenzanteil</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="123"/>
        <source>Bound</source>
        <translation>Begrenzung</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="124"/>
        <source>Op type</source>
        <translation>Op-Typ</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="125"/>
        <source>Colour the boxes by their share of the predicted latency on the current target, by what bounds them (compute, memory, latency, host), or by op type</source>
        <translation>Kästen nach ihrem Anteil an der vorhergesagten Latenz auf dem aktuellen Ziel färben, nach ihrer Begrenzung (Rechenleistung, Speicher, Latenz, Host) oder nach Op-Typ</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="134"/>
        <source>Find node or op (Ctrl+F)</source>
        <translation>Knoten oder Op suchen (Strg+F)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="137"/>
        <source>Find nodes by name or op type; Enter goes to the next hit, Shift+Enter to the previous</source>
        <translation>Knoten nach Name oder Op-Typ suchen; Enter springt zum nächsten Treffer, Umschalt+Enter zum vorigen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="142"/>
        <source>&amp;Find in Graph…</source>
        <translation>Im Graph &amp;suchen…</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="150"/>
        <source>◀</source>
        <translation>◀</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="153"/>
        <source>Previous hit (Shift+F3)</source>
        <translation>Vorheriger Treffer (Umschalt+F3)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="154"/>
        <source>▶</source>
        <translation>▶</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="157"/>
        <source>Next hit (F3)</source>
        <translation>Nächster Treffer (F3)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="165"/>
        <location filename="../ui/graph/graph_pane.cpp" line="636"/>
        <source>Expand All</source>
        <translation>Alle aufklappen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="166"/>
        <source>Open every group (laid out in the background; identical blocks share one layout)</source>
        <translation>Jede Gruppe öffnen (im Hintergrund angeordnet; identische Blöcke teilen sich ein Layout)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="167"/>
        <location filename="../ui/graph/graph_pane.cpp" line="618"/>
        <location filename="../ui/graph/graph_pane.cpp" line="637"/>
        <source>Collapse</source>
        <translation>Zuklappen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="168"/>
        <source>Back to the starting level: stages or layers as boxes</source>
        <translation>Zurück zur Ausgangsebene: Stufen oder Schichten als Kästen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="170"/>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="171"/>
        <source>Fit the whole graph in the view (F)</source>
        <translation>Den ganzen Graph in die Ansicht einpassen (F)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="172"/>
        <source>−</source>
        <translation>−</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="173"/>
        <source>Zoom out (-)</source>
        <translation>Verkleinern (-)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="174"/>
        <source>+</source>
        <translation>+</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="175"/>
        <source>Zoom in (+)</source>
        <translation>Vergrößern (+)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="179"/>
        <location filename="../ui/graph/graph_pane.cpp" line="639"/>
        <source>Export Visible Area…</source>
        <translation>Sichtbaren Bereich exportieren…</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="180"/>
        <location filename="../ui/graph/graph_pane.cpp" line="640"/>
        <source>Export Whole Graph…</source>
        <translation>Ganzen Graph exportieren…</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="181"/>
        <source>Export Image</source>
        <translation>Bild exportieren</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="183"/>
        <source>Save the graph as SVG (text stays text) or PNG</source>
        <translation>Den Graph als SVG (Text bleibt Text) oder PNG speichern</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="302"/>
        <source>No model open</source>
        <translation>Kein Modell geöffnet</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="343"/>
        <source>Laying out the graph: %1 of %2 groups</source>
        <translation>Graph wird angeordnet: %1 von %2 Gruppen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="359"/>
        <source>Layout cancelled; the picture is unchanged.</source>
        <translation>Anordnung abgebrochen; das Bild ist unverändert.</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="360"/>
        <source>Graph layout failed: %1</source>
        <translation>Anordnung des Graphen fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="418"/>
        <source>No model</source>
        <translation>Kein Modell</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="428"/>
        <source>%1 nodes · %2 boxes shown</source>
        <translation>%1 Knoten · %2 Kästen angezeigt</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="429"/>
        <source>Layout %1 ms: %2 Graphviz runs, %3 group layouts reused, %4 ms in Graphviz</source>
        <translation>Layout %1 ms: %2 Graphviz-Läufe, %3 Gruppen-Layouts wiederverwendet, %4 ms in Graphviz</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="436"/>
        <source>Laying out…</source>
        <translation>Wird angeordnet…</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="436"/>
        <source> · laying out…</source>
        <translation> · wird angeordnet…</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="618"/>
        <source>Expand</source>
        <translation>Aufklappen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="620"/>
        <source>Expand All Inside</source>
        <translation>Innen alle aufklappen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="622"/>
        <source>Collapse All Inside</source>
        <translation>Innen alle zuklappen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="627"/>
        <source>Copy Name</source>
        <translation>Namen kopieren</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="630"/>
        <source>Collapse Group &apos;%1&apos;</source>
        <translation>Gruppe „%1“ zuklappen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="673"/>
        <source>no match</source>
        <translation>kein Treffer</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/graph/graph_pane.cpp" line="675"/>
        <source>%n hit(s)</source>
        <translation>
            <numerusform>%n Treffer</numerusform>
            <numerusform>%n Treffer</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="687"/>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="711"/>
        <source>%1: there is no graph to export</source>
        <translation>%1: es gibt keinen Graph zum Exportieren</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="728"/>
        <source>SVG image (*.svg)</source>
        <translation>SVG-Bild (*.svg)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="729"/>
        <source>PNG image (*.png)</source>
        <translation>PNG-Bild (*.png)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="732"/>
        <source>Export Whole Graph</source>
        <translation>Ganzen Graph exportieren</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="732"/>
        <source>Export Visible Area</source>
        <translation>Sichtbaren Bereich exportieren</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="742"/>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>infersight::GraphScene</name>
    <message numerus="yes">
        <location filename="../ui/graph/graph_items.cpp" line="189"/>
        <location filename="../ui/graph/graph_items.cpp" line="321"/>
        <location filename="../ui/graph/graph_scene.cpp" line="479"/>
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n Knoten</numerusform>
            <numerusform>%n Knoten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/graph/graph_items.cpp" line="191"/>
        <source>%n block(s)</source>
        <translation>
            <numerusform>%n Block</numerusform>
            <numerusform>%n Blöcke</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/graph/graph_items.cpp" line="193"/>
        <source>repeated ×%n</source>
        <translation>
            <numerusform>wiederholt ×%n</numerusform>
            <numerusform>wiederholt ×%n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/graph/graph_scene.cpp" line="452"/>
        <source>… and %n more tensor(s)</source>
        <translation>
            <numerusform>… und %n weiterer Tensor</numerusform>
            <numerusform>… und %n weitere Tensoren</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="467"/>
        <source>%1 · %2 % of the total</source>
        <translation>%1 · %2 % des Gesamten</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/graph/graph_scene.cpp" line="481"/>
        <source>%n repeated block(s)</source>
        <translation>
            <numerusform>%n wiederholter Block</numerusform>
            <numerusform>%n wiederholte Blöcke</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/graph/graph_scene.cpp" line="484"/>
        <source>one of %n identical blocks (they share one layout)</source>
        <translation>
            <numerusform>einer von %n identischen Blöcken (sie teilen sich ein Layout)</numerusform>
            <numerusform>einer von %n identischen Blöcken (sie teilen sich ein Layout)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="487"/>
        <source>Double-click to expand</source>
        <translation>Doppelklick zum Aufklappen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="487"/>
        <source>Double-click the title to collapse</source>
        <translation>Doppelklick auf den Titel zum Zuklappen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="494"/>
        <source>out %1</source>
        <translation>Ausgang %1</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="500"/>
        <source>&lt;b&gt;Model input&lt;/b&gt;</source>
        <translation>&lt;b&gt;Modelleingabe&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="500"/>
        <source>&lt;b&gt;Model output&lt;/b&gt;</source>
        <translation>&lt;b&gt;Modellausgabe&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/graph/graph_scene.cpp" line="506"/>
        <source>Also feeds %n box(es) whose edges are hidden to keep the picture readable; select it to show them.</source>
        <translation>
            <numerusform>Speist auch %n Kasten, dessen Kanten zur Übersichtlichkeit ausgeblendet sind; wählen Sie ihn aus, um sie zu zeigen.</numerusform>
            <numerusform>Speist auch %n Kästen, deren Kanten zur Übersichtlichkeit ausgeblendet sind; wählen Sie ihn aus, um sie zu zeigen.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>infersight::GraphSessionLink</name>
    <message>
        <location filename="../ui/graph/graph_session_link.cpp" line="40"/>
        <source>no model is open</source>
        <translation>kein Modell geöffnet</translation>
    </message>
</context>
<context>
    <name>infersight::InputShapeDialog</name>
    <message>
        <location filename="../ui/dialogs/input_shape_dialog.cpp" line="25"/>
        <source>TorchScript Input Shapes</source>
        <translation>TorchScript-Eingabeformen</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/input_shape_dialog.cpp" line="28"/>
        <source>&lt;p&gt;TorchScript files do not record the shapes of their inputs. Give the shape of each argument of &lt;b&gt;%1&lt;/b&gt;&apos;s forward(), separated by commas, as the command line&apos;s &lt;tt&gt;&amp;#8209;&amp;#8209;input&lt;/tt&gt; takes them.&lt;/p&gt;&lt;p&gt;Dims are joined by &lt;tt&gt;x&lt;/tt&gt;: a number, a name (&lt;tt&gt;N&lt;/tt&gt; batch, &lt;tt&gt;H&lt;/tt&gt;/&lt;tt&gt;W&lt;/tt&gt; image size, &lt;tt&gt;S&lt;/tt&gt; sequence) or &lt;tt&gt;name=default&lt;/tt&gt;, then an optional &lt;tt&gt;:dtype&lt;/tt&gt;.&lt;br&gt;Examples: &lt;tt&gt;1x3x224x224&lt;/tt&gt;, &lt;tt&gt;Nx3xHxW&lt;/tt&gt;, &lt;tt&gt;1x128:i64,1x128:i64&lt;/tt&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;TorchScript-Dateien speichern die Formen ihrer Eingaben nicht. Geben Sie die Form jedes Arguments von forward() von &lt;b&gt;%1&lt;/b&gt; an, durch Kommas getrennt, so wie die Kommandozeilenoption &lt;tt&gt;&amp;#8209;&amp;#8209;input&lt;/tt&gt; sie nimmt.&lt;/p&gt;&lt;p&gt;Dimensionen werden mit &lt;tt&gt;x&lt;/tt&gt; verbunden: eine Zahl, ein Name (&lt;tt&gt;N&lt;/tt&gt; Stapelgröße, &lt;tt&gt;H&lt;/tt&gt;/&lt;tt&gt;W&lt;/tt&gt; Bildgröße, &lt;tt&gt;S&lt;/tt&gt; Sequenz) oder &lt;tt&gt;name=default&lt;/tt&gt;, dann optional &lt;tt&gt;:dtype&lt;/tt&gt;.&lt;br&gt;Beispiele: &lt;tt&gt;1x3x224x224&lt;/tt&gt;, &lt;tt&gt;Nx3xHxW&lt;/tt&gt;, &lt;tt&gt;1x128:i64,1x128:i64&lt;/tt&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/input_shape_dialog.cpp" line="42"/>
        <source>&amp;Input shapes:</source>
        <translation>&amp;Eingabeformen:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/input_shape_dialog.cpp" line="78"/>
        <source>Give at least one input shape.</source>
        <translation>Geben Sie mindestens eine Eingabeform an.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/input_shape_dialog.cpp" line="90"/>
        <source>1 input: %1</source>
        <translation>1 Eingabe: %1</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/input_shape_dialog.cpp" line="90"/>
        <source>%1 inputs: %2</source>
        <translation>%1 Eingaben: %2</translation>
    </message>
</context>
<context>
    <name>infersight::KnobsPanel</name>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="172"/>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="181"/>
        <source>The GPU of the current target</source>
        <translation>Die GPU des aktuellen Ziels</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="182"/>
        <source>&amp;GPU:</source>
        <translation>&amp;GPU:</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="186"/>
        <location filename="../ui/knobs/knobs_panel.cpp" line="452"/>
        <source>The whole GPU or one MIG instance of it</source>
        <translation>Die ganze GPU oder eine MIG-Instanz davon</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="187"/>
        <source>M&amp;IG slice:</source>
        <translation>M&amp;IG-Slice:</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="190"/>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="191"/>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="193"/>
        <source>MPS active-thread percentage of this client (Off: no MPS)</source>
        <translation>MPS-Anteil aktiver Threads dieses Clients (Aus: kein MPS)</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="194"/>
        <source>MP&amp;S share:</source>
        <translation>MP&amp;S-Anteil:</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="201"/>
        <source>Hos&amp;t:</source>
        <translation>H&amp;ost:</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="203"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="217"/>
        <source>Batch size (logarithmic: one tick per doubling)</source>
        <translation>Stapelgröße (logarithmisch: ein Teilstrich pro Verdopplung)</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="219"/>
        <source>Batch size</source>
        <translation>Stapelgröße</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="222"/>
        <source>&amp;Batch:</source>
        <translation>St&amp;apelgröße:</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="228"/>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="230"/>
        <source>Input image height and width</source>
        <translation>Höhe und Breite des Eingabebilds</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="231"/>
        <source>I&amp;mage size:</source>
        <translation>Bil&amp;dgröße:</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="234"/>
        <location filename="../ui/knobs/knobs_panel.cpp" line="238"/>
        <location filename="../ui/knobs/knobs_panel.cpp" line="267"/>
        <location filename="../ui/knobs/knobs_panel.cpp" line="281"/>
        <location filename="../ui/knobs/knobs_panel.cpp" line="286"/>
        <source> tokens</source>
        <translation> Tokens</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="235"/>
        <source>Tokens per sequence (decode: new tokens per step)</source>
        <translation>Tokens pro Sequenz (Decode: neue Tokens pro Schritt)</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="236"/>
        <source>Se&amp;quence:</source>
        <translation>Se&amp;quenz:</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="238"/>
        <location filename="../ui/knobs/knobs_panel.cpp" line="286"/>
        <source> token</source>
        <translation> Token</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="243"/>
        <source>Numeric precision of the run. fp32 follows PyTorch&apos;s defaults: convolutions run on TF32 tensor cores on Ampere and later GPUs (cudnn.allow_tf32), GEMMs on FP32 CUDA cores; fp32-strict turns TF32 off everywhere; tf32 turns it on for GEMMs too.</source>
        <translation>Numerische Genauigkeit des Laufs. fp32 folgt den Voreinstellungen von PyTorch: Faltungen laufen ab Ampere auf TF32-Tensor-Cores (cudnn.allow_tf32), GEMMs auf FP32-CUDA-Cores; fp32-strict schaltet TF32 überall ab; tf32 schaltet es auch für GEMMs ein.</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="487"/>
        <source>FP32 model with PyTorch&apos;s defaults: GEMMs on FP32 CUDA cores (matmul TF32 off), convolutions on TF32 tensor cores on Ampere and later (cudnn.allow_tf32 = True), FP32 CUDA cores before</source>
        <translation>FP32-Modell mit den Voreinstellungen von PyTorch: GEMMs auf FP32-CUDA-Cores (matmul ohne TF32), Faltungen ab Ampere auf TF32-Tensor-Cores (cudnn.allow_tf32 = True), davor auf FP32-CUDA-Cores</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="490"/>
        <source>FP32 math everywhere: TF32 off for matmul and cuDNN (fp32_precision = &apos;ieee&apos;)</source>
        <translation>Überall FP32-Arithmetik: TF32 für matmul und cuDNN aus (fp32_precision = &apos;ieee&apos;)</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="492"/>
        <source>FP32 storage, GEMMs and convolutions on TF32 tensor cores (Ampere and later)</source>
        <translation>FP32-Speicher, GEMMs und Faltungen auf TF32-Tensor-Cores (ab Ampere)</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="493"/>
        <source>Model cast to FP16 (model.half()): every op in FP16</source>
        <translation>Modell nach FP16 umgewandelt (model.half()): jede Operation in FP16</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="494"/>
        <source>Model cast to BF16: every op in BF16</source>
        <translation>Modell nach BF16 umgewandelt: jede Operation in BF16</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="496"/>
        <source>CUDA autocast to FP16: GEMMs and convolutions in FP16 with cast kernels at op boundaries</source>
        <translation>CUDA-Autocast nach FP16: GEMMs und Faltungen in FP16, mit Umwandlungs-Kernels an den Grenzen der Operationen</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="497"/>
        <source>INT8 GEMMs and convolutions (TensorRT-style), other ops in FP16</source>
        <translation>INT8-GEMMs und -Faltungen (wie TensorRT), übrige Operationen in FP16</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="498"/>
        <source>FP8 GEMMs and convolutions (Hopper and later), other ops in FP16</source>
        <translation>FP8-GEMMs und -Faltungen (ab Hopper), übrige Operationen in FP16</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="526"/>
        <source>Numeric precision of the run</source>
        <translation>Numerische Präzision des Laufs</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="247"/>
        <source>&amp;Precision:</source>
        <translation>&amp;Präzision:</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="260"/>
        <source>As the precision</source>
        <translation>Wie die Präzision</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="263"/>
        <source>How the LLM&apos;s weights are stored: bytes streamed per decode step and the model&apos;s memory</source>
        <translation>Wie die Gewichte des LLM gespeichert sind: pro Decode-Schritt gestreamte Bytes und Speicherbedarf des Modells</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="264"/>
        <source>W&amp;eights:</source>
        <translation>Ge&amp;wichte:</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="269"/>
        <source>Tokens generated per request (the prompt is the sequence length)</source>
        <translation>Pro Anfrage erzeugte Tokens (der Prompt ist die Sequenzlänge)</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="270"/>
        <source>&amp;Output:</source>
        <translation>A&amp;usgabe:</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="344"/>
        <source>Eager (PyTorch)</source>
        <translation>Eager (PyTorch)</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="345"/>
        <source>One kernel per operator, framework dispatch on the host</source>
        <translation>Ein Kernel pro Operator, Framework-Dispatch auf dem Host</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="346"/>
        <source>Fused (TensorRT-like)</source>
        <translation>Fusioniert (TensorRT-ähnlich)</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="347"/>
        <source>Folded batch norm, fused epilogues and attention, light launch cost</source>
        <translation>Gefaltete Batch-Norm, fusionierte Epiloge und Attention, geringe Startkosten</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="252"/>
        <source>&amp;Runtime:</source>
        <translation>&amp;Laufzeit:</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="274"/>
        <source>Prefill</source>
        <translation>Prefill</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="275"/>
        <source>The prompt: attention over the sequence</source>
        <translation>Der Prompt: Attention über die Sequenz</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="276"/>
        <source>Decode</source>
        <translation>Decode</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="277"/>
        <source>New tokens with a KV cache of the context length</source>
        <translation>Neue Tokens mit einem KV-Cache der Kontextlänge</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="278"/>
        <source>P&amp;hase:</source>
        <translation>P&amp;hase:</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="283"/>
        <source>Tokens already in the KV cache (decode phase)</source>
        <translation>Tokens, die schon im KV-Cache liegen (Decode-Phase)</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="284"/>
        <source>&amp;Context:</source>
        <translation>&amp;Kontext:</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="295"/>
        <source>Global width multiplier: every layer&apos;s channels / hidden size scaled</source>
        <translation>Globaler Breitenfaktor: Kanäle / verborgene Größe jeder Schicht skaliert</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="296"/>
        <source>&amp;Width:</source>
        <translation>&amp;Breite:</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="299"/>
        <source>Model&apos;s own</source>
        <translation>Wie im Modell</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="300"/>
        <source>Number of blocks / layers</source>
        <translation>Anzahl der Blöcke / Schichten</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="301"/>
        <source>&amp;Depth:</source>
        <translation>&amp;Tiefe:</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="396"/>
        <source>Your GPUs</source>
        <translation>Ihre GPUs</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="413"/>
        <source>Generation</source>
        <translation>Generation</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="419"/>
        <source>%1 SMs, %2 GB %3, %4 GB/s</source>
        <translation>%1 SMs, %2 GB %3, %4 GB/s</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="425"/>
        <source>Your GPU (%1)</source>
        <translation>Ihre GPU (%1)</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="436"/>
        <source>Whole GPU</source>
        <translation>Ganze GPU</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="442"/>
        <source>%1 of %2 compute slices, %3 MiB, %4 SMs</source>
        <translation>%1 von %2 Rechen-Slices, %3 MiB, %4 SMs</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="453"/>
        <source>%1 has no MIG</source>
        <translation>%1 hat kein MIG</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="464"/>
        <source>%1 (not in the catalogue)</source>
        <translation>%1 (nicht im Katalog)</translation>
    </message>
</context>
<context>
    <name>infersight::LatencyChart</name>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="380"/>
        <source>Latency vs batch size</source>
        <translation>Latenz über Stapelgröße</translation>
    </message>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="384"/>
        <source>Latency (ms, log)</source>
        <translation>Latenz (ms, log.)</translation>
    </message>
</context>
<context>
    <name>infersight::LayerBreakdownChart</name>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="26"/>
        <source>compute-bound</source>
        <translation>rechengebunden</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="27"/>
        <source>memory-bound</source>
        <translation>speichergebunden</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="28"/>
        <source>latency-bound (too small to fill the GPU)</source>
        <translation>latenzgebunden (zu klein, um die GPU auszulasten)</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="29"/>
        <source>host (GPU waits for the CPU)</source>
        <translation>Host (GPU wartet auf die CPU)</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="48"/>
        <source>Node (largest at the top)</source>
        <translation>Knoten (größter oben)</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="50"/>
        <source>Predicted time per node (ms)</source>
        <translation>Vorhergesagte Zeit pro Knoten (ms)</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="119"/>
        <source>Per-layer time by bound</source>
        <translation>Zeit pro Schicht nach Begrenzung</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="152"/>
        <source>node #%1</source>
        <translation>Knoten #%1</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="215"/>
        <source>Per-layer time: %1 has no prediction (%2)</source>
        <translation>Zeit pro Schicht: %1 hat keine Vorhersage (%2)</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="217"/>
        <source>Top %1 of %2 nodes by time on %3 (%4 of %5 per forward pass)</source>
        <translation>Top %1 von %2 Knoten nach Zeit auf %3 (%4 von %5 pro Vorwärtsdurchlauf)</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="225"/>
        <source>batch %1</source>
        <translation>Stapelgröße %1</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="244"/>
        <source>%1 — %2 % of the forward pass</source>
        <translation>%1 — %2 % des Vorwärtsdurchlaufs</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="255"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="263"/>
        <source>Show &amp;top nodes</source>
        <translation>&amp;Top-Knoten zeigen</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="266"/>
        <source>Top %1</source>
        <translation>Top %1</translation>
    </message>
</context>
<context>
    <name>infersight::MainWindow</name>
    <message>
        <location filename="../ui/main_window.cpp" line="128"/>
        <source>Infersight</source>
        <translation>Infersight</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="169"/>
        <source>Knobs</source>
        <translation>Stellgrößen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="173"/>
        <source>Targets</source>
        <translation>Ziele</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="178"/>
        <source>&lt;opened&gt;</source>
        <translation>&lt;geöffnet&gt;</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="179"/>
        <source>Undo History</source>
        <translation>Änderungsverlauf</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="193"/>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="197"/>
        <source>Inspector</source>
        <translation>Inspektor</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="202"/>
        <source>Charts</source>
        <translation>Diagramme</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="222"/>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="228"/>
        <source>MIG Planner</source>
        <translation>MIG-Planer</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="235"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="236"/>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="238"/>
        <source>Open an ONNX or TorchScript model, a Hugging Face config.json or a project</source>
        <translation>Ein ONNX- oder TorchScript-Modell, eine Hugging-Face-config.json oder ein Projekt öffnen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="253"/>
        <source>Export &amp;Report…</source>
        <translation>Be&amp;richt exportieren…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="256"/>
        <source>Write a PDF report: summary, charts, top layers, MIG plans, graph and accuracy</source>
        <translation>Einen PDF-Bericht schreiben: Zusammenfassung, Diagramme, Top-Schichten, MIG-Pläne, Graph und Genauigkeit</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="257"/>
        <source>Export &amp;Tables…</source>
        <translation>&amp;Tabellen exportieren…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="260"/>
        <source>Write every table of the session as CSV files into a folder</source>
        <translation>Jede Tabelle der Sitzung als CSV-Dateien in einen Ordner schreiben</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="268"/>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="269"/>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="272"/>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="278"/>
        <source>&amp;Custom GPU…</source>
        <translation>&amp;Eigene GPU…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="281"/>
        <source>Describe a GPU that is not in the catalogue and add it as a target</source>
        <translation>Eine GPU beschreiben, die nicht im Katalog ist, und als Ziel hinzufügen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="284"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="297"/>
        <source>&amp;Fit Graph</source>
        <translation>Graph &amp;einpassen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="302"/>
        <source>&amp;Language</source>
        <translation>S&amp;prache</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="306"/>
        <source>System default</source>
        <translation>Systemstandard</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="320"/>
        <source>&amp;Targets</source>
        <translation>&amp;Ziele</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="321"/>
        <source>&amp;Add Target…</source>
        <translation>Ziel &amp;hinzufügen…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="324"/>
        <source>&amp;Remove Target</source>
        <translation>Ziel &amp;entfernen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="327"/>
        <source>Move Target &amp;Up</source>
        <translation>Ziel nach &amp;oben</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="329"/>
        <source>Move Target &amp;Down</source>
        <translation>Ziel nach &amp;unten</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="335"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="336"/>
        <source>&amp;About Infersight</source>
        <translation>Ü&amp;ber Infersight</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="341"/>
        <source>Main</source>
        <translation>Hauptleiste</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="372"/>
        <location filename="../ui/main_window.cpp" line="797"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="374"/>
        <source>Stop opening the model (Esc); the current model stays</source>
        <translation>Öffnen des Modells abbrechen (Esc); das aktuelle Modell bleibt</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="381"/>
        <source>Cancel Opening</source>
        <translation>Öffnen abbrechen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="393"/>
        <source>Cancelled opening %1</source>
        <translation>Öffnen von %1 abgebrochen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="404"/>
        <source>Prediction failed: %1</source>
        <translation>Vorhersage fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="524"/>
        <source>The language changes when Infersight starts next time.</source>
        <translation>Die Sprache wechselt beim nächsten Start von Infersight.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="559"/>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="560"/>
        <source>Models and projects (*.onnx *.pt *.pth *.json *.infersight);;ONNX (*.onnx);;TorchScript (*.pt *.pth);;Hugging Face config (*.json);;Infersight project (*.infersight);;All files (*)</source>
        <translation>Modelle und Projekte (*.onnx *.pt *.pth *.json *.infersight);;ONNX (*.onnx);;TorchScript (*.pt *.pth);;Hugging-Face-Konfiguration (*.json);;Infersight-Projekt (*.infersight);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="584"/>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="587"/>
        <source>&amp;Clear List</source>
        <translation>Liste &amp;leeren</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="600"/>
        <source>Nothing to save: no model is open.</source>
        <translation>Nichts zu speichern: kein Modell geöffnet.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="608"/>
        <source>Save Project</source>
        <translation>Projekt speichern</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="609"/>
        <source>Infersight project (*.infersight)</source>
        <translation>Infersight-Projekt (*.infersight)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="619"/>
        <source>Could not save the project</source>
        <translation>Das Projekt konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="623"/>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="634"/>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="634"/>
        <source>Save the changes to %1 before closing it?</source>
        <translation>Die Änderungen an %1 vor dem Schließen speichern?</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="678"/>
        <source>Opening %1 (one file at a time)</source>
        <translation>%1 wird geöffnet (eine Datei nach der anderen)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="702"/>
        <source>Could not add the GPU</source>
        <translation>Die GPU konnte nicht hinzugefügt werden</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="706"/>
        <source>Saved %1 and added it as a target</source>
        <translation>%1 gespeichert und als Ziel hinzugefügt</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="712"/>
        <source>About Infersight</source>
        <translation>Über Infersight</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="713"/>
        <source>&lt;h3&gt;Infersight %1&lt;/h3&gt;&lt;p&gt;Predicts the latency, energy and memory of deep-learning inference on NVIDIA GPUs and MIG slices, from the model alone.&lt;/p&gt;&lt;p&gt;Every number on screen can be reproduced with &lt;tt&gt;infersight-cli&lt;/tt&gt;.&lt;/p&gt;&lt;p&gt;MIT licence.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Infersight %1&lt;/h3&gt;&lt;p&gt;Sagt Latenz, Energie und Speicher der Deep-Learning-Inferenz auf NVIDIA-GPUs und MIG-Slices vorher, allein aus dem Modell.&lt;/p&gt;&lt;p&gt;Jede Zahl auf dem Bildschirm lässt sich mit &lt;tt&gt;infersight-cli&lt;/tt&gt; reproduzieren.&lt;/p&gt;&lt;p&gt;MIT-Lizenz.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="741"/>
        <source>Export Tables to Folder</source>
        <translation>Tabellen in Ordner exportieren</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="743"/>
        <location filename="../ui/main_window.cpp" line="799"/>
        <source>Export Report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="743"/>
        <source>PDF document (*.pdf)</source>
        <translation>PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="748"/>
        <location filename="../ui/main_window.cpp" line="767"/>
        <source>Nothing to export: no model is open.</source>
        <translation>Nichts zu exportieren: kein Modell geöffnet.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="782"/>
        <source>A report is being exported already.</source>
        <translation>Es wird bereits ein Bericht exportiert.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="788"/>
        <source>The results are still being computed; export the report once they are complete.</source>
        <translation>Die Ergebnisse werden noch berechnet; exportieren Sie den Bericht, wenn sie vollständig sind.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="796"/>
        <source>Computing the accuracy figures for %1…</source>
        <translation>Genauigkeitswerte für %1 werden berechnet…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="807"/>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="822"/>
        <source>Writing %1…</source>
        <translation>%1 wird geschrieben…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="826"/>
        <source>The report has no accuracy page: %1</source>
        <translation>Der Bericht hat keine Genauigkeitsseite: %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/main_window.cpp" line="863"/>
        <source>Exported the report to %1 (%n page(s))</source>
        <translation>
            <numerusform>Bericht nach %1 exportiert (%n Seite)</numerusform>
            <numerusform>Bericht nach %1 exportiert (%n Seiten)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="878"/>
        <source>Cancelled exporting %1</source>
        <translation>Export von %1 abgebrochen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="880"/>
        <source>Could not export the report</source>
        <translation>Der Bericht konnte nicht exportiert werden</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="888"/>
        <source>The results are still being computed; export the tables once they are complete.</source>
        <translation>Die Ergebnisse werden noch berechnet; exportieren Sie die Tabellen, wenn sie vollständig sind.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="899"/>
        <source>Could not export the tables</source>
        <translation>Die Tabellen konnten nicht exportiert werden</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/main_window.cpp" line="902"/>
        <source>Exported %n table(s) to %1</source>
        <translation>
            <numerusform>%n Tabelle nach %1 exportiert</numerusform>
            <numerusform>%n Tabellen nach %1 exportiert</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="911"/>
        <source>Opening %1…</source>
        <translation>%1 wird geöffnet…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="941"/>
        <location filename="../ui/main_window.cpp" line="968"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/main_window.cpp" line="971"/>
        <source>Predicted %n target(s) in %1 ms</source>
        <translation>
            <numerusform>%n Ziel in %1 ms vorhergesagt</numerusform>
            <numerusform>%n Ziele in %1 ms vorhergesagt</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="973"/>
        <source>Predicting sweeps…</source>
        <translation>Sweeps werden vorhergesagt…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="1031"/>
        <source>Infersight[*]</source>
        <translation>Infersight[*]</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="1031"/>
        <source>%1[*] — Infersight</source>
        <translation>%1[*] — Infersight</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="1042"/>
        <source>Model: &lt;b&gt;%1&lt;/b&gt; (%2) · %3 M parameters · %4 nodes</source>
        <translation>Modell: &lt;b&gt;%1&lt;/b&gt; (%2) · %3 Mio. Parameter · %4 Knoten</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="1047"/>
        <source> · %1 GMACs per sample</source>
        <translation> · %1 GMACs pro Sample</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="239"/>
        <source>Open &amp;Zoo Model…</source>
        <translation>&amp;Zoo-Modell öffnen…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="242"/>
        <source>Open &amp;Recent</source>
        <translation>Zu&amp;letzt geöffnet</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="247"/>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="249"/>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="263"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="942"/>
        <source>Could not open %1</source>
        <translation>%1 konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="927"/>
        <source>Opened %1: %2 nodes</source>
        <translation>%1 geöffnet: %2 Knoten</translation>
    </message>
</context>
<context>
    <name>infersight::MemoryChart</name>
    <message>
        <location filename="../ui/charts/memory_chart.cpp" line="27"/>
        <source>Device memory vs batch size</source>
        <translation>Gerätespeicher über Stapelgröße</translation>
    </message>
    <message>
        <location filename="../ui/charts/memory_chart.cpp" line="31"/>
        <source>Device memory used (GiB, log scale)</source>
        <translation>Belegter Gerätespeicher (GiB, logarithmisch)</translation>
    </message>
    <message>
        <location filename="../ui/charts/memory_chart.cpp" line="131"/>
        <source>usable memory of each target (dashed)</source>
        <translation>nutzbarer Speicher jedes Ziels (gestrichelt)</translation>
    </message>
    <message>
        <location filename="../ui/charts/memory_chart.cpp" line="154"/>
        <source>KV cache capacity: %1 sequences of %2 tokens (weights %3, %4 per token)</source>
        <translation>KV-Cache-Kapazität: %1 Sequenzen mit %2 Tokens (Gewichte %3, %4 pro Token)</translation>
    </message>
    <message>
        <location filename="../ui/charts/memory_chart.cpp" line="159"/>
        <source>usable memory: %1</source>
        <translation>nutzbarer Speicher: %1</translation>
    </message>
</context>
<context>
    <name>infersight::MigPlanModel</name>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="72"/>
        <source>Option</source>
        <translation>Option</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="73"/>
        <source>Fits</source>
        <translation>Passt</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="74"/>
        <source>Memory (MiB)</source>
        <translation>Speicher (MiB)</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="75"/>
        <source>Usable (MiB)</source>
        <translation>Nutzbar (MiB)</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="76"/>
        <source>Latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="77"/>
        <source>Replicas</source>
        <translation>Replikate</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="78"/>
        <source>Inferences/s per GPU</source>
        <translation>Inferenzen/s pro GPU</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="79"/>
        <source>Energy per inference</source>
        <translation>Energie pro Inferenz</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="80"/>
        <source>LLM sequences</source>
        <translation>LLM-Sequenzen</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="81"/>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="95"/>
        <source>Whether the predicted device memory fits the usable memory less the headroom</source>
        <translation>Ob der vorhergesagte Gerätespeicher in den nutzbaren Speicher abzüglich der Reserve passt</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="97"/>
        <source>Predicted device memory (weights, activations, workspace, CUDA context), and its share of the usable memory</source>
        <translation>Vorhergesagter Gerätespeicher (Gewichte, Aktivierungen, Arbeitsspeicher, CUDA-Kontext) und sein Anteil am nutzbaren Speicher</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="99"/>
        <source>Memory usable by one instance (MIG: as nvidia-smi lists the profile; MPS: the client&apos;s share)</source>
        <translation>Von einer Instanz nutzbarer Speicher (MIG: wie nvidia-smi das Profil listet; MPS: der Anteil des Clients)</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="100"/>
        <source>Instances per GPU (MIG: the profile&apos;s maximum; MPS: clients of this share)</source>
        <translation>Instanzen pro GPU (MIG: das Maximum des Profils; MPS: Clients dieses Anteils)</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="101"/>
        <source>Replicas × batch ÷ latency</source>
        <translation>Replikate × Stapelgröße ÷ Latenz</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="103"/>
        <source>Sequences of the request&apos;s length whose KV cache fits beside the weights in one instance (the runtime&apos;s KV blocks and memory reserve)</source>
        <translation>Sequenzen in der Länge der Anfrage, deren KV-Cache neben den Gewichten in eine Instanz passt (KV-Blöcke und Speicherreserve der Laufzeit)</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="139"/>
        <source>Recommended</source>
        <translation>Empfohlen</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="142"/>
        <source>DIPPM&apos;s rule</source>
        <translation>Regel von DIPPM</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="145"/>
        <source>Not predicted</source>
        <translation>Nicht vorhergesagt</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="148"/>
        <source>Out of memory</source>
        <translation>Speicher reicht nicht</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="148"/>
        <source>Within the headroom</source>
        <translation>Innerhalb der Reserve</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="151"/>
        <source>Misses the SLO</source>
        <translation>Verfehlt das SLO</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="154"/>
        <source>Media engines</source>
        <translation>Medien-Engines</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="162"/>
        <source>MIG %1</source>
        <translation>MIG %1</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="163"/>
        <source>MPS %1 %</source>
        <translation>MPS %1 %</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="180"/>
        <source>%1 × %2 tokens</source>
        <translation>%1 × %2 Tokens</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="183"/>
        <source>weights do not fit</source>
        <translation>Gewichte passen nicht</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="186"/>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="189"/>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="189"/>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="191"/>
        <source>%1 (%2 %)</source>
        <translation>%1 (%2 %)</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="207"/>
        <source>Weights %1 MiB; KV cache %2 KiB per token; %3 MiB left for it; one sequence up to %4 tokens</source>
        <translation>Gewichte %1 MiB; KV-Cache %2 KiB pro Token; %3 MiB dafür frei; eine Sequenz bis %4 Tokens</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="213"/>
        <source>Not predicted: %1</source>
        <translation>Nicht vorhergesagt: %1</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="216"/>
        <source>A “+me” profile: the same slice as its plain twin with the media engines, fewer instances per GPU; listed but never recommended</source>
        <translation>Ein „+me“-Profil: derselbe Slice wie sein einfacher Zwilling, mit den Medien-Engines, weniger Instanzen pro GPU; aufgeführt, aber nie empfohlen</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="223"/>
        <source>%1 MiB predicted; %2 MiB usable, %3 MiB after the headroom</source>
        <translation>%1 MiB vorhergesagt; %2 MiB nutzbar, %3 MiB nach der Reserve</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="225"/>
        <source>80 % band: %1</source>
        <translation>80-%-Band: %1</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="227"/>
        <source>%1 × %2 inferences/s per instance</source>
        <translation>%1 × %2 Inferenzen/s pro Instanz</translation>
    </message>
</context>
<context>
    <name>infersight::MigPlannerPanel</name>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="98"/>
        <source>&amp;Latency SLO</source>
        <translation>&amp;Latenz-SLO</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="100"/>
        <source>Recommend the smallest option that fits and meets this latency (otherwise: the highest throughput per GPU)</source>
        <translation>Die kleinste Option empfehlen, die passt und diese Latenz einhält (sonst: den höchsten Durchsatz pro GPU)</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="106"/>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="110"/>
        <source>Latency SLO in milliseconds</source>
        <translation>Latenz-SLO in Millisekunden</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="116"/>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="119"/>
        <source>Share of each option&apos;s usable memory kept free</source>
        <translation>Anteil des nutzbaren Speichers jeder Option, der frei bleibt</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="120"/>
        <source>Memory &amp;headroom</source>
        <translation>Speicher&amp;reserve</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="147"/>
        <source>Double-click an option (or press Enter) to set it as a target</source>
        <translation>Doppelklicken Sie auf eine Option (oder drücken Sie Enter), um sie als Ziel zu setzen</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="171"/>
        <source>&amp;Add as Target</source>
        <translation>Als Ziel &amp;hinzufügen</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="173"/>
        <source>Set the selected option as a target (replaces the current target when the list is full) (%1)</source>
        <translation>Die gewählte Option als Ziel setzen (ersetzt das aktuelle Ziel, wenn die Liste voll ist) (%1)</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="184"/>
        <source>Add as Target</source>
        <translation>Als Ziel hinzufügen</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="218"/>
        <source>Opening the model…</source>
        <translation>Modell wird geöffnet…</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="218"/>
        <source>Open a model to plan MIG slices and MPS shares for it.</source>
        <translation>Öffnen Sie ein Modell, um MIG-Slices und MPS-Anteile dafür zu planen.</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="224"/>
        <source>Add a target GPU to plan for.</source>
        <translation>Fügen Sie eine Ziel-GPU hinzu, für die geplant werden soll.</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="229"/>
        <source>The current target cannot be planned for: %1</source>
        <translation>Für das aktuelle Ziel kann nicht geplant werden: %1</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="279"/>
        <source>Planning…</source>
        <translation>Wird geplant…</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="372"/>
        <source>%1 on %2 · batch %3 · %4 · %5</source>
        <translation>%1 auf %2 · Stapelgröße %3 · %4 · %5</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="380"/>
        <source>Planning failed: %1</source>
        <translation>Planung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="386"/>
        <source>&lt;b&gt;Recommended: %1&lt;/b&gt; — %2</source>
        <translation>&lt;b&gt;Empfohlen: %1&lt;/b&gt; — %2</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="387"/>
        <source>&lt;b&gt;No recommendation&lt;/b&gt; — %1</source>
        <translation>&lt;b&gt;Keine Empfehlung&lt;/b&gt; — %1</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="389"/>
        <source>Recommended MPS share: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Empfohlener MPS-Anteil: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="396"/>
        <source>&lt;span style=&quot;color:#b06a00&quot;&gt;&lt;b&gt;DIPPM&apos;s memory-only rule: %1&lt;/b&gt;&lt;/span&gt; — %2</source>
        <translation>&lt;span style=&quot;color:#b06a00&quot;&gt;&lt;b&gt;Reine Speicherregel von DIPPM: %1&lt;/b&gt;&lt;/span&gt; — %2</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="398"/>
        <source>&lt;b&gt;DIPPM&apos;s memory-only rule:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Reine Speicherregel von DIPPM:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="411"/>
        <source>%1 has no MIG profiles; see the MPS shares</source>
        <translation>%1 hat keine MIG-Profile; siehe die MPS-Anteile</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="416"/>
        <source>the smallest option that fits with %1 % headroom (%2 of %3 MiB) and meets the %4 ms SLO (%5 ms)</source>
        <translation>die kleinste Option, die mit %1 % Reserve passt (%2 von %3 MiB) und das SLO von %4 ms einhält (%5 ms)</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="419"/>
        <source>the highest throughput per GPU among the options that fit with %1 % headroom (%2 × %3/s = %4/s)</source>
        <translation>der höchste Durchsatz pro GPU unter den Optionen, die mit %1 % Reserve passen (%2 × %3/s = %4/s)</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="437"/>
        <source>no option could be predicted: %1</source>
        <translation>keine Option konnte vorhergesagt werden: %1</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="440"/>
        <source>no option fits: the model needs %1 MiB with %2 % headroom kept free</source>
        <translation>keine Option passt: das Modell braucht %1 MiB bei %2 % freier Reserve</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="442"/>
        <source>no option that fits meets the %1 ms SLO; the fastest that fits is %2 at %3 ms</source>
        <translation>keine passende Option hält das SLO von %1 ms ein; die schnellste passende ist %2 mit %3 ms</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="450"/>
        <source>needs MIG profiles</source>
        <translation>braucht MIG-Profile</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="457"/>
        <source>finds no profile: the predicted %1 MiB exceed every profile&apos;s nominal memory</source>
        <translation>findet kein Profil: die vorhergesagten %1 MiB übersteigen den Nennspeicher jedes Profils</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="464"/>
        <source>it does not fit: the model needs %1 MiB and %2 has %3 MiB usable (its name says %4 GB)</source>
        <translation>es passt nicht: das Modell braucht %1 MiB und %2 hat %3 MiB nutzbar (sein Name sagt %4 GB)</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="467"/>
        <source>it leaves less than the %1 % headroom: %2 of %3 MiB usable</source>
        <translation>es lässt weniger als die Reserve von %1 %: %2 von %3 MiB nutzbar</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="471"/>
        <source>it misses the %1 ms SLO (%2 ms)</source>
        <translation>es verfehlt das SLO von %1 ms (%2 ms)</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="474"/>
        <source>but %1</source>
        <translation>aber %1</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="474"/>
        <source>; and </source>
        <translation>; und </translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="477"/>
        <source>DIPPM&apos;s memory-only rule picks %1 too</source>
        <translation>Die reine Speicherregel von DIPPM wählt ebenfalls %1</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="479"/>
        <source>the smallest profile whose name&apos;s memory holds the model (no headroom, no latency check)</source>
        <translation>das kleinste Profil, dessen Speicher laut Name das Modell fasst (keine Reserve, keine Latenzprüfung)</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="507"/>
        <source>no option in row %1</source>
        <translation>keine Option in Zeile %1</translation>
    </message>
</context>
<context>
    <name>infersight::NodeInspector</name>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="90"/>
        <source>tensor %1 %2</source>
        <translation>Tensor %1 %2</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="91"/>
        <source>tensor</source>
        <translation>Tensor</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/pages/node_inspector.cpp" line="93"/>
        <source>subgraph, %n node(s)</source>
        <translation>
            <numerusform>Teilgraph, %n Knoten</numerusform>
            <numerusform>Teilgraph, %n Knoten</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="94"/>
        <source>subgraph</source>
        <translation>Teilgraph</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="95"/>
        <source>(unsupported attribute type)</source>
        <translation>(nicht unterstützter Attributtyp)</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="114"/>
        <source>Output channels</source>
        <translation>Ausgabekanäle</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="117"/>
        <source>Output features</source>
        <translation>Ausgabemerkmale</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="120"/>
        <source>Embedding size</source>
        <translation>Einbettungsgröße</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="123"/>
        <source>Channels</source>
        <translation>Kanäle</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="125"/>
        <location filename="../ui/pages/node_inspector.cpp" line="168"/>
        <source>Width</source>
        <translation>Breite</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="134"/>
        <location filename="../ui/pages/node_inspector.cpp" line="312"/>
        <source>Select a node in the graph or in the node table to see its shapes, costs, predicted latency and kernels.</source>
        <translation>Wählen Sie einen Knoten im Graph oder in der Knotentabelle, um seine Formen, Kosten, vorhergesagte Latenz und Kernels zu sehen.</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="166"/>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="175"/>
        <source>Attention heads</source>
        <translation>Attention-Köpfe</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="194"/>
        <source>Predicted latency</source>
        <translation>Vorhergesagte Latenz</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="199"/>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="199"/>
        <source>Latency (80 % band)</source>
        <translation>Latenz (80-%-Band)</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="199"/>
        <location filename="../ui/pages/node_inspector.cpp" line="234"/>
        <source>Bound</source>
        <translation>Begrenzung</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="199"/>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="205"/>
        <source>Work at the current shapes</source>
        <translation>Arbeit bei den aktuellen Formen</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="216"/>
        <source>MACs</source>
        <translation>MACs</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="217"/>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="218"/>
        <source>Bytes read / written</source>
        <translation>Bytes gelesen / geschrieben</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="219"/>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="220"/>
        <source>FLOP per byte</source>
        <translation>FLOP pro Byte</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="224"/>
        <source>Tensors</source>
        <translation>Tensoren</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="226"/>
        <location filename="../ui/pages/node_inspector.cpp" line="242"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="226"/>
        <source>Shape</source>
        <translation>Form</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="226"/>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="232"/>
        <location filename="../ui/pages/node_inspector.cpp" line="530"/>
        <source>Kernels</source>
        <translation>Kernels</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="234"/>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="234"/>
        <source>Role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="234"/>
        <source>GPU time</source>
        <translation>GPU-Zeit</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="234"/>
        <source>Wait</source>
        <translation>Warten</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="240"/>
        <source>Attributes</source>
        <translation>Attribute</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="242"/>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="318"/>
        <source>&apos;%1&apos; is not in the current graph.</source>
        <translation>„%1“ ist nicht im aktuellen Graph.</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="337"/>
        <source>node %1 of %2 in execution order</source>
        <translation>Knoten %1 von %2 in Ausführungsreihenfolge</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/pages/node_inspector.cpp" line="365"/>
        <source>Changes %n layer(s), highlighted in the graph; steps of %1. Ctrl+Z undoes.</source>
        <translation>
            <numerusform>Ändert %n Schicht, im Graph hervorgehoben; Schritte von %1. Strg+Z macht es rückgängig.</numerusform>
            <numerusform>Ändert %n Schichten, im Graph hervorgehoben; Schritte von %1. Strg+Z macht es rückgängig.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/pages/node_inspector.cpp" line="368"/>
        <source>Width of this layer and of every dimension tied to it (%n layer(s))</source>
        <translation>
            <numerusform>Breite dieser Schicht und jeder daran gebundenen Dimension (%n Schicht)</numerusform>
            <numerusform>Breite dieser Schicht und jeder daran gebundenen Dimension (%n Schichten)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="371"/>
        <source>This width cannot change: %1</source>
        <translation>Diese Breite kann sich nicht ändern: %1</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="385"/>
        <source>Attention heads of %1 heads × %2; the head size stays</source>
        <translation>Attention-Köpfe von %1 Köpfen × %2; die Kopfgröße bleibt</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="408"/>
        <source>Width %1 → %2</source>
        <translation>Breite %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="424"/>
        <source>Heads %1 → %2</source>
        <translation>Köpfe %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="430"/>
        <source>No prediction yet: add a target GPU.</source>
        <translation>Noch keine Vorhersage: Fügen Sie eine Ziel-GPU hinzu.</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="446"/>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="446"/>
        <source>not predicted</source>
        <translation>nicht vorhergesagt</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="454"/>
        <source>no kernel</source>
        <translation>kein Kernel</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="456"/>
        <source>fused into %1</source>
        <translation>in %1 fusioniert</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="467"/>
        <source>%1 of %2 on %3 (%4 % of the total); GPU %5, waiting for the host %6.</source>
        <translation>%1 von %2 auf %3 (%4 % des Gesamten); GPU %5, Warten auf den Host %6.</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="472"/>
        <source>No prediction for the current target.</source>
        <translation>Keine Vorhersage für das aktuelle Ziel.</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="480"/>
        <source>unknown (no cost rule or unknown shapes)</source>
        <translation>unbekannt (keine Kostenregel oder unbekannte Formen)</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="491"/>
        <location filename="../ui/pages/node_inspector.cpp" line="571"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="492"/>
        <source>moves no data</source>
        <translation>bewegt keine Daten</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="507"/>
        <source>buffer</source>
        <translation>Puffer</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="507"/>
        <source>weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="509"/>
        <source>model in</source>
        <translation>Modelleingang</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="516"/>
        <source>in</source>
        <translation>Eingang</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="519"/>
        <source>out</source>
        <translation>Ausgang</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="535"/>
        <source>Kernels on %1</source>
        <translation>Kernels auf %1</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="543"/>
        <source>GPU time %1 (80 % band)</source>
        <translation>GPU-Zeit %1 (80-%-Band)</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="546"/>
        <source>Extrapolated: outside the measured data, band widened</source>
        <translation>Extrapoliert: außerhalb der gemessenen Daten, Band verbreitert</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="555"/>
        <source>fused into another node&apos;s kernel</source>
        <translation>in den Kernel eines anderen Knotens fusioniert</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="555"/>
        <source>no kernel (shape-only)</source>
        <translation>kein Kernel (nur Form)</translation>
    </message>
</context>
<context>
    <name>infersight::NodeTableModel</name>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="97"/>
        <source>Fused into &apos;%1&apos;: its time is reported there</source>
        <translation>In „%1“ fusioniert: seine Zeit wird dort angegeben</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="103"/>
        <source>fused</source>
        <translation>fusioniert</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="116"/>
        <source>%1 on %2: GPU %3, waiting for the host %4, 80 % band %5–%6 ms</source>
        <translation>%1 auf %2: GPU %3, Warten auf den Host %4, 80-%-Band %5–%6 ms</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="188"/>
        <source>Cost unknown: the op has no cost rule or its shapes are unknown</source>
        <translation>Kosten unbekannt: keine Kostenregel für die Operation oder unbekannte Formen</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="228"/>
        <source>Predicted for the current target</source>
        <translation>Vorhergesagt für das aktuelle Ziel</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="229"/>
        <source>Predicted on %1 (the current target)</source>
        <translation>Vorhergesagt auf %1 (dem aktuellen Ziel)</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="235"/>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="236"/>
        <source>Op</source>
        <translation>Operation</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="237"/>
        <source>Output shape</source>
        <translation>Ausgabeform</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="238"/>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="239"/>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="240"/>
        <source>Bound</source>
        <translation>Begrenzung</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="241"/>
        <source>Kernels</source>
        <translation>Kernels</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="242"/>
        <source>MACs</source>
        <translation>MACs</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="243"/>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="244"/>
        <source>Read</source>
        <translation>Gelesen</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="245"/>
        <source>Written</source>
        <translation>Geschrieben</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="246"/>
        <source>Params</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="247"/>
        <source>FLOP/B</source>
        <translation>FLOP/B</translation>
    </message>
</context>
<context>
    <name>infersight::Palette</name>
    <message>
        <location filename="../ui/charts/palette.cpp" line="45"/>
        <source>compute</source>
        <translation>Rechenleistung</translation>
    </message>
    <message>
        <location filename="../ui/charts/palette.cpp" line="46"/>
        <source>memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <location filename="../ui/charts/palette.cpp" line="47"/>
        <source>latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <location filename="../ui/charts/palette.cpp" line="48"/>
        <source>host</source>
        <translation>Host</translation>
    </message>
    <message>
        <location filename="../ui/charts/palette.cpp" line="55"/>
        <source>compute-bound: limited by the precision&apos;s peak arithmetic rate</source>
        <translation>rechengebunden: begrenzt durch die Spitzen-Rechenleistung der Präzision</translation>
    </message>
    <message>
        <location filename="../ui/charts/palette.cpp" line="56"/>
        <source>memory-bound: limited by DRAM bandwidth</source>
        <translation>speichergebunden: begrenzt durch die DRAM-Bandbreite</translation>
    </message>
    <message>
        <location filename="../ui/charts/palette.cpp" line="57"/>
        <source>latency-bound: too small to fill the GPU, fixed per-kernel time dominates</source>
        <translation>latenzgebunden: zu klein, um die GPU auszulasten; feste Zeit pro Kernel dominiert</translation>
    </message>
    <message>
        <location filename="../ui/charts/palette.cpp" line="58"/>
        <source>host-bound: the GPU waits for the CPU to dispatch and launch</source>
        <translation>hostgebunden: die GPU wartet darauf, dass die CPU verteilt und startet</translation>
    </message>
</context>
<context>
    <name>infersight::RooflineChart</name>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="29"/>
        <source>TOPS</source>
        <translation>TOPS</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="29"/>
        <source>TFLOP/s</source>
        <translation>TFLOP/s</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="34"/>
        <source>%1 TFLOP</source>
        <translation>%1 TFLOP</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="37"/>
        <source>%1 GFLOP</source>
        <translation>%1 GFLOP</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="40"/>
        <source>%1 MFLOP</source>
        <translation>%1 MFLOP</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="42"/>
        <source>%1 kFLOP</source>
        <translation>%1 kFLOP</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="81"/>
        <source>Arithmetic intensity (FLOP per DRAM byte, log scale)</source>
        <translation>Arithmetische Intensität (FLOP pro DRAM-Byte, logarithmisch)</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="88"/>
        <source>Achieved throughput (TFLOP/s, log scale)</source>
        <translation>Erreichter Durchsatz (TFLOP/s, logarithmisch)</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="104"/>
        <source>%1-bound kernels</source>
        <translation>Kernels, begrenzt durch %1</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="127"/>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="147"/>
        <source>%1 %2 %3 peak</source>
        <translation>%1 %2 %3 Spitze</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="152"/>
        <source>%1 TFLOP/s fp32 CUDA cores</source>
        <translation>%1 TFLOP/s fp32 CUDA-Kerne</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="162"/>
        <source>%1 DRAM</source>
        <translation>%1 DRAM</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="182"/>
        <source>roof</source>
        <translation>Dach</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="193"/>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="287"/>
        <source>Achieved throughput (%1, log scale)</source>
        <translation>Erreichter Durchsatz (%1, logarithmisch)</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="309"/>
        <source>%1 roof</source>
        <translation>%1-Dach</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="319"/>
        <source>fp32 CUDA-core roof (element-wise, reductions)</source>
        <translation>fp32-CUDA-Kern-Dach (elementweise, Reduktionen)</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="327"/>
        <source>no roof: %1 has no %2 path</source>
        <translation>kein Dach: %1 hat keinen %2-Pfad</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="340"/>
        <source>Roofline: %1 has no prediction (%2)</source>
        <translation>Roofline: %1 hat keine Vorhersage (%2)</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="342"/>
        <source>Roofline of %1: %2 kernels</source>
        <translation>Roofline von %1: %2 Kernels</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="344"/>
        <source> (%1 without FLOPs or DRAM traffic not shown)</source>
        <translation> (%1 ohne FLOPs oder DRAM-Verkehr nicht gezeigt)</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="349"/>
        <source>batch %1</source>
        <translation>Stapelgröße %1</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="360"/>
        <source>fp32 CUDA-core ceiling: %1 TFLOP/s</source>
        <translation>fp32-CUDA-Kern-Obergrenze: %1 TFLOP/s</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="362"/>
        <source>DRAM bandwidth %1; %2 ceiling %3 %4; ridge at %5 FLOP/byte</source>
        <translation>DRAM-Bandbreite %1; %2-Obergrenze %3 %4; Knickpunkt bei %5 FLOP/Byte</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="384"/>
        <location filename="../ui/charts/roofline_chart.cpp" line="386"/>
        <source>node #%1</source>
        <translation>Knoten #%1</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="389"/>
        <source>%1 kernel on %2</source>
        <translation>%1-Kernel auf %2</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="390"/>
        <source>%1, %2 → %3 FLOP/byte</source>
        <translation>%1, %2 → %3 FLOP/Byte</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="392"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="394"/>
        <source> (%1 % of the %2 peak)</source>
        <translation> (%1 % der %2-Spitze)</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/charts/roofline_chart.cpp" line="403"/>
        <source>%n more kernel(s) with the same figures: </source>
        <translation>
            <numerusform>%n weiterer Kernel mit denselben Werten: </numerusform>
            <numerusform>%n weitere Kernels mit denselben Werten: </numerusform>
        </translation>
    </message>
</context>
<context>
    <name>infersight::SessionAutosave</name>
    <message>
        <location filename="../ui/session/session_autosave.cpp" line="55"/>
        <source>%1: cannot create the autosave folder; this session is not autosaved</source>
        <translation>%1: der Ordner für die automatische Sicherung kann nicht angelegt werden; diese Sitzung wird nicht automatisch gesichert</translation>
    </message>
    <message>
        <location filename="../ui/session/session_autosave.cpp" line="61"/>
        <source>%1: cannot lock the autosave file; this session is not autosaved</source>
        <translation>%1: die Datei der automatischen Sicherung kann nicht gesperrt werden; diese Sitzung wird nicht automatisch gesichert</translation>
    </message>
    <message>
        <location filename="../ui/session/session_autosave.cpp" line="165"/>
        <source>%1: cannot write the autosave: %2</source>
        <translation>%1: die automatische Sicherung kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location filename="../ui/session/session_autosave.cpp" line="213"/>
        <source>Restore the last session?</source>
        <translation>Letzte Sitzung wiederherstellen?</translation>
    </message>
    <message>
        <location filename="../ui/session/session_autosave.cpp" line="214"/>
        <source>Infersight did not close normally last time. Restore the session with %1, saved automatically at %2?</source>
        <translation>Infersight wurde beim letzten Mal nicht normal beendet. Die Sitzung mit %1 wiederherstellen, automatisch gesichert um %2?</translation>
    </message>
    <message>
        <location filename="../ui/session/session_autosave.cpp" line="219"/>
        <source>No discards the autosaved session.</source>
        <translation>Nein verwirft die automatisch gesicherte Sitzung.</translation>
    </message>
    <message>
        <location filename="../ui/session/session_autosave.cpp" line="244"/>
        <source>%1: the autosave belongs to a running Infersight</source>
        <translation>%1: die automatische Sicherung gehört zu einem laufenden Infersight</translation>
    </message>
</context>
<context>
    <name>infersight::SummaryModel</name>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="87"/>
        <source>Latency (80 % band)</source>
        <translation>Latenz (80-%-Band)</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="88"/>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="89"/>
        <source>Energy per batch</source>
        <translation>Energie pro Stapel</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="90"/>
        <source>Energy per sample</source>
        <translation>Energie pro Sample</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="91"/>
        <source>Average power</source>
        <translation>Mittlere Leistung</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="92"/>
        <source>Device memory</source>
        <translation>Gerätespeicher</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="93"/>
        <source>GPU busy / waiting for host</source>
        <translation>GPU belegt / wartet auf Host</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="94"/>
        <source>Kernels</source>
        <translation>Kernels</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="95"/>
        <source>Notes</source>
        <translation>Hinweise</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="96"/>
        <source>Time to first token</source>
        <translation>Zeit bis zum ersten Token</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="97"/>
        <source>Time per output token</source>
        <translation>Zeit pro Ausgabe-Token</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="98"/>
        <source>Request latency</source>
        <translation>Anfragelatenz</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="99"/>
        <source>Tokens/s (per sequence · all)</source>
        <translation>Tokens/s (pro Sequenz · gesamt)</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="100"/>
        <source>KV cache capacity</source>
        <translation>KV-Cache-Kapazität</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="143"/>
        <source>cannot predict</source>
        <translation>Vorhersage nicht möglich</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="171"/>
        <source>One forward pass of batch %1 on %2; the 80 % band comes from the validation residuals of its kernel classes%3</source>
        <translation>Ein Vorwärtsdurchlauf mit Stapelgröße %1 auf %2; das 80-%-Band stammt aus den Validierungsresiduen seiner Kernel-Klassen%3</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="174"/>
        <source> (widened, extrapolated: %1)</source>
        <translation> (verbreitert, extrapoliert: %1)</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="175"/>
        <source> (widened: some kernel lies outside the measured data)</source>
        <translation> (verbreitert: ein Kernel liegt außerhalb der gemessenen Daten)</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="181"/>
        <source>samples/s</source>
        <translation>Samples/s</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="205"/>
        <source>%1 W</source>
        <translation>%1 W</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="211"/>
        <source>Between the slice&apos;s idle draw (%1 W) and its power limit (%2 W)</source>
        <translation>Zwischen der Leerlaufaufnahme des Slices (%1 W) und seiner Leistungsgrenze (%2 W)</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="219"/>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="220"/>
        <source>%1 of %2: does not fit</source>
        <translation>%1 von %2: passt nicht</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="235"/>
        <source>Used on the device as nvidia-smi shows it: weights %1, activations %2, KV cache %3, workspace %4, CUDA context %5; usable %6</source>
        <translation>Auf dem Gerät belegt, wie nvidia-smi es zeigt: Gewichte %1, Aktivierungen %2, KV-Cache %3, Arbeitsspeicher %4, CUDA-Kontext %5; nutzbar %6</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="246"/>
        <source>%1 busy · %2 waiting</source>
        <translation>%1 belegt · %2 wartend</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="261"/>
        <source>GPU busy with kernels %1; GPU idle waiting for the host (framework dispatch, launches) %2; host time to dispatch the pass %3</source>
        <translation>GPU mit Kernels belegt %1; GPU im Leerlauf wartend auf den Host (Framework-Dispatch, Starts) %2; Host-Zeit zum Verteilen des Durchlaufs %3</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="269"/>
        <source>%1 kernels · %2 host ops</source>
        <translation>%1 Kernels · %2 Host-Ops</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="278"/>
        <source>extrapolated: %1 (band widened)</source>
        <translation>extrapoliert: %1 (Band verbreitert)</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="280"/>
        <source>extrapolated: some kernel lies outside the measured data (band widened)</source>
        <translation>extrapoliert: ein Kernel liegt außerhalb der gemessenen Daten (Band verbreitert)</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="283"/>
        <source>calibration: %1</source>
        <translation>Kalibrierung: %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/models/summary_model.cpp" line="286"/>
        <source>%n note(s)</source>
        <translation>
            <numerusform>%n Hinweis</numerusform>
            <numerusform>%n Hinweise</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="304"/>
        <source>computing…</source>
        <translation>wird berechnet…</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="323"/>
        <source>Prefill of a %1-token prompt for %2 sequence(s)</source>
        <translation>Prefill eines Prompts mit %1 Tokens für %2 Sequenz(en)</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="336"/>
        <source>Mean decode step over contexts %1 to %2 tokens (%3)</source>
        <translation>Mittlerer Decode-Schritt über Kontexte von %1 bis %2 Tokens (%3)</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="349"/>
        <source>Time to first token + %1 more tokens at the time per output token</source>
        <translation>Zeit bis zum ersten Token + %1 weitere Tokens mit der Zeit pro Ausgabe-Token</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="355"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="369"/>
        <source>weights do not fit</source>
        <translation>Gewichte passen nicht</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/models/summary_model.cpp" line="371"/>
        <source>%n sequence(s) of %1 tokens</source>
        <translation>
            <numerusform>%n Sequenz mit %1 Tokens</numerusform>
            <numerusform>%n Sequenzen mit %1 Tokens</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="382"/>
        <source>Weights %1, KV cache %2 per token, %3 left for the KV cache; one sequence up to %4 tokens</source>
        <translation>Gewichte %1, KV-Cache %2 pro Token, %3 frei für den KV-Cache; eine Sequenz bis %4 Tokens</translation>
    </message>
</context>
<context>
    <name>infersight::TargetListModel</name>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="90"/>
        <source>%1: %2 SMs, %3 usable, %4 GB/s, %5 W</source>
        <translation>%1: %2 SMs, %3 nutzbar, %4 GB/s, %5 W</translation>
    </message>
</context>
<context>
    <name>infersight::TargetListPanel</name>
    <message>
        <location filename="../ui/window/target_list_panel.cpp" line="44"/>
        <source>Targets</source>
        <translation>Ziele</translation>
    </message>
    <message>
        <location filename="../ui/window/target_list_panel.cpp" line="46"/>
        <source>Add…</source>
        <translation>Hinzufügen…</translation>
    </message>
    <message>
        <location filename="../ui/window/target_list_panel.cpp" line="47"/>
        <source>Add a GPU or MIG slice to compare (up to %1)</source>
        <translation>Eine GPU oder einen MIG-Slice zum Vergleich hinzufügen (bis zu %1)</translation>
    </message>
    <message>
        <location filename="../ui/window/target_list_panel.cpp" line="49"/>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <location filename="../ui/window/target_list_panel.cpp" line="49"/>
        <source>Remove the selected target</source>
        <translation>Das gewählte Ziel entfernen</translation>
    </message>
    <message>
        <location filename="../ui/window/target_list_panel.cpp" line="51"/>
        <source>Move the selected target up</source>
        <translation>Das gewählte Ziel nach oben verschieben</translation>
    </message>
    <message>
        <location filename="../ui/window/target_list_panel.cpp" line="53"/>
        <source>Move the selected target down</source>
        <translation>Das gewählte Ziel nach unten verschieben</translation>
    </message>
    <message>
        <location filename="../ui/window/target_list_panel.cpp" line="57"/>
        <source>Move up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <location filename="../ui/window/target_list_panel.cpp" line="58"/>
        <source>Move down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <location filename="../ui/window/target_list_panel.cpp" line="120"/>
        <source>At most %1 targets can be compared; remove one first.</source>
        <translation>Höchstens %1 Ziele können verglichen werden; entfernen Sie zuerst eines.</translation>
    </message>
</context>
<context>
    <name>infersight::ThroughputChart</name>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="410"/>
        <source>Throughput vs batch size</source>
        <translation>Durchsatz über Stapelgröße</translation>
    </message>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="414"/>
        <source>Throughput (samples/s)</source>
        <translation>Durchsatz (Samples/s)</translation>
    </message>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="431"/>
        <source>%1 samples/s (%2–%3)</source>
        <translation>%1 Samples/s (%2–%3)</translation>
    </message>
</context>
<context>
    <name>infersight::TokenTimeChart</name>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="25"/>
        <source>Tokens in the KV cache (context, log scale)</source>
        <translation>Tokens im KV-Cache (Kontext, logarithmisch)</translation>
    </message>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="26"/>
        <source>Sequences in the batch (log scale)</source>
        <translation>Sequenzen im Stapel (logarithmisch)</translation>
    </message>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="33"/>
        <source>Time per output token (ms, log scale)</source>
        <translation>Zeit pro Ausgabe-Token (ms, logarithmisch)</translation>
    </message>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="72"/>
        <location filename="../ui/charts/token_time_chart.cpp" line="130"/>
        <source>Time per output token vs context</source>
        <translation>Zeit pro Ausgabe-Token über Kontext</translation>
    </message>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="72"/>
        <location filename="../ui/charts/token_time_chart.cpp" line="130"/>
        <source>Time per output token vs batch</source>
        <translation>Zeit pro Ausgabe-Token über Stapelgröße</translation>
    </message>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="132"/>
        <source>%1 — for decoder LLMs</source>
        <translation>%1 – für Decoder-LLMs</translation>
    </message>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="139"/>
        <source>batch %1</source>
        <translation>Stapelgröße %1</translation>
    </message>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="142"/>
        <source>context %1 tokens; hollow: the KV cache does not fit</source>
        <translation>Kontext %1 Tokens; hohl: der KV-Cache passt nicht</translation>
    </message>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="159"/>
        <source>%1
context %2 tokens: %3 per token</source>
        <translation>%1
Kontext %2 Tokens: %3 pro Token</translation>
    </message>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="160"/>
        <source>%1
batch %2: %3 per step</source>
        <translation>%1
Stapelgröße %2: %3 pro Schritt</translation>
    </message>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="162"/>
        <source>
the KV cache does not fit beside the weights</source>
        <translation>
der KV-Cache passt nicht neben die Gewichte</translation>
    </message>
</context>
<context>
    <name>infersight::ZooBrowserDialog</name>
    <message>
        <location filename="../ui/dialogs/zoo_browser_dialog.cpp" line="21"/>
        <source>Open a Zoo Model</source>
        <translation>Zoo-Modell öffnen</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/zoo_browser_dialog.cpp" line="33"/>
        <source>Filter by name, family or description</source>
        <translation>Nach Name, Familie oder Beschreibung filtern</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/zoo_browser_dialog.cpp" line="35"/>
        <source>&amp;Filter:</source>
        <translation>&amp;Filter:</translation>
    </message>
</context>
<context>
    <name>infersight::ZooTableModel</name>
    <message>
        <location filename="../ui/models/zoo_table_model.cpp" line="32"/>
        <location filename="../ui/models/zoo_table_model.cpp" line="33"/>
        <source>Source: %1</source>
        <translation>Quelle: %1</translation>
    </message>
    <message>
        <location filename="../ui/models/zoo_table_model.cpp" line="34"/>
        <source>%1
Mirrors %2</source>
        <translation>%1
Spiegelt %2</translation>
    </message>
    <message>
        <location filename="../ui/models/zoo_table_model.cpp" line="35"/>
        <source>Mirrors %1</source>
        <translation>Spiegelt %1</translation>
    </message>
    <message>
        <location filename="../ui/models/zoo_table_model.cpp" line="65"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location filename="../ui/models/zoo_table_model.cpp" line="66"/>
        <source>Family</source>
        <translation>Familie</translation>
    </message>
    <message>
        <location filename="../ui/models/zoo_table_model.cpp" line="67"/>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <location filename="../ui/models/zoo_table_model.cpp" line="68"/>
        <source>GMACs</source>
        <translation>GMACs</translation>
    </message>
    <message>
        <location filename="../ui/models/zoo_table_model.cpp" line="69"/>
        <source>Default input</source>
        <translation>Standardeingabe</translation>
    </message>
    <message>
        <location filename="../ui/models/zoo_table_model.cpp" line="70"/>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="51"/>
        <source>Explore how deep-learning inference runs on NVIDIA GPUs and MIG slices: latency, energy and memory, live, for up to four targets side by side.</source>
        <translation>Erkunden Sie, wie Deep-Learning-Inferenz auf NVIDIA-GPUs und MIG-Slices läuft: Latenz, Energie und Speicher, live, für bis zu vier Ziele nebeneinander.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="58"/>
        <source>Model or project to open: an ONNX or TorchScript file, a Hugging Face config.json, a .infersight project or zoo:NAME; default zoo:resnet50.</source>
        <translation>Zu öffnendes Modell oder Projekt: eine ONNX- oder TorchScript-Datei, eine Hugging-Face-config.json, ein .infersight-Projekt oder zoo:NAME; Standard zoo:resnet50.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="62"/>
        <source>Save a PNG screenshot of the window to &lt;file&gt; once every pane is filled, then quit.</source>
        <translation>Ein PNG-Bildschirmfoto des Fensters in &lt;file&gt; speichern, sobald jeder Bereich gefüllt ist, dann beenden.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="65"/>
        <source>Window size as WIDTHxHEIGHT (e.g. 1600x1000).</source>
        <translation>Fenstergröße als BREITExHÖHE (z. B. 1600x1000).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="69"/>
        <source>Print the milliseconds from start until the window is filled, then quit (start-up benchmark).</source>
        <translation>Die Millisekunden vom Start bis zum gefüllten Fenster ausgeben, dann beenden (Start-Benchmark).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="77"/>
        <source>Whether to restore a session left by a run that did not close normally: yes, no or ask (default: ask; runs with --screenshot, --quit-when-filled or --print-state leave it for the next start).</source>
        <translation>Ob eine Sitzung wiederhergestellt werden soll, die ein nicht normal beendeter Lauf hinterlassen hat: yes, no oder ask (Standard: ask; Läufe mit --screenshot, --quit-when-filled oder --print-state heben sie für den nächsten Start auf).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="83"/>
        <source>Print the session (the project JSON, as autosaved) once the window is filled, then quit.</source>
        <translation>Die Sitzung (das Projekt-JSON, wie automatisch gesichert) ausgeben, sobald das Fenster gefüllt ist, dann beenden.</translation>
    </message>
</context>
</TS>
