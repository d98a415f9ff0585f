#include "common/inputfile.h"

#include "common/fileerror.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace pecards::app {

qint64 openInputFile(QFile& file, const QString& path, qint64 maxBytes, QIODevice::OpenMode mode) {
    const QByteArray name = QFile::encodeName(path);
    // O_NONBLOCK: opening a FIFO without a writer would otherwise wait forever.
    const int fd = ::open(name.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        throwFileError(path, u"cannot be read ("_s + QString::fromLocal8Bit(std::strerror(errno)) + u')');
    }
    struct stat info { };
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        ::close(fd);
        throwFileError(
            path, u"is not a regular file (a directory, device, FIFO or socket): only files are read"_s);
    }
    if (info.st_size > maxBytes) {
        ::close(fd);
        throwFileError(path,
            u"is "_s + QString::number(static_cast<qint64>(info.st_size)) + u" bytes, more than the "_s
                + QString::number(maxBytes) + u" bytes allowed for this kind of file"_s);
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    if (!file.open(fd, mode, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        throwFileError(path, u"cannot be read ("_s + file.errorString() + u')');
    }
    return static_cast<qint64>(info.st_size);
}

QByteArray readInputFile(const QString& path, qint64 maxBytes) {
    if (path.startsWith(u':')) { // a Qt resource (built-in presets): in memory, its size is known
        QFile resource(path);
        if (!resource.open(QIODevice::ReadOnly)) {
            throwFileError(path, u"cannot be read ("_s + resource.errorString() + u')');
        }
        if (resource.size() > maxBytes) {
            throwFileError(path, u"is larger than the "_s + QString::number(maxBytes) + u" bytes allowed"_s);
        }
        return resource.readAll();
    }
    QFile file;
    const qint64 size = openInputFile(file, path, maxBytes);
    QByteArray bytes = file.read(size);
    if (bytes.size() != size) {
        throwFileError(path, u"cannot be read ("_s + file.errorString() + u')');
    }
    return bytes;
}

} // namespace pecards::app
