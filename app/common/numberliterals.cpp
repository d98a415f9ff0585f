#include "common/numberliterals.h"

#include <nlohmann/json.hpp>

namespace pecards::app {

namespace {

void collect(
    const nlohmann::json& object, const QString& prefix, QSet<QString>& integers, QSet<QString>& floats) {
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString path = prefix + QString::fromStdString(it.key());
        if (it->is_object())
            collect(*it, path + u'.', integers, floats);
        else if (it->is_number_float())
            floats.insert(path);
        else if (it->is_number()) // number_integer or number_unsigned
            integers.insert(path);
    }
}

} // namespace

std::shared_ptr<const NumberLiterals> NumberLiterals::read(const QByteArray& json) {
    auto literals = std::make_shared<NumberLiterals>();
    const nlohmann::json document = nlohmann::json::parse(json.cbegin(), json.cend(), nullptr, false);
    if (document.is_object())
        collect(document, QString(), literals->m_integers, literals->m_floats);
    return literals;
}

} // namespace pecards::app
