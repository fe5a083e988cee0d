<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
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
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="59"/>
        <source>&amp;Open Model…</source>
        <translation>打开模型(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="60"/>
        <source>Open &amp;Zoo Model…</source>
        <translation>打开内置模型(&amp;Z)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="63"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="74"/>
        <source>Still loading %1…</source>
        <translation>仍在加载 %1…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="78"/>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="97"/>
        <source>Could not open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="100"/>
        <source>Could not open model</source>
        <translation>无法打开模型</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="108"/>
        <source>%1 — Infersight</source>
        <translation>%1 — Infersight</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="109"/>
        <source>Opened %1: %2 nodes</source>
        <translation>已打开 %1：%2 个节点</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="115"/>
        <source>Open Model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="116"/>
        <source>Models (*.onnx *.pt *.pth *.json);;ONNX (*.onnx);;TorchScript (*.pt *.pth);;HuggingFace config (*.json);;All files (*)</source>
        <translation>模型 (*.onnx *.pt *.pth *.json);;ONNX (*.onnx);;TorchScript (*.pt *.pth);;HuggingFace 配置 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="125"/>
        <source>Open Zoo Model</source>
        <translation>打开内置模型</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="125"/>
        <source>Built-in model:</source>
        <translation>内置模型：</translation>
    </message>
</context>
<context>
    <name>infersight::NodeTableModel</name>
    <message>
        <location filename="../ui/node_table_model.cpp" line="46"/>
        <source>Cost unknown: the op has no cost rule or its shapes are unknown</source>
        <translation>开销未知：该算子没有开销规则或其形状未知</translation>
    </message>
    <message>
        <location filename="../ui/node_table_model.cpp" line="86"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../ui/node_table_model.cpp" line="87"/>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <location filename="../ui/node_table_model.cpp" line="88"/>
        <source>Output shape</source>
        <translation>输出形状</translation>
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
        <translation>读取</translation>
    </message>
    <message>
        <location filename="../ui/node_table_model.cpp" line="92"/>
        <source>Written</source>
        <translation>写入</translation>
    </message>
    <message>
        <location filename="../ui/node_table_model.cpp" line="93"/>
        <source>Params</source>
        <translation>参数</translation>
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
        <translation>预测深度学习推理在 NVIDIA GPU 和 MIG 实例上的表现。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="22"/>
        <source>Model to open (file or zoo:NAME); default zoo:resnet50.</source>
        <translation>要打开的模型（文件或 zoo:NAME）；默认 zoo:resnet50。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="24"/>
        <source>Save a screenshot of the window to &lt;file&gt; once the model is open, then quit.</source>
        <translation>模型打开后将窗口截图保存到 &lt;file&gt; 并退出。</translation>
    </message>
</context>
</TS>
