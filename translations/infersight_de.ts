<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>infersight::MainWindow</name>
    <message>
        <location filename="../ui/main_window.cpp" line="31"/>
        <source>Infersight</source>
        <translation>Infersight</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="58"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="59"/>
        <source>&amp;Open Model…</source>
        <translation>Modell ö&amp;ffnen…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="60"/>
        <source>Open &amp;Zoo Model…</source>
        <translation>&amp;Zoo-Modell öffnen…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="63"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="74"/>
        <source>Still loading %1…</source>
        <translation>%1 wird noch geladen…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="78"/>
        <source>Loading %1…</source>
        <translation>%1 wird geladen…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="97"/>
        <source>Could not open %1</source>
        <translation>%1 konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="100"/>
        <source>Could not open model</source>
        <translation>Modell konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="108"/>
        <source>%1 — Infersight</source>
        <translation>%1 — Infersight</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="109"/>
        <source>Opened %1: %2 nodes</source>
        <translation>%1 geöffnet: %2 Knoten</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="115"/>
        <source>Open Model</source>
        <translation>Modell öffnen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="116"/>
        <source>Models (*.onnx *.pt *.pth *.json);;ONNX (*.onnx);;TorchScript (*.pt *.pth);;HuggingFace config (*.json);;All files (*)</source>
        <translation>Modelle (*.onnx *.pt *.pth *.json);;ONNX (*.onnx);;TorchScript (*.pt *.pth);;HuggingFace-Konfiguration (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="125"/>
        <source>Open Zoo Model</source>
        <translation>Zoo-Modell öffnen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="125"/>
        <source>Built-in model:</source>
        <translation>Eingebautes Modell:</translation>
    </message>
</context>
<context>
    <name>infersight::NodeTableModel</name>
    <message>
        <location filename="../ui/node_table_model.cpp" line="46"/>
        <source>Cost unknown: the op has no cost rule or its shapes are unknown</source>
        <translation>Kosten unbekannt: keine Kostenregel für die Operation oder unbekannte Formen</translation>
    </message>
    <message>
        <location filename="../ui/node_table_model.cpp" line="86"/>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <location filename="../ui/node_table_model.cpp" line="87"/>
        <source>Op</source>
        <translation>Operation</translation>
    </message>
    <message>
        <location filename="../ui/node_table_model.cpp" line="88"/>
        <source>Output shape</source>
        <translation>Ausgabeform</translation>
    </message>
    <message>
        <location filename="../ui/node_table_model.cpp" line="89"/>
        <source>MACs</source>
        <translation>MACs</translation>
    </message>
    <message>
        <location filename="../ui/node_table_model.cpp" line="90"/>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <location filename="../ui/node_table_model.cpp" line="91"/>
        <source>Read</source>
        <translation>Gelesen</translation>
    </message>
    <message>
        <location filename="../ui/node_table_model.cpp" line="92"/>
        <source>Written</source>
        <translation>Geschrieben</translation>
    </message>
    <message>
        <location filename="../ui/node_table_model.cpp" line="93"/>
        <source>Params</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <location filename="../ui/node_table_model.cpp" line="94"/>
        <source>FLOP/B</source>
        <translation>FLOP/B</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="17"/>
        <source>Predict deep-learning inference on NVIDIA GPUs and MIG slices.</source>
        <translation>Deep-Learning-Inferenz auf NVIDIA-GPUs und MIG-Instanzen vorhersagen.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="22"/>
        <source>Model to open (file or zoo:NAME); default zoo:resnet50.</source>
        <translation>Zu öffnendes Modell (Datei oder zoo:NAME); Standard zoo:resnet50.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="24"/>
        <source>Save a screenshot of the window to &lt;file&gt; once the model is open, then quit.</source>
        <translation>Nach dem Öffnen des Modells ein Bildschirmfoto des Fensters in &lt;file&gt; speichern und beenden.</translation>
    </message>
</context>
</TS>
