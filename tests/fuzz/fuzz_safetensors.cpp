// libFuzzer target: bytes of a .safetensors file -> SafetensorsFile (header checked against the
// file), then every tensor's shape and, for 2-D tensors, its values. The bytes live in a memfd (a
// regular file without touching the disk). Every input opens with tensors whose values match
// their shape, or is refused with a FileError.

#include "common/fileerror.h"
#include "common/safetensorsfile.h"

#include <QString>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sys/mman.h>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const int fd = ::memfd_create("fuzz.safetensors", 0);
    if (fd < 0 || ::ftruncate(fd, 0) != 0 || ::pwrite(fd, data, size, 0) != static_cast<ssize_t>(size)) {
        std::abort();
    }
    const QString path = QStringLiteral("/proc/self/fd/%1").arg(fd);
    try {
        const pecards::app::SafetensorsFile file(path);
        for (const QString& name : file.names()) {
            const std::vector<std::int64_t> shape = file.shape(name);
            if (shape.size() != 2) {
                continue;
            }
            try {
                const Eigen::MatrixXd m = file.matrix(name);
                if (m.rows() != shape[0] || m.cols() != shape[1]) {
                    std::abort(); // the reader promised the stored shape
                }
            } catch (const pecards::app::FileError&) {
                // another dtype or too many values: refused with a message naming the tensor
            }
        }
    } catch (const pecards::app::FileError&) {
        // rejected with a message naming the file: fine
    }
    return 0;
}
