#include "common/checkpoint.h"

#include "common/fileerror.h"
#include "common/inputfile.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QMap>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

constexpr qint64 kMaxIndexBytes = qint64 {64} << 20; ///< an index of a million tensors is ~100 bytes each

} // namespace

Checkpoint::Checkpoint(const QString& path)
    : m_path(path) {
    QString file = path;
    if (QFileInfo(path).isDir()) {
        const QDir folder(path);
        // transformers' order (modeling_utils `_get_resolved_checkpoint_files`): the single file first.
        if (folder.exists(u"model.safetensors"_s)) {
            file = folder.filePath(u"model.safetensors"_s);
        } else if (folder.exists(u"model.safetensors.index.json"_s)) {
            file = folder.filePath(u"model.safetensors.index.json"_s);
        } else {
            throwFileError(path,
                u"holds neither model.safetensors.index.json nor model.safetensors; name the checkpoint "
                "file itself (a .safetensors file or an .index.json)"_s);
        }
    }
    if (file.endsWith(u".json"_s)) {
        openIndex(file);
        return;
    }
    m_shards.push_back(std::make_unique<SafetensorsFile>(file));
    for (const QString& name : m_shards.front()->names()) {
        m_shardOf.insert(name, 0);
    }
}

Checkpoint::~Checkpoint() = default;

void Checkpoint::openIndex(const QString& indexPath) {
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(readInputFile(indexPath, kMaxIndexBytes), &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        throwFileError(indexPath, u"is not a JSON object ("_s + error.errorString() + u')');
    }
    const QJsonValue weightMap = document.object().value(u"weight_map"_s);
    if (!weightMap.isObject() || weightMap.toObject().isEmpty()) {
        throwFileError(
            indexPath, u"has no weight_map {tensor: shard file}: not a sharded checkpoint's index"_s);
    }
    const QDir folder = QFileInfo(indexPath).absoluteDir();
    QMap<QString, int> shardIndex; // shard file name -> index into m_shards, in name order
    const QJsonObject map = weightMap.toObject();
    for (auto it = map.begin(); it != map.end(); ++it) {
        const QString shard = it.value().toString();
        if (shard.isEmpty() || shard.contains(u'/') || shard.contains(u'\\') || shard == u".."_s) {
            throwFileError(indexPath,
                u"weight_map gives tensor "_s + it.key() + u" the shard \""_s + shard.left(200)
                    + u"\", which is not a file name beside the index"_s);
        }
        if (!shardIndex.contains(shard)) {
            const QString shardPath = folder.filePath(shard);
            if (!QFileInfo::exists(shardPath)) {
                throwFileError(indexPath,
                    u"lists the shard "_s + shard + u" (for "_s + it.key() + u"), which is not in "_s
                        + folder.path());
            }
            shardIndex.insert(shard, static_cast<int>(m_shards.size()));
            m_shards.push_back(std::make_unique<SafetensorsFile>(shardPath));
        }
        const int index = shardIndex.value(shard);
        if (!m_shards[static_cast<std::size_t>(index)]->contains(it.key())) {
            throwFileError(indexPath,
                u"puts tensor "_s + it.key() + u" in "_s + shard
                    + u", whose header does not hold it: the index and its shards disagree"_s);
        }
        m_shardOf.insert(it.key(), index);
    }
}

QStringList Checkpoint::names() const {
    QStringList names = m_shardOf.keys();
    names.sort();
    return names;
}

const SafetensorsFile& Checkpoint::file(const QString& name) const {
    const auto it = m_shardOf.find(name);
    if (it == m_shardOf.end()) {
        throwFileError(m_path, u"holds no tensor "_s + name);
    }
    return *m_shards[static_cast<std::size_t>(it.value())];
}

} // namespace pecards::app
