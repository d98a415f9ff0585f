// libFuzzer target: bytes of a .npy file -> readNpyMatrix (the whole file, and its first 4 rows).
// The bytes live in a memfd (a regular file without touching the disk). Every input gives a
// matrix of finite entries within kMaxProbeEntry, or a FileError.

#include "common/fileerror.h"
#include "common/npyfile.h"
#include "pecards/params.h"

#include <QString>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sys/mman.h>
#include <unistd.h>

namespace {

void check(const Eigen::MatrixXd& m) {
    if (!(m.array().isFinite().all() && (m.array().abs() <= pecards::kMaxProbeEntry).all())) {
        std::abort(); // the reader promised bounded, finite entries
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const int fd = ::memfd_create("fuzz.npy", 0);
    if (fd < 0 || ::ftruncate(fd, 0) != 0 || ::pwrite(fd, data, size, 0) != static_cast<ssize_t>(size)) {
        std::abort();
    }
    const QString path = QStringLiteral("/proc/self/fd/%1").arg(fd);
    try {
        check(pecards::app::readNpyMatrix(path, 4));
        check(pecards::app::readNpyMatrix(path));
    } catch (const pecards::app::FileError&) {
        // rejected with a message naming the file: fine
    }
    return 0;
}
