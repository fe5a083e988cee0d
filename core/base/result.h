// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <utility>
#include <variant>

namespace infersight {

// An error meant for the user: one line that names what is wrong (and the file, where there is one).
struct Error {
    QString message;
};

// Either a value or an Error. Minimal stand-in for C++23 std::expected.
template <typename T>
class Result {
public:
    Result(T value) : m_state(std::move(value)) {}            // NOLINT(google-explicit-constructor)
    Result(Error error) : m_state(std::move(error)) {}        // NOLINT(google-explicit-constructor)

    bool ok() const { return std::holds_alternative<T>(m_state); }
    explicit operator bool() const { return ok(); }

    const T &value() const & { return std::get<T>(m_state); }
    T &value() & { return std::get<T>(m_state); }
    T &&value() && { return std::get<T>(std::move(m_state)); }
    const T &operator*() const & { return value(); }
    T &operator*() & { return value(); }
    const T *operator->() const { return &value(); }
    T *operator->() { return &value(); }

    const Error &error() const { return std::get<Error>(m_state); }
    const QString &errorMessage() const { return error().message; }

private:
    std::variant<T, Error> m_state;
};

// Result of an operation that yields nothing but may fail.
class Status {
public:
    Status() = default;
    Status(Error error) : m_error(std::move(error.message)), m_failed(true) {}  // NOLINT
    static Status success() { return {}; }
    bool ok() const { return !m_failed; }
    explicit operator bool() const { return ok(); }
    const QString &errorMessage() const { return m_error; }

private:
    QString m_error;
    bool m_failed = false;
};

}  // namespace infersight
