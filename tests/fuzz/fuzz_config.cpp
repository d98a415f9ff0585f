// libFuzzer target: Hugging Face config.json text -> parseModelConfig. Every input either gives a
// config that validates (and whose parameters are applied to a card) or a ConfigError; any other
// exception, crash, sanitizer finding or hang is a bug.

#include "common/configerror.h"
#include "common/modelconfig.h"
#include "pecards/params.h"

#include <QByteArray>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray json(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    try {
        const pecards::app::ModelConfig config
            = pecards::app::parseModelConfig(json, QStringLiteral("fuzz.json"));
        for (const pecards::Card card : config.cards()) {
            pecards::CardParams params;
            params.card = card;
            config.applyTo(params);
            pecards::validate(params); // an accepted config must give valid parameters
        }
    } catch (const pecards::app::ConfigError&) {
        // rejected with a message naming the key: fine
    }
    return 0;
}
