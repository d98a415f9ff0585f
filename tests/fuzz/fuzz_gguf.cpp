// libFuzzer target: bytes of a GGUF file -> GgufFile (header and tensor table checked against the
// file), then its metadata, the RoPE check's reading of it (common/ggufrope.h) and every 1-D
// tensor. The bytes live in a memfd (a regular file without touching the disk). Every input is read
// or refused with a FileError; nothing else may escape, and no count may allocate.

#include "common/fileerror.h"
#include "common/gguffile.h"
#include "common/ggufrope.h"

#include <QString>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sys/mman.h>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const int fd = ::memfd_create("fuzz.gguf", 0);
    if (fd < 0 || ::ftruncate(fd, 0) != 0 || ::pwrite(fd, data, size, 0) != static_cast<ssize_t>(size)) {
        std::abort();
    }
    const QString path = QStringLiteral("/proc/self/fd/%1").arg(fd);
    try {
        const pecards::app::GgufFile file(path);
        for (const QString& key : file.keys()) {
            static_cast<void>(file.number(key));
            static_cast<void>(file.string(key));
        }
        for (const QString& name : file.tensorNames()) {
            try {
                const Eigen::VectorXd values = file.vector(name);
                if (values.size() != (*file.tensorDims(name))[0]) {
                    std::abort(); // the reader promised the stored length
                }
            } catch (const pecards::app::FileError&) {
                // not 1-D, another type, or outside the file: refused naming the tensor
            }
        }
        static_cast<void>(pecards::app::ggufRope(file)); // or FileError: no architecture, keys out of range
    } catch (const pecards::app::FileError&) {
        // rejected with a message naming the file: fine
    }
    return 0;
}
