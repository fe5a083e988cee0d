// SPDX-License-Identifier: MIT
// The e2e and DLE validation rows (with their leave-one-out predictions), computed once per test
// program: the accuracy tests that read them share this one copy.
#pragma once

#include "validate/validation.h"

#include <QtGlobal>

#include <vector>

namespace infersight::test_support {

inline const std::vector<ValidationRow> &e2eAndDleRows() {
    static const std::vector<ValidationRow> r = [] {
        ValidationOptions o;
        std::vector<ValidationRow> all;
        for (auto run : {&validateE2e, &validateDle}) {
            Result<std::vector<ValidationRow>> v = run(o, nullptr);
            if (!v) {
                qFatal("%s", qPrintable(v.errorMessage()));
            }
            all.insert(all.end(), v->begin(), v->end());
        }
        return all;
    }();
    return r;
}

}  // namespace infersight::test_support
