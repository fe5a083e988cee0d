// SPDX-License-Identifier: MIT
// The explorer session's results computed headless, for `infersight-cli report`: the same
// SessionPredictor the GUI's prediction worker runs (ui/session/session_predictor.h), both stages
// on the calling thread, so the report from the CLI has the GUI's numbers for the same design,
// knobs and targets.
#pragma once

#include "base/result.h"
#include "session/design_spec.h"
#include "session/session_results.h"

#include <memory>
#include <vector>

namespace infersight {

// A target of the report's list as the explorer session resolves it: key, label and the colour of
// slot `colourIndex` (the target's place in the list).
ResolvedTarget reportTarget(const Target &target, int colourIndex);

// Complete results (every sweep computed) for `design` at its own knobs and structure. Errors: the
// engine's reason when the design cannot be predicted at all (a target that cannot be predicted is
// that target's error in the results, as in the GUI).
Result<std::shared_ptr<const SessionResults>> computeSessionResults(std::shared_ptr<const Design> design,
                                                                    const std::vector<ResolvedTarget> &targets,
                                                                    int selectedTarget = 0);

}  // namespace infersight
