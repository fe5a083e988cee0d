// SPDX-License-Identifier: MIT
#include "report/report_session.h"

#include "charts/palette.h"
#include "hardware/gpu_catalogue.h"
#include "session/session_predictor.h"

#include <QCryptographicHash>
#include <QJsonDocument>

namespace infersight {

ResolvedTarget reportTarget(const Target &target, int colourIndex) {
    ResolvedTarget r;
    r.key = target.key();
    r.label = target.label();
    r.colour = targetColour(colourIndex);
    if (target.gpu().custom) {
        // As ExplorerSession::resolve: a user GPU's definition names its cache entries.
        const QByteArray json = QJsonDocument(GpuCatalogue::toGpuFileJson(target.gpu())).toJson(QJsonDocument::Compact);
        r.revision = QString::fromLatin1(QCryptographicHash::hash(json, QCryptographicHash::Sha1).toHex().left(12));
    }
    r.target = target;
    return r;
}

Result<std::shared_ptr<const SessionResults>> computeSessionResults(std::shared_ptr<const Design> design,
                                                                    const std::vector<ResolvedTarget> &targets,
                                                                    int selectedTarget) {
    if (!design || design->isNull()) {
        return Error{QStringLiteral("no model to report on")};
    }
    SessionPredictor predictor;
    PredictionRequest request;
    request.generation = 1;
    request.modelRevision = 1;
    request.spec = DesignSpec::of(*design);
    request.design = std::move(design);
    request.targets = targets;
    request.selectedTarget = selectedTarget;
    SessionPredictor::Outcome current = predictor.predictCurrent(request, nullptr, {});
    if (!current.results) {
        return Error{current.error.isEmpty() ? QStringLiteral("the prediction did not finish") : current.error};
    }
    if (current.results->complete()) {
        return std::shared_ptr<const SessionResults>(std::move(current.results));
    }
    SessionPredictor::Outcome complete = predictor.completeSweeps(*current.results, {});
    if (!complete.results) {
        return Error{complete.error.isEmpty() ? QStringLiteral("the sweeps did not finish") : complete.error};
    }
    return std::shared_ptr<const SessionResults>(std::move(complete.results));
}

}  // namespace infersight
