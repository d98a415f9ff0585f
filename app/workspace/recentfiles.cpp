#include "workspace/recentfiles.h"

#include <QDir>
#include <QFileInfo>

namespace pecards::app {

namespace {

QString normalised(const QString& path) {
    return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
}

} // namespace

RecentFiles::RecentFiles(QSettings& settings, QString key)
    : m_settings(settings)
    , m_key(std::move(key)) {
}

QStringList RecentFiles::stored() const {
    return m_settings.value(m_key).toStringList();
}

void RecentFiles::store(const QStringList& files) {
    m_settings.setValue(m_key, files);
}

QStringList RecentFiles::files(QStringList* gone) {
    const QStringList all = stored();
    QStringList existing;
    for (const QString& file : all) {
        if (!QFileInfo(file).isFile()) {
            if (gone != nullptr) {
                gone->append(file);
            }
        } else if (!existing.contains(file) && existing.size() < kMaxEntries) {
            existing << file;
        }
    }
    if (existing != all) {
        store(existing);
    }
    return existing;
}

void RecentFiles::add(const QString& path) {
    const QString file = normalised(path);
    QStringList list = stored();
    list.removeAll(file);
    list.prepend(file);
    while (list.size() > kMaxEntries) {
        list.removeLast();
    }
    store(list);
}

void RecentFiles::remove(const QString& path) {
    QStringList list = stored();
    if (list.removeAll(normalised(path)) > 0) {
        store(list);
    }
}

void RecentFiles::clear() {
    store({});
}

} // namespace pecards::app
