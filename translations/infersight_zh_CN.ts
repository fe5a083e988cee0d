<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../ui/main_window.cpp" line="81"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>ReportText</name>
    <message>
        <location filename="../ui/report/report_pages.cpp" line="71"/>
        <source>Page %1</source>
        <translation>第 %1 页</translation>
    </message>
    <message>
        <location filename="../ui/report/report_pages.cpp" line="219"/>
        <source>%1 (continued)</source>
        <translation>%1（续）</translation>
    </message>
    <message>
        <location filename="../ui/report/report_pages.cpp" line="371"/>
        <source>No rows.</source>
        <translation>无数据行。</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="58"/>
        <source>no fitted kernel model (roofline only)</source>
        <translation>无拟合的内核模型（仅 Roofline）</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="65"/>
        <source>fitted by %1, seed %2, on %3</source>
        <translation>由 %1 拟合，种子 %2，基于 %3</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="70"/>
        <source>GPUs measured: %1</source>
        <translation>已测量的 GPU：%1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="77"/>
        <source>batch %1</source>
        <translation>批大小 %1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="80"/>
        <source>sequence %1</source>
        <translation>序列长度 %1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="83"/>
        <source>image %1×%2</source>
        <translation>图像 %1×%2</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="85"/>
        <source>precision %1</source>
        <translation>精度 %1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="86"/>
        <source>runtime %1</source>
        <translation>运行时 %1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="88"/>
        <source>decode with %1 cached tokens</source>
        <translation>解码（已缓存 %1 个词元）</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="96"/>
        <source>width ×%1</source>
        <translation>宽度 ×%1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="99"/>
        <source>depth %1</source>
        <translation>深度 %1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="105"/>
        <source>%1 in %2</source>
        <translation>%1 采用 %2</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="107"/>
        <source>as opened</source>
        <translation>与打开时相同</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="137"/>
        <source>the layout was cancelled</source>
        <translation>布局已取消</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="153"/>
        <source>Graph</source>
        <translation>计算图</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="155"/>
        <source>The graph could not be laid out: %1</source>
        <translation>无法对计算图进行布局：%1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="159"/>
        <source>The model&apos;s graph as the explorer first shows it: repeated blocks (layers, stages) collapsed into one box each. Colour: each box&apos;s share of the end-to-end latency.</source>
        <translation>模型的计算图，与浏览器初始显示一致：重复的模块（层、阶段）各折叠为一个方框。颜色：每个方框在端到端延迟中所占的比例。</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="244"/>
        <source>%1: validated on %2 measured rows (%3), MAPE %4 %.</source>
        <translation>%1：已在 %2 行测量数据（%3）上验证，MAPE %4 %。</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="250"/>
        <source>%1: no measured rows in the validation data; its predictions rest on the kernel model&apos;s transfer from the measured GPUs (see the error by GPU below for how that varies).</source>
        <translation>%1：验证数据中没有测量行；其预测依赖内核模型从已测量 GPU 的迁移（其波动程度见下方按 GPU 的误差）。</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="304"/>
        <source>%1: there is no model to report on</source>
        <translation>%1：没有可供报告的模型</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="310"/>
        <source>%1: the page size must be A4 or Letter</source>
        <translation>%1：页面尺寸必须为 A4 或 Letter</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="314"/>
        <source>%1: the folder %2 does not exist</source>
        <translation>%1：文件夹 %2 不存在</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="318"/>
        <source>Infersight report: %1</source>
        <translation>Infersight 报告：%1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="321"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="339"/>
        <location filename="../ui/report/pdf_report.cpp" line="484"/>
        <location filename="../ui/report/table_export.cpp" line="21"/>
        <location filename="../ui/report/table_export.cpp" line="25"/>
        <source>%1: cannot write (%2)</source>
        <translation>%1：无法写入（%2）</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="353"/>
        <source>%1: cannot start the PDF</source>
        <translation>%1：无法创建 PDF</translation>
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
            <numerusform>%1 在 %n 个目标上预测的推理延迟、吞吐量、能耗和显存。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="371"/>
        <source>%1 (no prediction: %2)</source>
        <translation>%1（无预测：%2）</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="374"/>
        <source>%1: %2 (%3), the GPU&apos;s usual system</source>
        <translation>%1：%2（%3），该 GPU 的常用系统</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="375"/>
        <source>%1: %2 (%3), chosen</source>
        <translation>%1：%2（%3），已选择</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="380"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="381"/>
        <source>Source file</source>
        <translation>源文件</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="382"/>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="383"/>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="384"/>
        <source>MACs per sample</source>
        <translation>每样本 MAC 数</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="384"/>
        <source>%1 G</source>
        <translation>%1 G</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="385"/>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="386"/>
        <source>Knobs</source>
        <translation>调节参数</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="387"/>
        <source>Structure</source>
        <translation>结构</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="388"/>
        <source>Targets</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="389"/>
        <source>Host systems</source>
        <translation>主机系统</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="390"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="391"/>
        <source>Infersight version</source>
        <translation>Infersight 版本</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="392"/>
        <source>Kernel model</source>
        <translation>内核模型</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="397"/>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="400"/>
        <source>All figures are predictions of Infersight&apos;s engine for the knobs above; the accuracy section at the end says what the predictor was validated on and how far its predictions were from measurements.</source>
        <translation>所有数值均为 Infersight 引擎针对上述调节参数的预测；末尾的准确度部分说明预测器在哪些数据上经过验证，以及其预测与测量值的偏差。</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="406"/>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="419"/>
        <source>Layers on %1</source>
        <translation>%1 上的各层</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="421"/>
        <source>No prediction: %1</source>
        <translation>无预测：%1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="433"/>
        <source>MIG and MPS plans</source>
        <translation>MIG 与 MPS 方案</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="437"/>
        <source>None of the targets&apos; GPUs supports MIG.</source>
        <translation>所有目标的 GPU 均不支持 MIG。</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="442"/>
        <source>Recommended: %1</source>
        <translation>推荐：%1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="444"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="447"/>
        <source>DIPPM&apos;s memory-only rule: %1</source>
        <translation>DIPPM 的仅显存规则：%1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="450"/>
        <source>No plan for %1</source>
        <translation>%1 无方案</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="460"/>
        <source>Accuracy</source>
        <translation>准确度</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="462"/>
        <source>The validation data could not be read: %1</source>
        <translation>无法读取验证数据：%1</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="465"/>
        <source>How far to trust these numbers: Infersight&apos;s predictor was run over every measured row of its data and compared with the measured latency (the figures of `infersight-cli validate`).</source>
        <translation>这些数字的可信程度：Infersight 的预测器在其数据的每一行测量数据上运行，并与测得的延迟进行比较（即 `infersight-cli validate` 的结果）。</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="480"/>
        <source>%1: the PDF could not be finished</source>
        <translation>%1：无法完成 PDF</translation>
    </message>
    <message>
        <location filename="../ui/report/table_export.cpp" line="35"/>
        <source>there is no model: nothing to export</source>
        <translation>没有模型：无可导出内容</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="307"/>
        <location filename="../ui/report/table_export.cpp" line="38"/>
        <source>%1: the predictions are still being computed; export again when they are done</source>
        <translation>%1：预测仍在计算中；完成后请重新导出</translation>
    </message>
    <message>
        <location filename="../ui/report/table_export.cpp" line="42"/>
        <source>%1: cannot create the folder</source>
        <translation>%1：无法创建文件夹</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="25"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="25"/>
        <source>no</source>
        <translation>否</translation>
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
        <translation>各目标摘要</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="77"/>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="78"/>
        <source>Latency (80 % band)</source>
        <translation>延迟（80 % 区间）</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="81"/>
        <location filename="../ui/report/report_table.cpp" line="185"/>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="82"/>
        <location filename="../ui/report/report_table.cpp" line="186"/>
        <location filename="../ui/report/report_table.cpp" line="215"/>
        <source>Energy per batch</source>
        <translation>每批能耗</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="83"/>
        <location filename="../ui/report/report_table.cpp" line="216"/>
        <source>Energy per sample</source>
        <translation>每样本能耗</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="84"/>
        <location filename="../ui/report/report_table.cpp" line="187"/>
        <source>Average power</source>
        <translation>平均功率</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="85"/>
        <source>Memory of usable</source>
        <translation>占可用显存</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="87"/>
        <location filename="../ui/report/report_table.cpp" line="189"/>
        <location filename="../ui/report/report_table.cpp" line="217"/>
        <location filename="../ui/report/report_table.cpp" line="240"/>
        <source>Fits</source>
        <translation>可容纳</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="92"/>
        <source>no prediction: %1</source>
        <translation>无预测：%1</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="105"/>
        <location filename="../ui/report/report_table.cpp" line="198"/>
        <source>samples/s</source>
        <translation>样本/秒</translation>
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
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="115"/>
        <source>At batch %1, %2, %3. Latency: one forward pass of the whole batch, host overhead included; the band holds 80 % of measured runs in validation. Memory: device memory as nvidia-smi shows it.</source>
        <translation>批大小 %1，%2，%3。延迟：整个批次的一次前向传播，包含主机开销；区间涵盖验证中 80 % 的测量运行。显存：nvidia-smi 显示的设备显存。</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="126"/>
        <source>Layers by latency on %1</source>
        <translation>%1 上按延迟排序的层</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="126"/>
        <source>Layers by latency</source>
        <translation>按延迟排序的层</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="127"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="128"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="129"/>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="130"/>
        <location filename="../ui/report/report_table.cpp" line="182"/>
        <location filename="../ui/report/report_table.cpp" line="214"/>
        <location filename="../ui/report/report_table.cpp" line="243"/>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="131"/>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="132"/>
        <location filename="../ui/report/report_table.cpp" line="183"/>
        <source>80 % band</source>
        <translation>80 % 区间</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="134"/>
        <source>Bound</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="135"/>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="136"/>
        <source>Energy</source>
        <translation>能耗</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="138"/>
        <source>No prediction for %1: %2</source>
        <translation>%1 无预测：%2</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="138"/>
        <source>No target.</source>
        <translation>无目标。</translation>
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
        <translation>%2 个节点中有 %1 个具有预测时间；延迟：该节点在时间线中所占份额（包含等待主机的时间），端到端 %3。</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="180"/>
        <source>Batch sweep on %1</source>
        <translation>%1 上的批大小扫描</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="180"/>
        <source>Batch sweep</source>
        <translation>批大小扫描</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="181"/>
        <location filename="../ui/report/report_table.cpp" line="212"/>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="188"/>
        <location filename="../ui/report/report_table.cpp" line="241"/>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="211"/>
        <source>Energy and latency over batch and precision on %1</source>
        <translation>%1 上随批大小和精度变化的能耗与延迟</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="211"/>
        <source>Energy and latency</source>
        <translation>能耗与延迟</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="213"/>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="218"/>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="237"/>
        <source>MIG and MPS plan for %1</source>
        <translation>%1 的 MIG 与 MPS 方案</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="238"/>
        <source>Slice</source>
        <translation>切片</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="239"/>
        <source>SMs</source>
        <translation>SM 数</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="242"/>
        <source>Usable</source>
        <translation>可用</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="244"/>
        <source>Replicas</source>
        <translation>副本数</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="245"/>
        <source>Throughput per GPU</source>
        <translation>每 GPU 吞吐量</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="246"/>
        <source>Energy per inference</source>
        <translation>每次推理能耗</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="247"/>
        <source>Pick</source>
        <translation>选择</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="249"/>
        <source>Meets SLO</source>
        <translation>满足 SLO</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="254"/>
        <source>not predicted: %1</source>
        <translation>未预测：%1</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="267"/>
        <source>inferences/s</source>
        <translation>推理/秒</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="282"/>
        <source>recommended</source>
        <translation>推荐</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="285"/>
        <source>DIPPM&apos;s rule</source>
        <translation>DIPPM 规则</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="290"/>
        <source>recommended MPS share</source>
        <translation>推荐的 MPS 份额</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="292"/>
        <source>Fits: predicted device memory within usable memory less %1 % headroom.</source>
        <translation>可容纳：预测的设备显存不超过可用显存减去 %1 % 余量。</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="295"/>
        <source>Latency SLO: %1.</source>
        <translation>延迟 SLO：%1。</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="305"/>
        <source>End to end, FP32 eager (NeuSight e2e_measured.csv)</source>
        <translation>端到端，FP32 eager（NeuSight e2e_measured.csv）</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="308"/>
        <source>End to end, fused runtime (NeuSight e2e_measured.csv)</source>
        <translation>端到端，融合运行时（NeuSight e2e_measured.csv）</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="311"/>
        <source>CNNs, eager FP32 and AMP, batch 1–256 (DeepLearningExamples)</source>
        <translation>CNN，eager FP32 与 AMP，批大小 1–256（DeepLearningExamples）</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="314"/>
        <source>Single ops of a transformer layer (NeuSight model_ops_measured.csv)</source>
        <translation>Transformer 层的单个算子（NeuSight model_ops_measured.csv）</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="317"/>
        <source>Measured by the Infersight harness (data/measured)</source>
        <translation>由 Infersight 测试框架测量（data/measured）</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="344"/>
        <source>Accuracy by data set</source>
        <translation>按数据集的准确度</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="345"/>
        <location filename="../ui/report/report_table.cpp" line="385"/>
        <source>Data set</source>
        <translation>数据集</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="346"/>
        <source>What</source>
        <translation>内容</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="347"/>
        <location filename="../ui/report/report_table.cpp" line="385"/>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="348"/>
        <source>GPUs</source>
        <translation>GPU</translation>
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
        <translation>位于 80 % 区间内</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="371"/>
        <source>Kernel model on NeuSight&apos;s test split (%1 kernels)</source>
        <translation>内核模型在 NeuSight 测试集上（%1 个内核）</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="375"/>
        <source>MAPE: mean absolute percentage error of the predicted latency against the measured one. Kernel model: %1.</source>
        <translation>MAPE：预测延迟相对测量延迟的平均绝对百分比误差。内核模型：%1。</translation>
    </message>
    <message>
        <location filename="../ui/report/report_table.cpp" line="384"/>
        <source>Accuracy by GPU</source>
        <translation>按 GPU 的准确度</translation>
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
        <translation>添加目标</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="34"/>
        <source>Your GPUs</source>
        <translation>您的 GPU</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="60"/>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="65"/>
        <source>&amp;GPU:</source>
        <translation>GPU(&amp;G)：</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="66"/>
        <source>&amp;MIG profile:</source>
        <translation>MIG 配置(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="67"/>
        <source>&amp;Host system:</source>
        <translation>主机系统(&amp;H)：</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="73"/>
        <source>Whole GPU</source>
        <translation>整块 GPU</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="81"/>
        <source>This GPU has no MIG profiles.</source>
        <translation>此 GPU 没有 MIG 配置。</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="97"/>
        <source>Usual for this GPU: %1</source>
        <translation>此 GPU 的常见配置：%1</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="101"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="102"/>
        <source>%1 · host speed assumed</source>
        <translation>%1 · 主机速度为假定值</translation>
    </message>
    <message>
        <location filename="../ui/window/add_target_dialog.cpp" line="109"/>
        <source>The server or cloud instance the GPU sits in: eager frameworks spend host time per operator</source>
        <translation>GPU 所在的服务器或云实例：eager 框架在每个算子上都会消耗主机时间</translation>
    </message>
</context>
<context>
    <name>infersight::BatchSweepChart</name>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="45"/>
        <source>Batch size (samples, log scale)</source>
        <translation>批大小（样本，对数刻度）</translation>
    </message>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="178"/>
        <source>80 % band (shaded)</source>
        <translation>80 % 区间（阴影）</translation>
    </message>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="221"/>
        <source>%1 (no prediction: %2)</source>
        <translation>%1（无预测：%2）</translation>
    </message>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="304"/>
        <source>current batch (%1)</source>
        <translation>当前批大小（%1）</translation>
    </message>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="325"/>
        <source>batch %1: %2</source>
        <translation>批大小 %1：%2</translation>
    </message>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="328"/>
        <source>does not fit in the target&apos;s memory</source>
        <translation>超出目标的显存容量</translation>
    </message>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="347"/>
        <source>current batch %1: %2</source>
        <translation>当前批大小 %1：%2</translation>
    </message>
</context>
<context>
    <name>infersight::ChartBase</name>
    <message>
        <location filename="../ui/charts/chart_base.cpp" line="27"/>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_base.cpp" line="28"/>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_base.cpp" line="29"/>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_base.cpp" line="30"/>
        <source>Energy–latency</source>
        <translation>能耗–延迟</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_base.cpp" line="31"/>
        <source>Per-layer</source>
        <translation>逐层</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_base.cpp" line="32"/>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_base.cpp" line="33"/>
        <source>Token time vs context</source>
        <translation>词元时间与上下文</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_base.cpp" line="34"/>
        <source>Token time vs batch</source>
        <translation>词元时间与批大小</translation>
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
        <translation>%1 ms（%2–%3）</translation>
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
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="50"/>
        <source>Export as &amp;PNG…</source>
        <translation>导出为 PNG(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="51"/>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="52"/>
        <source>Export as &amp;SVG…</source>
        <translation>导出为 SVG(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="53"/>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="54"/>
        <source>Export data as &amp;CSV…</source>
        <translation>将数据导出为 CSV(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="55"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="57"/>
        <source>&amp;Copy data</source>
        <translation>复制数据(&amp;Y)</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="116"/>
        <source>Infersight chart</source>
        <translation>Infersight 图表</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="156"/>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_view.cpp" line="173"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
</context>
<context>
    <name>infersight::CustomGpuDialog</name>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="50"/>
        <source>Custom GPU</source>
        <translation>自定义 GPU</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="52"/>
        <source>Describe a GPU of your own, starting from a catalogue GPU. It is saved in %1, where the command line finds it too.</source>
        <translation>基于目录中的 GPU 描述您自己的 GPU。它将保存在 %1 中，命令行也能找到它。</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="61"/>
        <source>%1 (yours)</source>
        <translation>%1（自定义）</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="66"/>
        <source>Lower-case id used on the command line (--gpu ID) and as the file name</source>
        <translation>小写 ID，用于命令行（--gpu ID）和文件名</translation>
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
        <translation>与加速频率相同</translation>
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
        <translation>板卡功耗上限（TDP）</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="83"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="85"/>
        <source>&amp;Start from:</source>
        <translation>起始模板(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="86"/>
        <source>&amp;Id:</source>
        <translation>ID(&amp;I)：</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="87"/>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="89"/>
        <source>Figures</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="91"/>
        <source>S&amp;Ms:</source>
        <translation>SM 数(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="92"/>
        <source>&amp;Boost clock:</source>
        <translation>加速频率(&amp;B)：</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="93"/>
        <source>&amp;Tensor clock:</source>
        <translation>Tensor 频率(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="94"/>
        <source>&amp;Memory:</source>
        <translation>显存(&amp;E)：</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="95"/>
        <source>Band&amp;width:</source>
        <translation>带宽(&amp;W)：</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="96"/>
        <source>&amp;L2 cache:</source>
        <translation>L2 缓存(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="97"/>
        <source>&amp;Power limit:</source>
        <translation>功耗上限(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="99"/>
        <source>Dense peak throughput (0: no such path)</source>
        <translation>稠密峰值吞吐量（0：无此路径）</translation>
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
        <translation>无</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="154"/>
        <source>%1 (custom)</source>
        <translation>%1（自定义）</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="197"/>
        <source>Give the GPU an id.</source>
        <translation>请为 GPU 指定一个 ID。</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="202"/>
        <source>The id &apos;%1&apos; is the built-in %2; choose another id.</source>
        <translation>ID“%1”是内置的 %2；请选择其他 ID。</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/custom_gpu_dialog.cpp" line="205"/>
        <source>The id &apos;%1&apos; is taken by your GPU in %2; choose another id.</source>
        <translation>ID“%1”已被您在 %2 中的 GPU 占用；请选择其他 ID。</translation>
    </message>
</context>
<context>
    <name>infersight::EnergyLatencyChart</name>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="63"/>
        <source>Latency per forward pass (ms, log scale)</source>
        <translation>每次前向传播延迟（ms，对数刻度）</translation>
    </message>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="70"/>
        <source>Energy per inference (J/sample, log scale)</source>
        <translation>每次推理能耗（J/样本，对数刻度）</translation>
    </message>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="162"/>
        <source>Energy vs latency over batch × precision</source>
        <translation>不同批大小 × 精度下的能耗与延迟</translation>
    </message>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="281"/>
        <source>does not fit in memory</source>
        <translation>显存不足</translation>
    </message>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="288"/>
        <source>current knobs (ring)</source>
        <translation>当前参数（圆环）</translation>
    </message>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="294"/>
        <source>%1 (no prediction: %2)</source>
        <translation>%1（无预测：%2）</translation>
    </message>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="351"/>
        <source>Energy vs latency over batch × precision (lines: Pareto fronts)</source>
        <translation>不同批大小 × 精度下的能耗与延迟（线条：帕累托前沿）</translation>
    </message>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="391"/>
        <source>%1, batch %2: %3, %4/sample (%5 per batch)</source>
        <translation>%1，批大小 %2：%3，%4/样本（每批 %5）</translation>
    </message>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="400"/>
        <source>current knobs: </source>
        <translation>当前参数：</translation>
    </message>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="422"/>
        <source>on the Pareto front: no other point of this target is both faster and more frugal</source>
        <translation>位于帕累托前沿：该目标没有其他点同时更快且更节能</translation>
    </message>
    <message>
        <location filename="../ui/charts/energy_latency_chart.cpp" line="425"/>
        <source>does not fit in the target&apos;s memory</source>
        <translation>超出目标的显存容量</translation>
    </message>
</context>
<context>
    <name>infersight::ExplorerSession</name>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="154"/>
        <source>The project&apos;s sequence length %1 does not apply to %2: none of its inputs has a sequence dimension. It is ignored.</source>
        <translation>项目的序列长度 %1 不适用于 %2：其输入均没有序列维度。已忽略。</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="160"/>
        <source>The project&apos;s image size does not apply to %1: none of its inputs has image dimensions. It is ignored.</source>
        <translation>项目的图像尺寸不适用于 %1：其输入均没有图像维度。已忽略。</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="436"/>
        <location filename="../ui/session/explorer_session.cpp" line="587"/>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="443"/>
        <source>no model is open</source>
        <translation>未打开模型</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="462"/>
        <source>batch size %1 is out of range (%2 to %3)</source>
        <translation>批大小 %1 超出范围（%2 到 %3）</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="466"/>
        <source>Batch %1 → %2</source>
        <translation>批大小 %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="473"/>
        <source>Precision %1 → %2</source>
        <translation>精度 %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="481"/>
        <location filename="../ui/session/explorer_session.cpp" line="521"/>
        <source>Runtime %1 → %2</source>
        <translation>运行时 %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="487"/>
        <source>the output length must be between 1 and %1 tokens (got %2)</source>
        <translation>输出长度必须在 1 到 %1 个词元之间（收到 %2）</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="492"/>
        <source>Output tokens %1 → %2</source>
        <translation>输出词元 %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="506"/>
        <source>Weights %1 → %2</source>
        <translation>权重 %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="513"/>
        <source>unknown LLM runtime &apos;%1&apos; (known: %2)</source>
        <translation>未知的 LLM 运行时“%1”（已知：%2）</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="526"/>
        <source>the sequence length must be at least 1 (got %1)</source>
        <translation>序列长度必须至少为 1（收到 %1）</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="531"/>
        <source>Sequence length %1 → %2</source>
        <translation>序列长度 %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="537"/>
        <source>the image size must be at least 1 pixel (got %1)</source>
        <translation>图像尺寸必须至少为 1 像素（收到 %1）</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="543"/>
        <source>Image size %1 → %2</source>
        <translation>图像尺寸 %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="555"/>
        <source>Phase %1 → %2</source>
        <translation>阶段 %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="561"/>
        <source>the context must be at least 1 token (got %1)</source>
        <translation>上下文必须至少为 1 个词元（收到 %1）</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="564"/>
        <source>the context length applies to the decode phase only</source>
        <translation>上下文长度仅适用于解码阶段</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="568"/>
        <source>Context %1 → %2</source>
        <translation>上下文 %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="574"/>
        <source>the width multiplier must be above 0 (got %1)</source>
        <translation>宽度倍数必须大于 0（收到 %1）</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="579"/>
        <source>Width multiplier %1 → %2</source>
        <translation>宽度倍数 %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="588"/>
        <source>Depth %1 → %2</source>
        <translation>深度 %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="610"/>
        <source>there is no edit %1</source>
        <translation>不存在修改 %1</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="615"/>
        <source>Remove edit: %1</source>
        <translation>移除修改：%1</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="625"/>
        <source>Precision of &apos;%1&apos; = %2</source>
        <translation>“%1”的精度 = %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="626"/>
        <source>Precision of &apos;%1&apos; follows the model</source>
        <translation>“%1”的精度跟随模型</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="694"/>
        <source>at most %1 targets can be compared; remove one first</source>
        <translation>最多可比较 %1 个目标；请先移除一个</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="702"/>
        <location filename="../ui/session/explorer_session.cpp" line="761"/>
        <source>%1 is already in the target list</source>
        <translation>%1 已在目标列表中</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="707"/>
        <source>Add target %1</source>
        <translation>添加目标 %1</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="712"/>
        <location filename="../ui/session/explorer_session.cpp" line="753"/>
        <source>there is no target %1</source>
        <translation>不存在目标 %1</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="715"/>
        <source>the last target cannot be removed; add another one first</source>
        <translation>无法移除最后一个目标；请先添加另一个</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="724"/>
        <source>Remove target %1</source>
        <translation>移除目标 %1</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="729"/>
        <source>cannot move target %1 to position %2</source>
        <translation>无法将目标 %1 移动到位置 %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="748"/>
        <source>Move target %1 to position %2</source>
        <translation>将目标 %1 移动到位置 %2</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="767"/>
        <source>Target %1: %2 → %3</source>
        <translation>目标 %1：%2 → %3</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="787"/>
        <source>no target given</source>
        <translation>未指定目标</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="927"/>
        <source>%1: no model is open, nothing to save</source>
        <translation>%1：未打开模型，无可保存内容</translation>
    </message>
    <message>
        <location filename="../ui/session/explorer_session.cpp" line="944"/>
        <location filename="../ui/session/explorer_session.cpp" line="947"/>
        <source>%1: cannot write the project: %2</source>
        <translation>%1：无法写入项目：%2</translation>
    </message>
</context>
<context>
    <name>infersight::GraphColouring</name>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="91"/>
        <source>convolution</source>
        <translation>卷积</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="92"/>
        <source>matrix product</source>
        <translation>矩阵乘法</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="93"/>
        <source>softmax / attention</source>
        <translation>Softmax / 注意力</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="94"/>
        <source>normalisation</source>
        <translation>归一化</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="95"/>
        <source>activation</source>
        <translation>激活</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="96"/>
        <source>element-wise</source>
        <translation>逐元素</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="97"/>
        <source>pooling / resize</source>
        <translation>池化 / 缩放</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="98"/>
        <source>reduction</source>
        <translation>归约</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="99"/>
        <source>gather / scatter</source>
        <translation>Gather / Scatter</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="100"/>
        <source>shape / layout</source>
        <translation>形状 / 布局</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="101"/>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="275"/>
        <source> on %1</source>
        <translation>（%1 上）</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="278"/>
        <source>Share of predicted latency</source>
        <translation>占预测延迟的比例</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="282"/>
        <source>No prediction yet: add a target to colour by latency.</source>
        <translation>尚无预测：添加目标后可按延迟着色。</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="286"/>
        <source>Bound</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="288"/>
        <source>No prediction yet: add a target to colour by bound.</source>
        <translation>尚无预测：添加目标后可按瓶颈着色。</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_colouring.cpp" line="297"/>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
</context>
<context>
    <name>infersight::GraphPane</name>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="64"/>
        <location filename="../ui/graph/graph_pane.cpp" line="333"/>
        <source>Laying out the graph…</source>
        <translation>正在对计算图布局…</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="68"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="69"/>
        <source>Stop the layout; the picture stays as it was</source>
        <translation>停止布局；图像保持原样</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="117"/>
        <source>Colour:</source>
        <translation>颜色：</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="122"/>
        <source>Latency share</source>
        <translation>延迟占比</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="123"/>
        <source>Bound</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="124"/>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="125"/>
        <source>Colour the boxes by their share of the predicted latency on the current target, by what bounds them (compute, memory, latency, host), or by op type</source>
        <translation>按方框在当前目标上预测延迟中的占比、其瓶颈（计算、显存、延迟、主机）或算子类型为方框着色</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="134"/>
        <source>Find node or op (Ctrl+F)</source>
        <translation>查找节点或算子 (Ctrl+F)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="137"/>
        <source>Find nodes by name or op type; Enter goes to the next hit, Shift+Enter to the previous</source>
        <translation>按名称或算子类型查找节点；Enter 跳到下一个匹配，Shift+Enter 跳到上一个</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="142"/>
        <source>&amp;Find in Graph…</source>
        <translation>在计算图中查找(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="150"/>
        <source>◀</source>
        <translation>◀</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="153"/>
        <source>Previous hit (Shift+F3)</source>
        <translation>上一个匹配 (Shift+F3)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="154"/>
        <source>▶</source>
        <translation>▶</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="157"/>
        <source>Next hit (F3)</source>
        <translation>下一个匹配 (F3)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="165"/>
        <location filename="../ui/graph/graph_pane.cpp" line="636"/>
        <source>Expand All</source>
        <translation>全部展开</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="166"/>
        <source>Open every group (laid out in the background; identical blocks share one layout)</source>
        <translation>展开所有分组（在后台布局；相同的模块共用一个布局）</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="167"/>
        <location filename="../ui/graph/graph_pane.cpp" line="618"/>
        <location filename="../ui/graph/graph_pane.cpp" line="637"/>
        <source>Collapse</source>
        <translation>折叠</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="168"/>
        <source>Back to the starting level: stages or layers as boxes</source>
        <translation>返回初始层级：阶段或层显示为方框</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="170"/>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="171"/>
        <source>Fit the whole graph in the view (F)</source>
        <translation>使整个计算图适应视图 (F)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="172"/>
        <source>−</source>
        <translation>−</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="173"/>
        <source>Zoom out (-)</source>
        <translation>缩小 (-)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="174"/>
        <source>+</source>
        <translation>+</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="175"/>
        <source>Zoom in (+)</source>
        <translation>放大 (+)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="179"/>
        <location filename="../ui/graph/graph_pane.cpp" line="639"/>
        <source>Export Visible Area…</source>
        <translation>导出可见区域…</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="180"/>
        <location filename="../ui/graph/graph_pane.cpp" line="640"/>
        <source>Export Whole Graph…</source>
        <translation>导出整个计算图…</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="181"/>
        <source>Export Image</source>
        <translation>导出图像</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="183"/>
        <source>Save the graph as SVG (text stays text) or PNG</source>
        <translation>将计算图保存为 SVG（文字保持为文字）或 PNG</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="302"/>
        <source>No model open</source>
        <translation>未打开模型</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="343"/>
        <source>Laying out the graph: %1 of %2 groups</source>
        <translation>正在对计算图布局：第 %1 / %2 组</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="359"/>
        <source>Layout cancelled; the picture is unchanged.</source>
        <translation>布局已取消；图像未改变。</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="360"/>
        <source>Graph layout failed: %1</source>
        <translation>计算图布局失败：%1</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="418"/>
        <source>No model</source>
        <translation>无模型</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="428"/>
        <source>%1 nodes · %2 boxes shown</source>
        <translation>%1 个节点 · 显示 %2 个方框</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="429"/>
        <source>Layout %1 ms: %2 Graphviz runs, %3 group layouts reused, %4 ms in Graphviz</source>
        <translation>布局 %1 ms：%2 次 Graphviz 运行，复用 %3 个分组布局，Graphviz 耗时 %4 ms</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="436"/>
        <source>Laying out…</source>
        <translation>正在布局…</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="436"/>
        <source> · laying out…</source>
        <translation> · 正在布局…</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="618"/>
        <source>Expand</source>
        <translation>展开</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="620"/>
        <source>Expand All Inside</source>
        <translation>展开内部全部</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="622"/>
        <source>Collapse All Inside</source>
        <translation>折叠内部全部</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="627"/>
        <source>Copy Name</source>
        <translation>复制名称</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="630"/>
        <source>Collapse Group &apos;%1&apos;</source>
        <translation>折叠分组“%1”</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="673"/>
        <source>no match</source>
        <translation>无匹配</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/graph/graph_pane.cpp" line="675"/>
        <source>%n hit(s)</source>
        <translation>
            <numerusform>%n 个匹配</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="687"/>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="711"/>
        <source>%1: there is no graph to export</source>
        <translation>%1：没有可导出的计算图</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="728"/>
        <source>SVG image (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="729"/>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="732"/>
        <source>Export Whole Graph</source>
        <translation>导出整个计算图</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="732"/>
        <source>Export Visible Area</source>
        <translation>导出可见区域</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_pane.cpp" line="742"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
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
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/graph/graph_items.cpp" line="191"/>
        <source>%n block(s)</source>
        <translation>
            <numerusform>%n 个模块</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/graph/graph_items.cpp" line="193"/>
        <source>repeated ×%n</source>
        <translation>
            <numerusform>重复 ×%n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/graph/graph_scene.cpp" line="452"/>
        <source>… and %n more tensor(s)</source>
        <translation>
            <numerusform>… 以及另外 %n 个张量</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="467"/>
        <source>%1 · %2 % of the total</source>
        <translation>%1 · 占总量 %2 %</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/graph/graph_scene.cpp" line="481"/>
        <source>%n repeated block(s)</source>
        <translation>
            <numerusform>%n 个重复模块</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/graph/graph_scene.cpp" line="484"/>
        <source>one of %n identical blocks (they share one layout)</source>
        <translation>
            <numerusform>%n 个相同模块之一（共用一个布局）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="487"/>
        <source>Double-click to expand</source>
        <translation>双击展开</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="487"/>
        <source>Double-click the title to collapse</source>
        <translation>双击标题折叠</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="494"/>
        <source>out %1</source>
        <translation>输出 %1</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="500"/>
        <source>&lt;b&gt;Model input&lt;/b&gt;</source>
        <translation>&lt;b&gt;模型输入&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="500"/>
        <source>&lt;b&gt;Model output&lt;/b&gt;</source>
        <translation>&lt;b&gt;模型输出&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/graph/graph_scene.cpp" line="506"/>
        <source>Also feeds %n box(es) whose edges are hidden to keep the picture readable; select it to show them.</source>
        <translation>
            <numerusform>还连接到 %n 个方框，其连线为保持图面清晰而隐藏；选中它即可显示。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>infersight::GraphSessionLink</name>
    <message>
        <location filename="../ui/graph/graph_session_link.cpp" line="40"/>
        <source>no model is open</source>
        <translation>未打开模型</translation>
    </message>
</context>
<context>
    <name>infersight::InputShapeDialog</name>
    <message>
        <location filename="../ui/dialogs/input_shape_dialog.cpp" line="25"/>
        <source>TorchScript Input Shapes</source>
        <translation>TorchScript 输入形状</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/input_shape_dialog.cpp" line="28"/>
        <source>&lt;p&gt;TorchScript files do not record the shapes of their inputs. Give the shape of each argument of &lt;b&gt;%1&lt;/b&gt;&apos;s forward(), separated by commas, as the command line&apos;s &lt;tt&gt;&amp;#8209;&amp;#8209;input&lt;/tt&gt; takes them.&lt;/p&gt;&lt;p&gt;Dims are joined by &lt;tt&gt;x&lt;/tt&gt;: a number, a name (&lt;tt&gt;N&lt;/tt&gt; batch, &lt;tt&gt;H&lt;/tt&gt;/&lt;tt&gt;W&lt;/tt&gt; image size, &lt;tt&gt;S&lt;/tt&gt; sequence) or &lt;tt&gt;name=default&lt;/tt&gt;, then an optional &lt;tt&gt;:dtype&lt;/tt&gt;.&lt;br&gt;Examples: &lt;tt&gt;1x3x224x224&lt;/tt&gt;, &lt;tt&gt;Nx3xHxW&lt;/tt&gt;, &lt;tt&gt;1x128:i64,1x128:i64&lt;/tt&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;TorchScript 文件不记录其输入的形状。请给出 &lt;b&gt;%1&lt;/b&gt; 的 forward() 每个参数的形状，以逗号分隔，格式与命令行的 &lt;tt&gt;&amp;#8209;&amp;#8209;input&lt;/tt&gt; 相同。&lt;/p&gt;&lt;p&gt;各维度以 &lt;tt&gt;x&lt;/tt&gt; 连接：一个数字、一个名称（&lt;tt&gt;N&lt;/tt&gt; 批大小，&lt;tt&gt;H&lt;/tt&gt;/&lt;tt&gt;W&lt;/tt&gt; 图像尺寸，&lt;tt&gt;S&lt;/tt&gt; 序列）或 &lt;tt&gt;name=default&lt;/tt&gt;，之后可选 &lt;tt&gt;:dtype&lt;/tt&gt;。&lt;br&gt;示例：&lt;tt&gt;1x3x224x224&lt;/tt&gt;、&lt;tt&gt;Nx3xHxW&lt;/tt&gt;、&lt;tt&gt;1x128:i64,1x128:i64&lt;/tt&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/input_shape_dialog.cpp" line="42"/>
        <source>&amp;Input shapes:</source>
        <translation>输入形状(&amp;I)：</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/input_shape_dialog.cpp" line="78"/>
        <source>Give at least one input shape.</source>
        <translation>请至少给出一个输入形状。</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/input_shape_dialog.cpp" line="90"/>
        <source>1 input: %1</source>
        <translation>1 个输入：%1</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/input_shape_dialog.cpp" line="90"/>
        <source>%1 inputs: %2</source>
        <translation>%1 个输入：%2</translation>
    </message>
</context>
<context>
    <name>infersight::KnobsPanel</name>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="172"/>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="181"/>
        <source>The GPU of the current target</source>
        <translation>当前目标的 GPU</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="182"/>
        <source>&amp;GPU:</source>
        <translation>GPU(&amp;G)：</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="186"/>
        <location filename="../ui/knobs/knobs_panel.cpp" line="452"/>
        <source>The whole GPU or one MIG instance of it</source>
        <translation>整块 GPU 或其中一个 MIG 实例</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="187"/>
        <source>M&amp;IG slice:</source>
        <translation>MIG 切片(&amp;I)：</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="190"/>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="191"/>
        <source>Off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="193"/>
        <source>MPS active-thread percentage of this client (Off: no MPS)</source>
        <translation>此客户端的 MPS 活动线程百分比（关闭：不使用 MPS）</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="194"/>
        <source>MP&amp;S share:</source>
        <translation>MPS 份额(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="201"/>
        <source>Hos&amp;t:</source>
        <translation>主机(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="203"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="217"/>
        <source>Batch size (logarithmic: one tick per doubling)</source>
        <translation>批大小（对数：每翻倍一个刻度）</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="219"/>
        <source>Batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="222"/>
        <source>&amp;Batch:</source>
        <translation>批大小(&amp;B)：</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="228"/>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="230"/>
        <source>Input image height and width</source>
        <translation>输入图像的高度和宽度</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="231"/>
        <source>I&amp;mage size:</source>
        <translation>图像尺寸(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="234"/>
        <location filename="../ui/knobs/knobs_panel.cpp" line="238"/>
        <location filename="../ui/knobs/knobs_panel.cpp" line="267"/>
        <location filename="../ui/knobs/knobs_panel.cpp" line="281"/>
        <location filename="../ui/knobs/knobs_panel.cpp" line="286"/>
        <source> tokens</source>
        <translation> 个词元</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="235"/>
        <source>Tokens per sequence (decode: new tokens per step)</source>
        <translation>每个序列的词元数（解码：每步新词元数）</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="236"/>
        <source>Se&amp;quence:</source>
        <translation>序列(&amp;Q)：</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="238"/>
        <location filename="../ui/knobs/knobs_panel.cpp" line="286"/>
        <source> token</source>
        <translation> 个词元</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="243"/>
        <source>Numeric precision of the run. fp32 follows PyTorch&apos;s defaults: convolutions run on TF32 tensor cores on Ampere and later GPUs (cudnn.allow_tf32), GEMMs on FP32 CUDA cores; fp32-strict turns TF32 off everywhere; tf32 turns it on for GEMMs too.</source>
        <translation>运行的数值精度。fp32 遵循 PyTorch 的默认设置：在 Ampere 及更新的 GPU 上卷积使用 TF32 Tensor Core（cudnn.allow_tf32），GEMM 使用 FP32 CUDA Core；fp32-strict 在所有地方关闭 TF32；tf32 对 GEMM 也启用 TF32。</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="487"/>
        <source>FP32 model with PyTorch&apos;s defaults: GEMMs on FP32 CUDA cores (matmul TF32 off), convolutions on TF32 tensor cores on Ampere and later (cudnn.allow_tf32 = True), FP32 CUDA cores before</source>
        <translation>采用 PyTorch 默认设置的 FP32 模型：GEMM 使用 FP32 CUDA Core（matmul 关闭 TF32），卷积在 Ampere 及更新架构上使用 TF32 Tensor Core（cudnn.allow_tf32 = True），更早的架构使用 FP32 CUDA Core</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="490"/>
        <source>FP32 math everywhere: TF32 off for matmul and cuDNN (fp32_precision = &apos;ieee&apos;)</source>
        <translation>全部使用 FP32 运算：matmul 和 cuDNN 均关闭 TF32（fp32_precision = &apos;ieee&apos;）</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="492"/>
        <source>FP32 storage, GEMMs and convolutions on TF32 tensor cores (Ampere and later)</source>
        <translation>FP32 存储，GEMM 和卷积使用 TF32 Tensor Core（Ampere 及更新架构）</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="493"/>
        <source>Model cast to FP16 (model.half()): every op in FP16</source>
        <translation>模型转换为 FP16（model.half()）：所有算子均为 FP16</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="494"/>
        <source>Model cast to BF16: every op in BF16</source>
        <translation>模型转换为 BF16：所有算子均为 BF16</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="496"/>
        <source>CUDA autocast to FP16: GEMMs and convolutions in FP16 with cast kernels at op boundaries</source>
        <translation>CUDA 自动混合精度（FP16）：GEMM 和卷积为 FP16，算子边界处有类型转换内核</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="497"/>
        <source>INT8 GEMMs and convolutions (TensorRT-style), other ops in FP16</source>
        <translation>INT8 GEMM 和卷积（TensorRT 方式），其余算子为 FP16</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="498"/>
        <source>FP8 GEMMs and convolutions (Hopper and later), other ops in FP16</source>
        <translation>FP8 GEMM 和卷积（Hopper 及更新架构），其余算子为 FP16</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="526"/>
        <source>Numeric precision of the run</source>
        <translation>运行的数值精度</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="247"/>
        <source>&amp;Precision:</source>
        <translation>精度(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="260"/>
        <source>As the precision</source>
        <translation>与精度相同</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="263"/>
        <source>How the LLM&apos;s weights are stored: bytes streamed per decode step and the model&apos;s memory</source>
        <translation>LLM 权重的存储格式：决定每个解码步读取的字节数和模型的显存占用</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="264"/>
        <source>W&amp;eights:</source>
        <translation>权重(&amp;E)：</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="269"/>
        <source>Tokens generated per request (the prompt is the sequence length)</source>
        <translation>每个请求生成的词元数（提示词长度即序列长度）</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="270"/>
        <source>&amp;Output:</source>
        <translation>输出(&amp;O)：</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="344"/>
        <source>Eager (PyTorch)</source>
        <translation>Eager（PyTorch）</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="345"/>
        <source>One kernel per operator, framework dispatch on the host</source>
        <translation>每个算子一个内核，框架在主机上分派</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="346"/>
        <source>Fused (TensorRT-like)</source>
        <translation>融合（类似 TensorRT）</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="347"/>
        <source>Folded batch norm, fused epilogues and attention, light launch cost</source>
        <translation>折叠批归一化，融合尾处理与注意力，启动开销低</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="252"/>
        <source>&amp;Runtime:</source>
        <translation>运行时(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="274"/>
        <source>Prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="275"/>
        <source>The prompt: attention over the sequence</source>
        <translation>提示词：对整个序列做注意力计算</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="276"/>
        <source>Decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="277"/>
        <source>New tokens with a KV cache of the context length</source>
        <translation>使用上下文长度 KV 缓存生成新词元</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="278"/>
        <source>P&amp;hase:</source>
        <translation>阶段(&amp;H)：</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="283"/>
        <source>Tokens already in the KV cache (decode phase)</source>
        <translation>已在 KV 缓存中的词元（解码阶段）</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="284"/>
        <source>&amp;Context:</source>
        <translation>上下文(&amp;C)：</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="295"/>
        <source>Global width multiplier: every layer&apos;s channels / hidden size scaled</source>
        <translation>全局宽度倍数：按比例缩放每层的通道数 / 隐藏层大小</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="296"/>
        <source>&amp;Width:</source>
        <translation>宽度(&amp;W)：</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="299"/>
        <source>Model&apos;s own</source>
        <translation>模型默认</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="300"/>
        <source>Number of blocks / layers</source>
        <translation>模块 / 层的数量</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="301"/>
        <source>&amp;Depth:</source>
        <translation>深度(&amp;D)：</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="396"/>
        <source>Your GPUs</source>
        <translation>您的 GPU</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="413"/>
        <source>Generation</source>
        <translation>架构代际</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="419"/>
        <source>%1 SMs, %2 GB %3, %4 GB/s</source>
        <translation>%1 个 SM，%2 GB %3，%4 GB/s</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="425"/>
        <source>Your GPU (%1)</source>
        <translation>您的 GPU（%1）</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="436"/>
        <source>Whole GPU</source>
        <translation>整块 GPU</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="442"/>
        <source>%1 of %2 compute slices, %3 MiB, %4 SMs</source>
        <translation>%2 个计算切片中的 %1 个，%3 MiB，%4 个 SM</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="453"/>
        <source>%1 has no MIG</source>
        <translation>%1 不支持 MIG</translation>
    </message>
    <message>
        <location filename="../ui/knobs/knobs_panel.cpp" line="464"/>
        <source>%1 (not in the catalogue)</source>
        <translation>%1（不在目录中）</translation>
    </message>
</context>
<context>
    <name>infersight::LatencyChart</name>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="380"/>
        <source>Latency vs batch size</source>
        <translation>延迟与批大小</translation>
    </message>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="384"/>
        <source>Latency (ms, log)</source>
        <translation>延迟（ms，对数）</translation>
    </message>
</context>
<context>
    <name>infersight::LayerBreakdownChart</name>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="26"/>
        <source>compute-bound</source>
        <translation>计算受限</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="27"/>
        <source>memory-bound</source>
        <translation>访存受限</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="28"/>
        <source>latency-bound (too small to fill the GPU)</source>
        <translation>延迟受限（规模太小，无法占满 GPU）</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="29"/>
        <source>host (GPU waits for the CPU)</source>
        <translation>主机（GPU 等待 CPU）</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="48"/>
        <source>Node (largest at the top)</source>
        <translation>节点（最大的在顶部）</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="50"/>
        <source>Predicted time per node (ms)</source>
        <translation>每个节点的预测时间（ms）</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="119"/>
        <source>Per-layer time by bound</source>
        <translation>按瓶颈划分的逐层时间</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="152"/>
        <source>node #%1</source>
        <translation>节点 #%1</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="215"/>
        <source>Per-layer time: %1 has no prediction (%2)</source>
        <translation>逐层时间：%1 无预测（%2）</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="217"/>
        <source>Top %1 of %2 nodes by time on %3 (%4 of %5 per forward pass)</source>
        <translation>%3 上按时间排序的前 %1 个节点（共 %2 个；占每次前向传播 %5 中的 %4）</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="225"/>
        <source>batch %1</source>
        <translation>批大小 %1</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="244"/>
        <source>%1 — %2 % of the forward pass</source>
        <translation>%1 — 占前向传播的 %2 %</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="255"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="263"/>
        <source>Show &amp;top nodes</source>
        <translation>显示前几个节点(&amp;T)</translation>
    </message>
    <message>
        <location filename="../ui/charts/layer_breakdown_chart.cpp" line="266"/>
        <source>Top %1</source>
        <translation>前 %1 个</translation>
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
        <translation>调节参数</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="173"/>
        <source>Targets</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="178"/>
        <source>&lt;opened&gt;</source>
        <translation>&lt;已打开&gt;</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="179"/>
        <source>Undo History</source>
        <translation>撤销历史</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="193"/>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="197"/>
        <source>Inspector</source>
        <translation>检查器</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="202"/>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="222"/>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="228"/>
        <source>MIG Planner</source>
        <translation>MIG 规划器</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="235"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="236"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="238"/>
        <source>Open an ONNX or TorchScript model, a Hugging Face config.json or a project</source>
        <translation>打开 ONNX 或 TorchScript 模型、Hugging Face config.json 或项目</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="253"/>
        <source>Export &amp;Report…</source>
        <translation>导出报告(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="256"/>
        <source>Write a PDF report: summary, charts, top layers, MIG plans, graph and accuracy</source>
        <translation>生成 PDF 报告：摘要、图表、主要层、MIG 方案、计算图和准确度</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="257"/>
        <source>Export &amp;Tables…</source>
        <translation>导出表格(&amp;T)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="260"/>
        <source>Write every table of the session as CSV files into a folder</source>
        <translation>将会话中的所有表格以 CSV 文件写入一个文件夹</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="268"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="269"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="272"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="278"/>
        <source>&amp;Custom GPU…</source>
        <translation>自定义 GPU(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="281"/>
        <source>Describe a GPU that is not in the catalogue and add it as a target</source>
        <translation>描述一个不在目录中的 GPU 并将其添加为目标</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="284"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="297"/>
        <source>&amp;Fit Graph</source>
        <translation>计算图适应窗口(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="302"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="306"/>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="320"/>
        <source>&amp;Targets</source>
        <translation>目标(&amp;T)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="321"/>
        <source>&amp;Add Target…</source>
        <translation>添加目标(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="324"/>
        <source>&amp;Remove Target</source>
        <translation>移除目标(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="327"/>
        <source>Move Target &amp;Up</source>
        <translation>上移目标(&amp;U)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="329"/>
        <source>Move Target &amp;Down</source>
        <translation>下移目标(&amp;D)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="335"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="336"/>
        <source>&amp;About Infersight</source>
        <translation>关于 Infersight(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="341"/>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="372"/>
        <location filename="../ui/main_window.cpp" line="797"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="374"/>
        <source>Stop opening the model (Esc); the current model stays</source>
        <translation>停止打开模型 (Esc)；保留当前模型</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="381"/>
        <source>Cancel Opening</source>
        <translation>取消打开</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="393"/>
        <source>Cancelled opening %1</source>
        <translation>已取消打开 %1</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="404"/>
        <source>Prediction failed: %1</source>
        <translation>预测失败：%1</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="524"/>
        <source>The language changes when Infersight starts next time.</source>
        <translation>语言将在下次启动 Infersight 时更改。</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="559"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="560"/>
        <source>Models and projects (*.onnx *.pt *.pth *.json *.infersight);;ONNX (*.onnx);;TorchScript (*.pt *.pth);;Hugging Face config (*.json);;Infersight project (*.infersight);;All files (*)</source>
        <translation>模型和项目 (*.onnx *.pt *.pth *.json *.infersight);;ONNX (*.onnx);;TorchScript (*.pt *.pth);;Hugging Face 配置 (*.json);;Infersight 项目 (*.infersight);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="584"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="587"/>
        <source>&amp;Clear List</source>
        <translation>清除列表(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="600"/>
        <source>Nothing to save: no model is open.</source>
        <translation>无可保存内容：未打开模型。</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="608"/>
        <source>Save Project</source>
        <translation>保存项目</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="609"/>
        <source>Infersight project (*.infersight)</source>
        <translation>Infersight 项目 (*.infersight)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="619"/>
        <source>Could not save the project</source>
        <translation>无法保存项目</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="623"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="634"/>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="634"/>
        <source>Save the changes to %1 before closing it?</source>
        <translation>关闭前是否保存对 %1 的更改？</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="678"/>
        <source>Opening %1 (one file at a time)</source>
        <translation>正在打开 %1（一次一个文件）</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="702"/>
        <source>Could not add the GPU</source>
        <translation>无法添加 GPU</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="706"/>
        <source>Saved %1 and added it as a target</source>
        <translation>已保存 %1 并将其添加为目标</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="712"/>
        <source>About Infersight</source>
        <translation>关于 Infersight</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="713"/>
        <source>&lt;h3&gt;Infersight %1&lt;/h3&gt;&lt;p&gt;Predicts the latency, energy and memory of deep-learning inference on NVIDIA GPUs and MIG slices, from the model alone.&lt;/p&gt;&lt;p&gt;Every number on screen can be reproduced with &lt;tt&gt;infersight-cli&lt;/tt&gt;.&lt;/p&gt;&lt;p&gt;MIT licence.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Infersight %1&lt;/h3&gt;&lt;p&gt;仅根据模型预测深度学习推理在 NVIDIA GPU 和 MIG 切片上的延迟、能耗和显存。&lt;/p&gt;&lt;p&gt;屏幕上的每个数字都可以用 &lt;tt&gt;infersight-cli&lt;/tt&gt; 复现。&lt;/p&gt;&lt;p&gt;MIT 许可证。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="741"/>
        <source>Export Tables to Folder</source>
        <translation>将表格导出到文件夹</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="743"/>
        <location filename="../ui/main_window.cpp" line="799"/>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="743"/>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="748"/>
        <location filename="../ui/main_window.cpp" line="767"/>
        <source>Nothing to export: no model is open.</source>
        <translation>无可导出内容：未打开模型。</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="782"/>
        <source>A report is being exported already.</source>
        <translation>已有报告正在导出。</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="788"/>
        <source>The results are still being computed; export the report once they are complete.</source>
        <translation>结果仍在计算中；请在计算完成后导出报告。</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="796"/>
        <source>Computing the accuracy figures for %1…</source>
        <translation>正在计算 %1 的准确度数据…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="807"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="822"/>
        <source>Writing %1…</source>
        <translation>正在写入 %1…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="826"/>
        <source>The report has no accuracy page: %1</source>
        <translation>报告没有准确度页：%1</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/main_window.cpp" line="863"/>
        <source>Exported the report to %1 (%n page(s))</source>
        <translation>
            <numerusform>报告已导出到 %1（%n 页）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="878"/>
        <source>Cancelled exporting %1</source>
        <translation>已取消导出 %1</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="880"/>
        <source>Could not export the report</source>
        <translation>无法导出报告</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="888"/>
        <source>The results are still being computed; export the tables once they are complete.</source>
        <translation>结果仍在计算中；请在计算完成后导出表格。</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="899"/>
        <source>Could not export the tables</source>
        <translation>无法导出表格</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/main_window.cpp" line="902"/>
        <source>Exported %n table(s) to %1</source>
        <translation>
            <numerusform>已将 %n 个表格导出到 %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="911"/>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="941"/>
        <location filename="../ui/main_window.cpp" line="968"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/main_window.cpp" line="971"/>
        <source>Predicted %n target(s) in %1 ms</source>
        <translation>
            <numerusform>已在 %1 ms 内预测 %n 个目标</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="973"/>
        <source>Predicting sweeps…</source>
        <translation>正在预测扫描…</translation>
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
        <translation>模型：&lt;b&gt;%1&lt;/b&gt;（%2）· %3 M 参数 · %4 个节点</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="1047"/>
        <source> · %1 GMACs per sample</source>
        <translation> · 每样本 %1 GMAC</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="239"/>
        <source>Open &amp;Zoo Model…</source>
        <translation>打开内置模型(&amp;Z)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="242"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="247"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="249"/>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="263"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="942"/>
        <source>Could not open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="927"/>
        <source>Opened %1: %2 nodes</source>
        <translation>已打开 %1：%2 个节点</translation>
    </message>
</context>
<context>
    <name>infersight::MemoryChart</name>
    <message>
        <location filename="../ui/charts/memory_chart.cpp" line="27"/>
        <source>Device memory vs batch size</source>
        <translation>设备显存与批大小</translation>
    </message>
    <message>
        <location filename="../ui/charts/memory_chart.cpp" line="31"/>
        <source>Device memory used (GiB, log scale)</source>
        <translation>已用设备显存（GiB，对数刻度）</translation>
    </message>
    <message>
        <location filename="../ui/charts/memory_chart.cpp" line="131"/>
        <source>usable memory of each target (dashed)</source>
        <translation>各目标的可用显存（虚线）</translation>
    </message>
    <message>
        <location filename="../ui/charts/memory_chart.cpp" line="154"/>
        <source>KV cache capacity: %1 sequences of %2 tokens (weights %3, %4 per token)</source>
        <translation>KV 缓存容量：%1 个序列，各 %2 个词元（权重 %3，每词元 %4）</translation>
    </message>
    <message>
        <location filename="../ui/charts/memory_chart.cpp" line="159"/>
        <source>usable memory: %1</source>
        <translation>可用显存：%1</translation>
    </message>
</context>
<context>
    <name>infersight::MigPlanModel</name>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="72"/>
        <source>Option</source>
        <translation>选项</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="73"/>
        <source>Fits</source>
        <translation>可容纳</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="74"/>
        <source>Memory (MiB)</source>
        <translation>显存 (MiB)</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="75"/>
        <source>Usable (MiB)</source>
        <translation>可用 (MiB)</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="76"/>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="77"/>
        <source>Replicas</source>
        <translation>副本数</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="78"/>
        <source>Inferences/s per GPU</source>
        <translation>每 GPU 推理/秒</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="79"/>
        <source>Energy per inference</source>
        <translation>每次推理能耗</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="80"/>
        <source>LLM sequences</source>
        <translation>LLM 序列</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="81"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="95"/>
        <source>Whether the predicted device memory fits the usable memory less the headroom</source>
        <translation>预测的设备显存是否不超过可用显存减去余量</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="97"/>
        <source>Predicted device memory (weights, activations, workspace, CUDA context), and its share of the usable memory</source>
        <translation>预测的设备显存（权重、激活、工作区、CUDA 上下文）及其占可用显存的比例</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="99"/>
        <source>Memory usable by one instance (MIG: as nvidia-smi lists the profile; MPS: the client&apos;s share)</source>
        <translation>单个实例可用的显存（MIG：nvidia-smi 列出的配置值；MPS：客户端的份额）</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="100"/>
        <source>Instances per GPU (MIG: the profile&apos;s maximum; MPS: clients of this share)</source>
        <translation>每 GPU 实例数（MIG：该配置的最大值；MPS：该份额的客户端数）</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="101"/>
        <source>Replicas × batch ÷ latency</source>
        <translation>副本数 × 批大小 ÷ 延迟</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="103"/>
        <source>Sequences of the request&apos;s length whose KV cache fits beside the weights in one instance (the runtime&apos;s KV blocks and memory reserve)</source>
        <translation>一个实例中除权重外 KV 缓存还能容纳的、长度与请求相同的序列数（按运行时的 KV 块和显存预留计算）</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="139"/>
        <source>Recommended</source>
        <translation>推荐</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="142"/>
        <source>DIPPM&apos;s rule</source>
        <translation>DIPPM 规则</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="145"/>
        <source>Not predicted</source>
        <translation>未预测</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="148"/>
        <source>Out of memory</source>
        <translation>显存不足</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="148"/>
        <source>Within the headroom</source>
        <translation>落入余量范围</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="151"/>
        <source>Misses the SLO</source>
        <translation>未满足 SLO</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="154"/>
        <source>Media engines</source>
        <translation>媒体引擎</translation>
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
        <translation>%1 × %2 个词元</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="183"/>
        <source>weights do not fit</source>
        <translation>权重无法容纳</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="186"/>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="189"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="189"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="191"/>
        <source>%1 (%2 %)</source>
        <translation>%1（%2 %）</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="207"/>
        <source>Weights %1 MiB; KV cache %2 KiB per token; %3 MiB left for it; one sequence up to %4 tokens</source>
        <translation>权重 %1 MiB；KV 缓存每词元 %2 KiB；剩余 %3 MiB 可供其使用；单个序列最多 %4 个词元</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="213"/>
        <source>Not predicted: %1</source>
        <translation>未预测：%1</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="216"/>
        <source>A “+me” profile: the same slice as its plain twin with the media engines, fewer instances per GPU; listed but never recommended</source>
        <translation>“+me”配置：与其普通版本相同的切片，附带媒体引擎，每 GPU 实例更少；会列出但从不推荐</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="223"/>
        <source>%1 MiB predicted; %2 MiB usable, %3 MiB after the headroom</source>
        <translation>预测 %1 MiB；可用 %2 MiB，扣除余量后 %3 MiB</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="225"/>
        <source>80 % band: %1</source>
        <translation>80 % 区间：%1</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_plan_model.cpp" line="227"/>
        <source>%1 × %2 inferences/s per instance</source>
        <translation>%1 × 每实例 %2 推理/秒</translation>
    </message>
</context>
<context>
    <name>infersight::MigPlannerPanel</name>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="98"/>
        <source>&amp;Latency SLO</source>
        <translation>延迟 SLO(&amp;L)</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="100"/>
        <source>Recommend the smallest option that fits and meets this latency (otherwise: the highest throughput per GPU)</source>
        <translation>推荐可容纳且满足此延迟的最小选项（否则：每 GPU 吞吐量最高的选项）</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="106"/>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="110"/>
        <source>Latency SLO in milliseconds</source>
        <translation>延迟 SLO（毫秒）</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="116"/>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="119"/>
        <source>Share of each option&apos;s usable memory kept free</source>
        <translation>每个选项可用显存中保留空闲的比例</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="120"/>
        <source>Memory &amp;headroom</source>
        <translation>显存余量(&amp;H)</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="147"/>
        <source>Double-click an option (or press Enter) to set it as a target</source>
        <translation>双击某个选项（或按 Enter）将其设为目标</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="171"/>
        <source>&amp;Add as Target</source>
        <translation>添加为目标(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="173"/>
        <source>Set the selected option as a target (replaces the current target when the list is full) (%1)</source>
        <translation>将所选选项设为目标（列表已满时替换当前目标）(%1)</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="184"/>
        <source>Add as Target</source>
        <translation>添加为目标</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="218"/>
        <source>Opening the model…</source>
        <translation>正在打开模型…</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="218"/>
        <source>Open a model to plan MIG slices and MPS shares for it.</source>
        <translation>打开一个模型以为其规划 MIG 切片和 MPS 份额。</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="224"/>
        <source>Add a target GPU to plan for.</source>
        <translation>添加一个要规划的目标 GPU。</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="229"/>
        <source>The current target cannot be planned for: %1</source>
        <translation>无法为当前目标进行规划：%1</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="279"/>
        <source>Planning…</source>
        <translation>正在规划…</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="372"/>
        <source>%1 on %2 · batch %3 · %4 · %5</source>
        <translation>%1 在 %2 上 · 批大小 %3 · %4 · %5</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="380"/>
        <source>Planning failed: %1</source>
        <translation>规划失败：%1</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="386"/>
        <source>&lt;b&gt;Recommended: %1&lt;/b&gt; — %2</source>
        <translation>&lt;b&gt;推荐：%1&lt;/b&gt; — %2</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="387"/>
        <source>&lt;b&gt;No recommendation&lt;/b&gt; — %1</source>
        <translation>&lt;b&gt;无推荐&lt;/b&gt; — %1</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="389"/>
        <source>Recommended MPS share: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>推荐的 MPS 份额：&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="396"/>
        <source>&lt;span style=&quot;color:#b06a00&quot;&gt;&lt;b&gt;DIPPM&apos;s memory-only rule: %1&lt;/b&gt;&lt;/span&gt; — %2</source>
        <translation>&lt;span style=&quot;color:#b06a00&quot;&gt;&lt;b&gt;DIPPM 的仅显存规则：%1&lt;/b&gt;&lt;/span&gt; — %2</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="398"/>
        <source>&lt;b&gt;DIPPM&apos;s memory-only rule:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;DIPPM 的仅显存规则：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="411"/>
        <source>%1 has no MIG profiles; see the MPS shares</source>
        <translation>%1 没有 MIG 配置；请参见 MPS 份额</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="416"/>
        <source>the smallest option that fits with %1 % headroom (%2 of %3 MiB) and meets the %4 ms SLO (%5 ms)</source>
        <translation>在保留 %1 % 余量时可容纳（%3 MiB 中的 %2）且满足 %4 ms SLO（%5 ms）的最小选项</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="419"/>
        <source>the highest throughput per GPU among the options that fit with %1 % headroom (%2 × %3/s = %4/s)</source>
        <translation>在保留 %1 % 余量时可容纳的选项中每 GPU 吞吐量最高者（%2 × %3/s = %4/s）</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="437"/>
        <source>no option could be predicted: %1</source>
        <translation>没有可预测的选项：%1</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="440"/>
        <source>no option fits: the model needs %1 MiB with %2 % headroom kept free</source>
        <translation>没有可容纳的选项：模型在保留 %2 % 余量时需要 %1 MiB</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="442"/>
        <source>no option that fits meets the %1 ms SLO; the fastest that fits is %2 at %3 ms</source>
        <translation>没有可容纳的选项满足 %1 ms SLO；可容纳选项中最快的是 %2，为 %3 ms</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="450"/>
        <source>needs MIG profiles</source>
        <translation>需要 MIG 配置</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="457"/>
        <source>finds no profile: the predicted %1 MiB exceed every profile&apos;s nominal memory</source>
        <translation>找不到配置：预测的 %1 MiB 超过所有配置的标称显存</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="464"/>
        <source>it does not fit: the model needs %1 MiB and %2 has %3 MiB usable (its name says %4 GB)</source>
        <translation>无法容纳：模型需要 %1 MiB，而 %2 可用 %3 MiB（其名称标为 %4 GB）</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="467"/>
        <source>it leaves less than the %1 % headroom: %2 of %3 MiB usable</source>
        <translation>剩余空间少于 %1 % 余量：可用 %3 MiB 中占用 %2</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="471"/>
        <source>it misses the %1 ms SLO (%2 ms)</source>
        <translation>未满足 %1 ms SLO（%2 ms）</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="474"/>
        <source>but %1</source>
        <translation>但%1</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="474"/>
        <source>; and </source>
        <translation>；并且</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="477"/>
        <source>DIPPM&apos;s memory-only rule picks %1 too</source>
        <translation>DIPPM 的仅显存规则同样选择 %1</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="479"/>
        <source>the smallest profile whose name&apos;s memory holds the model (no headroom, no latency check)</source>
        <translation>名称所标显存可容纳模型的最小配置（无余量，不检查延迟）</translation>
    </message>
    <message>
        <location filename="../ui/mig/mig_planner_panel.cpp" line="507"/>
        <source>no option in row %1</source>
        <translation>第 %1 行没有选项</translation>
    </message>
</context>
<context>
    <name>infersight::NodeInspector</name>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="90"/>
        <source>tensor %1 %2</source>
        <translation>张量 %1 %2</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="91"/>
        <source>tensor</source>
        <translation>张量</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/pages/node_inspector.cpp" line="93"/>
        <source>subgraph, %n node(s)</source>
        <translation>
            <numerusform>子图，%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="94"/>
        <source>subgraph</source>
        <translation>子图</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="95"/>
        <source>(unsupported attribute type)</source>
        <translation>（不支持的属性类型）</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="114"/>
        <source>Output channels</source>
        <translation>输出通道数</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="117"/>
        <source>Output features</source>
        <translation>输出特征数</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="120"/>
        <source>Embedding size</source>
        <translation>嵌入维度</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="123"/>
        <source>Channels</source>
        <translation>通道数</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="125"/>
        <location filename="../ui/pages/node_inspector.cpp" line="168"/>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="134"/>
        <location filename="../ui/pages/node_inspector.cpp" line="312"/>
        <source>Select a node in the graph or in the node table to see its shapes, costs, predicted latency and kernels.</source>
        <translation>在计算图或节点表中选择一个节点，以查看其形状、开销、预测延迟和内核。</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="166"/>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="175"/>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="194"/>
        <source>Predicted latency</source>
        <translation>预测延迟</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="199"/>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="199"/>
        <source>Latency (80 % band)</source>
        <translation>延迟（80 % 区间）</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="199"/>
        <location filename="../ui/pages/node_inspector.cpp" line="234"/>
        <source>Bound</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="199"/>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="205"/>
        <source>Work at the current shapes</source>
        <translation>当前形状下的工作量</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="216"/>
        <source>MACs</source>
        <translation>MAC</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="217"/>
        <source>FLOPs</source>
        <translation>FLOP</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="218"/>
        <source>Bytes read / written</source>
        <translation>读取 / 写入字节数</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="219"/>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="220"/>
        <source>FLOP per byte</source>
        <translation>每字节 FLOP</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="224"/>
        <source>Tensors</source>
        <translation>张量</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="226"/>
        <location filename="../ui/pages/node_inspector.cpp" line="242"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="226"/>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="226"/>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="232"/>
        <location filename="../ui/pages/node_inspector.cpp" line="530"/>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="234"/>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="234"/>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="234"/>
        <source>GPU time</source>
        <translation>GPU 时间</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="234"/>
        <source>Wait</source>
        <translation>等待</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="240"/>
        <source>Attributes</source>
        <translation>属性</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="242"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="318"/>
        <source>&apos;%1&apos; is not in the current graph.</source>
        <translation>“%1”不在当前计算图中。</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="337"/>
        <source>node %1 of %2 in execution order</source>
        <translation>按执行顺序的第 %1 / %2 个节点</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/pages/node_inspector.cpp" line="365"/>
        <source>Changes %n layer(s), highlighted in the graph; steps of %1. Ctrl+Z undoes.</source>
        <translation>
            <numerusform>更改 %n 个层（已在计算图中高亮）；步长为 %1。Ctrl+Z 可撤销。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/pages/node_inspector.cpp" line="368"/>
        <source>Width of this layer and of every dimension tied to it (%n layer(s))</source>
        <translation>
            <numerusform>此层及所有与之关联的维度的宽度（%n 个层）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="371"/>
        <source>This width cannot change: %1</source>
        <translation>此宽度无法更改：%1</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="385"/>
        <source>Attention heads of %1 heads × %2; the head size stays</source>
        <translation>注意力头：%1 个头 × %2；头大小保持不变</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="408"/>
        <source>Width %1 → %2</source>
        <translation>宽度 %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="424"/>
        <source>Heads %1 → %2</source>
        <translation>头数 %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="430"/>
        <source>No prediction yet: add a target GPU.</source>
        <translation>尚无预测：请添加目标 GPU。</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="446"/>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="446"/>
        <source>not predicted</source>
        <translation>未预测</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="454"/>
        <source>no kernel</source>
        <translation>无内核</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="456"/>
        <source>fused into %1</source>
        <translation>已融合到 %1</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="467"/>
        <source>%1 of %2 on %3 (%4 % of the total); GPU %5, waiting for the host %6.</source>
        <translation>%3 上 %2 中的 %1（占总量 %4 %）；GPU %5，等待主机 %6。</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="472"/>
        <source>No prediction for the current target.</source>
        <translation>当前目标无预测。</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="480"/>
        <source>unknown (no cost rule or unknown shapes)</source>
        <translation>未知（无开销规则或形状未知）</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="491"/>
        <location filename="../ui/pages/node_inspector.cpp" line="571"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="492"/>
        <source>moves no data</source>
        <translation>不移动数据</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="507"/>
        <source>buffer</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="507"/>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="509"/>
        <source>model in</source>
        <translation>模型输入</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="516"/>
        <source>in</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="519"/>
        <source>out</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="535"/>
        <source>Kernels on %1</source>
        <translation>%1 上的内核</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="543"/>
        <source>GPU time %1 (80 % band)</source>
        <translation>GPU 时间 %1（80 % 区间）</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="546"/>
        <source>Extrapolated: outside the measured data, band widened</source>
        <translation>外推：超出测量数据范围，区间已加宽</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="555"/>
        <source>fused into another node&apos;s kernel</source>
        <translation>已融合到另一节点的内核</translation>
    </message>
    <message>
        <location filename="../ui/pages/node_inspector.cpp" line="555"/>
        <source>no kernel (shape-only)</source>
        <translation>无内核（仅形状操作）</translation>
    </message>
</context>
<context>
    <name>infersight::NodeTableModel</name>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="97"/>
        <source>Fused into &apos;%1&apos;: its time is reported there</source>
        <translation>已融合到“%1”：其时间计入该节点</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="103"/>
        <source>fused</source>
        <translation>已融合</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="116"/>
        <source>%1 on %2: GPU %3, waiting for the host %4, 80 % band %5–%6 ms</source>
        <translation>%1 在 %2 上：GPU %3，等待主机 %4，80 % 区间 %5–%6 ms</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="188"/>
        <source>Cost unknown: the op has no cost rule or its shapes are unknown</source>
        <translation>开销未知：该算子没有开销规则或其形状未知</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="228"/>
        <source>Predicted for the current target</source>
        <translation>针对当前目标的预测</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="229"/>
        <source>Predicted on %1 (the current target)</source>
        <translation>在 %1（当前目标）上的预测</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="235"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="236"/>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="237"/>
        <source>Output shape</source>
        <translation>输出形状</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="238"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="239"/>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="240"/>
        <source>Bound</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="241"/>
        <source>Kernels</source>
        <translation>内核</translation>
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
        <translation>读取</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="245"/>
        <source>Written</source>
        <translation>写入</translation>
    </message>
    <message>
        <location filename="../ui/models/node_table_model.cpp" line="246"/>
        <source>Params</source>
        <translation>参数</translation>
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
        <translation>计算</translation>
    </message>
    <message>
        <location filename="../ui/charts/palette.cpp" line="46"/>
        <source>memory</source>
        <translation>访存</translation>
    </message>
    <message>
        <location filename="../ui/charts/palette.cpp" line="47"/>
        <source>latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <location filename="../ui/charts/palette.cpp" line="48"/>
        <source>host</source>
        <translation>主机</translation>
    </message>
    <message>
        <location filename="../ui/charts/palette.cpp" line="55"/>
        <source>compute-bound: limited by the precision&apos;s peak arithmetic rate</source>
        <translation>计算受限：受该精度峰值算力限制</translation>
    </message>
    <message>
        <location filename="../ui/charts/palette.cpp" line="56"/>
        <source>memory-bound: limited by DRAM bandwidth</source>
        <translation>访存受限：受 DRAM 带宽限制</translation>
    </message>
    <message>
        <location filename="../ui/charts/palette.cpp" line="57"/>
        <source>latency-bound: too small to fill the GPU, fixed per-kernel time dominates</source>
        <translation>延迟受限：规模太小无法占满 GPU，每个内核的固定时间占主导</translation>
    </message>
    <message>
        <location filename="../ui/charts/palette.cpp" line="58"/>
        <source>host-bound: the GPU waits for the CPU to dispatch and launch</source>
        <translation>主机受限：GPU 等待 CPU 分派和启动内核</translation>
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
        <translation>算术强度（每 DRAM 字节 FLOP，对数刻度）</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="88"/>
        <source>Achieved throughput (TFLOP/s, log scale)</source>
        <translation>实际吞吐量（TFLOP/s，对数刻度）</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="104"/>
        <source>%1-bound kernels</source>
        <translation>%1受限的内核</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="127"/>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="147"/>
        <source>%1 %2 %3 peak</source>
        <translation>%1 %2 %3 峰值</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="152"/>
        <source>%1 TFLOP/s fp32 CUDA cores</source>
        <translation>%1 TFLOP/s fp32 CUDA 核心</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="162"/>
        <source>%1 DRAM</source>
        <translation>%1 DRAM</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="182"/>
        <source>roof</source>
        <translation>屋顶</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="193"/>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="287"/>
        <source>Achieved throughput (%1, log scale)</source>
        <translation>实际吞吐量（%1，对数刻度）</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="309"/>
        <source>%1 roof</source>
        <translation>%1 屋顶</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="319"/>
        <source>fp32 CUDA-core roof (element-wise, reductions)</source>
        <translation>fp32 CUDA 核心屋顶（逐元素、归约）</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="327"/>
        <source>no roof: %1 has no %2 path</source>
        <translation>无屋顶：%1 没有 %2 路径</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="340"/>
        <source>Roofline: %1 has no prediction (%2)</source>
        <translation>Roofline：%1 无预测（%2）</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="342"/>
        <source>Roofline of %1: %2 kernels</source>
        <translation>%1 的 Roofline：%2 个内核</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="344"/>
        <source> (%1 without FLOPs or DRAM traffic not shown)</source>
        <translation>（未显示 %1 个无 FLOP 或无 DRAM 流量的内核）</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="349"/>
        <source>batch %1</source>
        <translation>批大小 %1</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="360"/>
        <source>fp32 CUDA-core ceiling: %1 TFLOP/s</source>
        <translation>fp32 CUDA 核心上限：%1 TFLOP/s</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="362"/>
        <source>DRAM bandwidth %1; %2 ceiling %3 %4; ridge at %5 FLOP/byte</source>
        <translation>DRAM 带宽 %1；%2 上限 %3 %4；拐点在 %5 FLOP/字节</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="384"/>
        <location filename="../ui/charts/roofline_chart.cpp" line="386"/>
        <source>node #%1</source>
        <translation>节点 #%1</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="389"/>
        <source>%1 kernel on %2</source>
        <translation>%2 上的 %1 内核</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="390"/>
        <source>%1, %2 → %3 FLOP/byte</source>
        <translation>%1，%2 → %3 FLOP/字节</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="392"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/charts/roofline_chart.cpp" line="394"/>
        <source> (%1 % of the %2 peak)</source>
        <translation>（%2 峰值的 %1 %）</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/charts/roofline_chart.cpp" line="403"/>
        <source>%n more kernel(s) with the same figures: </source>
        <translation>
            <numerusform>另有 %n 个数值相同的内核：</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>infersight::SessionAutosave</name>
    <message>
        <location filename="../ui/session/session_autosave.cpp" line="55"/>
        <source>%1: cannot create the autosave folder; this session is not autosaved</source>
        <translation>%1：无法创建自动保存文件夹；本会话不会自动保存</translation>
    </message>
    <message>
        <location filename="../ui/session/session_autosave.cpp" line="61"/>
        <source>%1: cannot lock the autosave file; this session is not autosaved</source>
        <translation>%1：无法锁定自动保存文件；本会话不会自动保存</translation>
    </message>
    <message>
        <location filename="../ui/session/session_autosave.cpp" line="165"/>
        <source>%1: cannot write the autosave: %2</source>
        <translation>%1：无法写入自动保存：%2</translation>
    </message>
    <message>
        <location filename="../ui/session/session_autosave.cpp" line="213"/>
        <source>Restore the last session?</source>
        <translation>恢复上次会话？</translation>
    </message>
    <message>
        <location filename="../ui/session/session_autosave.cpp" line="214"/>
        <source>Infersight did not close normally last time. Restore the session with %1, saved automatically at %2?</source>
        <translation>Infersight 上次未正常关闭。是否恢复包含 %1 的会话（自动保存于 %2）？</translation>
    </message>
    <message>
        <location filename="../ui/session/session_autosave.cpp" line="219"/>
        <source>No discards the autosaved session.</source>
        <translation>选择“否”将丢弃自动保存的会话。</translation>
    </message>
    <message>
        <location filename="../ui/session/session_autosave.cpp" line="244"/>
        <source>%1: the autosave belongs to a running Infersight</source>
        <translation>%1：该自动保存属于正在运行的 Infersight</translation>
    </message>
</context>
<context>
    <name>infersight::SummaryModel</name>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="87"/>
        <source>Latency (80 % band)</source>
        <translation>延迟（80 % 区间）</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="88"/>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="89"/>
        <source>Energy per batch</source>
        <translation>每批能耗</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="90"/>
        <source>Energy per sample</source>
        <translation>每样本能耗</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="91"/>
        <source>Average power</source>
        <translation>平均功率</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="92"/>
        <source>Device memory</source>
        <translation>设备显存</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="93"/>
        <source>GPU busy / waiting for host</source>
        <translation>GPU 忙碌 / 等待主机</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="94"/>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="95"/>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="96"/>
        <source>Time to first token</source>
        <translation>首词元时间</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="97"/>
        <source>Time per output token</source>
        <translation>每输出词元时间</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="98"/>
        <source>Request latency</source>
        <translation>请求延迟</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="99"/>
        <source>Tokens/s (per sequence · all)</source>
        <translation>词元/秒（每序列 · 总计）</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="100"/>
        <source>KV cache capacity</source>
        <translation>KV 缓存容量</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="143"/>
        <source>cannot predict</source>
        <translation>无法预测</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="171"/>
        <source>One forward pass of batch %1 on %2; the 80 % band comes from the validation residuals of its kernel classes%3</source>
        <translation>批大小 %1 在 %2 上的一次前向传播；80 % 区间来自其内核类别的验证残差%3</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="174"/>
        <source> (widened, extrapolated: %1)</source>
        <translation>（已加宽，外推：%1）</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="175"/>
        <source> (widened: some kernel lies outside the measured data)</source>
        <translation>（已加宽：有内核超出测量数据范围）</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="181"/>
        <source>samples/s</source>
        <translation>样本/秒</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="205"/>
        <source>%1 W</source>
        <translation>%1 W</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="211"/>
        <source>Between the slice&apos;s idle draw (%1 W) and its power limit (%2 W)</source>
        <translation>介于该切片的空闲功耗（%1 W）与其功耗上限（%2 W）之间</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="219"/>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="220"/>
        <source>%1 of %2: does not fit</source>
        <translation>%1 / %2：无法容纳</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="235"/>
        <source>Used on the device as nvidia-smi shows it: weights %1, activations %2, KV cache %3, workspace %4, CUDA context %5; usable %6</source>
        <translation>设备上的占用（与 nvidia-smi 显示一致）：权重 %1，激活 %2，KV 缓存 %3，工作区 %4，CUDA 上下文 %5；可用 %6</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="246"/>
        <source>%1 busy · %2 waiting</source>
        <translation>%1 忙碌 · %2 等待</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="261"/>
        <source>GPU busy with kernels %1; GPU idle waiting for the host (framework dispatch, launches) %2; host time to dispatch the pass %3</source>
        <translation>GPU 执行内核的时间 %1；GPU 空闲等待主机（框架分派、内核启动）的时间 %2；主机分派本次传播的时间 %3</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="269"/>
        <source>%1 kernels · %2 host ops</source>
        <translation>%1 个内核 · %2 个主机算子</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="278"/>
        <source>extrapolated: %1 (band widened)</source>
        <translation>外推：%1（区间已加宽）</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="280"/>
        <source>extrapolated: some kernel lies outside the measured data (band widened)</source>
        <translation>外推：有内核超出测量数据范围（区间已加宽）</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="283"/>
        <source>calibration: %1</source>
        <translation>校准：%1</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/models/summary_model.cpp" line="286"/>
        <source>%n note(s)</source>
        <translation>
            <numerusform>%n 条备注</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="304"/>
        <source>computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="323"/>
        <source>Prefill of a %1-token prompt for %2 sequence(s)</source>
        <translation>为 %2 个序列预填充 %1 个词元的提示词</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="336"/>
        <source>Mean decode step over contexts %1 to %2 tokens (%3)</source>
        <translation>上下文为 %1 到 %2 个词元时的平均解码步（%3）</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="349"/>
        <source>Time to first token + %1 more tokens at the time per output token</source>
        <translation>首词元时间 + 按每输出词元时间计算的另外 %1 个词元</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="355"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="369"/>
        <source>weights do not fit</source>
        <translation>权重无法容纳</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/models/summary_model.cpp" line="371"/>
        <source>%n sequence(s) of %1 tokens</source>
        <translation>
            <numerusform>%n 个序列（各 %1 个词元）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/models/summary_model.cpp" line="382"/>
        <source>Weights %1, KV cache %2 per token, %3 left for the KV cache; one sequence up to %4 tokens</source>
        <translation>权重 %1，KV 缓存每词元 %2，剩余 %3 可供 KV 缓存使用；单个序列最多 %4 个词元</translation>
    </message>
</context>
<context>
    <name>infersight::TargetListModel</name>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="90"/>
        <source>%1: %2 SMs, %3 usable, %4 GB/s, %5 W</source>
        <translation>%1：%2 个 SM，可用 %3，%4 GB/s，%5 W</translation>
    </message>
</context>
<context>
    <name>infersight::TargetListPanel</name>
    <message>
        <location filename="../ui/window/target_list_panel.cpp" line="44"/>
        <source>Targets</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../ui/window/target_list_panel.cpp" line="46"/>
        <source>Add…</source>
        <translation>添加…</translation>
    </message>
    <message>
        <location filename="../ui/window/target_list_panel.cpp" line="47"/>
        <source>Add a GPU or MIG slice to compare (up to %1)</source>
        <translation>添加用于比较的 GPU 或 MIG 切片（最多 %1 个）</translation>
    </message>
    <message>
        <location filename="../ui/window/target_list_panel.cpp" line="49"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../ui/window/target_list_panel.cpp" line="49"/>
        <source>Remove the selected target</source>
        <translation>移除所选目标</translation>
    </message>
    <message>
        <location filename="../ui/window/target_list_panel.cpp" line="51"/>
        <source>Move the selected target up</source>
        <translation>上移所选目标</translation>
    </message>
    <message>
        <location filename="../ui/window/target_list_panel.cpp" line="53"/>
        <source>Move the selected target down</source>
        <translation>下移所选目标</translation>
    </message>
    <message>
        <location filename="../ui/window/target_list_panel.cpp" line="57"/>
        <source>Move up</source>
        <translation>上移</translation>
    </message>
    <message>
        <location filename="../ui/window/target_list_panel.cpp" line="58"/>
        <source>Move down</source>
        <translation>下移</translation>
    </message>
    <message>
        <location filename="../ui/window/target_list_panel.cpp" line="120"/>
        <source>At most %1 targets can be compared; remove one first.</source>
        <translation>最多可比较 %1 个目标；请先移除一个。</translation>
    </message>
</context>
<context>
    <name>infersight::ThroughputChart</name>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="410"/>
        <source>Throughput vs batch size</source>
        <translation>吞吐量与批大小</translation>
    </message>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="414"/>
        <source>Throughput (samples/s)</source>
        <translation>吞吐量（样本/秒）</translation>
    </message>
    <message>
        <location filename="../ui/charts/batch_sweep_chart.cpp" line="431"/>
        <source>%1 samples/s (%2–%3)</source>
        <translation>%1 样本/秒（%2–%3）</translation>
    </message>
</context>
<context>
    <name>infersight::TokenTimeChart</name>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="25"/>
        <source>Tokens in the KV cache (context, log scale)</source>
        <translation>KV 缓存中的词元数（上下文，对数刻度）</translation>
    </message>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="26"/>
        <source>Sequences in the batch (log scale)</source>
        <translation>批中的序列数（对数刻度）</translation>
    </message>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="33"/>
        <source>Time per output token (ms, log scale)</source>
        <translation>每输出词元时间（ms，对数刻度）</translation>
    </message>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="72"/>
        <location filename="../ui/charts/token_time_chart.cpp" line="130"/>
        <source>Time per output token vs context</source>
        <translation>每输出词元时间与上下文</translation>
    </message>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="72"/>
        <location filename="../ui/charts/token_time_chart.cpp" line="130"/>
        <source>Time per output token vs batch</source>
        <translation>每输出词元时间与批大小</translation>
    </message>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="132"/>
        <source>%1 — for decoder LLMs</source>
        <translation>%1 — 适用于解码器 LLM</translation>
    </message>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="139"/>
        <source>batch %1</source>
        <translation>批大小 %1</translation>
    </message>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="142"/>
        <source>context %1 tokens; hollow: the KV cache does not fit</source>
        <translation>上下文 %1 个词元；空心：KV 缓存无法容纳</translation>
    </message>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="159"/>
        <source>%1
context %2 tokens: %3 per token</source>
        <translation>%1
上下文 %2 个词元：每词元 %3</translation>
    </message>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="160"/>
        <source>%1
batch %2: %3 per step</source>
        <translation>%1
批大小 %2：每步 %3</translation>
    </message>
    <message>
        <location filename="../ui/charts/token_time_chart.cpp" line="162"/>
        <source>
the KV cache does not fit beside the weights</source>
        <translation>
KV 缓存无法与权重一同容纳</translation>
    </message>
</context>
<context>
    <name>infersight::ZooBrowserDialog</name>
    <message>
        <location filename="../ui/dialogs/zoo_browser_dialog.cpp" line="21"/>
        <source>Open a Zoo Model</source>
        <translation>打开内置模型</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/zoo_browser_dialog.cpp" line="33"/>
        <source>Filter by name, family or description</source>
        <translation>按名称、系列或描述筛选</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/zoo_browser_dialog.cpp" line="35"/>
        <source>&amp;Filter:</source>
        <translation>筛选(&amp;F)：</translation>
    </message>
</context>
<context>
    <name>infersight::ZooTableModel</name>
    <message>
        <location filename="../ui/models/zoo_table_model.cpp" line="32"/>
        <location filename="../ui/models/zoo_table_model.cpp" line="33"/>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <location filename="../ui/models/zoo_table_model.cpp" line="34"/>
        <source>%1
Mirrors %2</source>
        <translation>%1
对应 %2</translation>
    </message>
    <message>
        <location filename="../ui/models/zoo_table_model.cpp" line="35"/>
        <source>Mirrors %1</source>
        <translation>对应 %1</translation>
    </message>
    <message>
        <location filename="../ui/models/zoo_table_model.cpp" line="65"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../ui/models/zoo_table_model.cpp" line="66"/>
        <source>Family</source>
        <translation>系列</translation>
    </message>
    <message>
        <location filename="../ui/models/zoo_table_model.cpp" line="67"/>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <location filename="../ui/models/zoo_table_model.cpp" line="68"/>
        <source>GMACs</source>
        <translation>GMAC</translation>
    </message>
    <message>
        <location filename="../ui/models/zoo_table_model.cpp" line="69"/>
        <source>Default input</source>
        <translation>默认输入</translation>
    </message>
    <message>
        <location filename="../ui/models/zoo_table_model.cpp" line="70"/>
        <source>Description</source>
        <translation>描述</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="51"/>
        <source>Explore how deep-learning inference runs on NVIDIA GPUs and MIG slices: latency, energy and memory, live, for up to four targets side by side.</source>
        <translation>探索深度学习推理在 NVIDIA GPU 和 MIG 切片上的运行情况：延迟、能耗和显存，实时并排比较最多四个目标。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="58"/>
        <source>Model or project to open: an ONNX or TorchScript file, a Hugging Face config.json, a .infersight project or zoo:NAME; default zoo:resnet50.</source>
        <translation>要打开的模型或项目：ONNX 或 TorchScript 文件、Hugging Face config.json、.infersight 项目或 zoo:NAME；默认 zoo:resnet50。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="62"/>
        <source>Save a PNG screenshot of the window to &lt;file&gt; once every pane is filled, then quit.</source>
        <translation>所有面板填充完毕后将窗口截图保存为 PNG 到 &lt;file&gt;，然后退出。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="65"/>
        <source>Window size as WIDTHxHEIGHT (e.g. 1600x1000).</source>
        <translation>窗口大小，格式为 宽x高（例如 1600x1000）。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="69"/>
        <source>Print the milliseconds from start until the window is filled, then quit (start-up benchmark).</source>
        <translation>输出从启动到窗口填充完毕的毫秒数，然后退出（启动基准测试）。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="77"/>
        <source>Whether to restore a session left by a run that did not close normally: yes, no or ask (default: ask; runs with --screenshot, --quit-when-filled or --print-state leave it for the next start).</source>
        <translation>是否恢复上次未正常关闭的运行留下的会话：yes、no 或 ask（默认：ask；使用 --screenshot、--quit-when-filled 或 --print-state 的运行会将其留到下次启动）。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="83"/>
        <source>Print the session (the project JSON, as autosaved) once the window is filled, then quit.</source>
        <translation>窗口填充完毕后输出会话（即自动保存的项目 JSON），然后退出。</translation>
    </message>
</context>
</TS>
