// On-disk program binary cache (kernelcache.h).

#include "pecards/gpu/kernelcache.h"

#include <array>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

namespace pecards::gpu {

namespace {

constexpr std::array<char, 8> kMagic {'P', 'E', 'C', 'L', 'B', 'I', 'N', '2'};
constexpr std::uint64_t kFnvOffset = 14695981039346656037ULL;
constexpr std::uint64_t kFnvPrime = 1099511628211ULL;

std::uint64_t fnv1a(const unsigned char* data, std::size_t size, std::uint64_t hash = kFnvOffset) {
    for (std::size_t n = 0; n < size; ++n) {
        hash = (hash ^ data[n]) * kFnvPrime;
    }
    return hash;
}

std::string hex(std::uint64_t value) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string text(16, '0');
    for (int n = 15; n >= 0; --n) {
        text[static_cast<std::size_t>(n)] = kDigits[value & 0xFU];
        value >>= 4;
    }
    return text;
}

const char* environment(const char* name) {
    const char* value = std::getenv(name);
    return value != nullptr && value[0] != '\0' ? value : nullptr;
}

/// The entry checksum binds the binary to its key: an entry copied under another key fails.
std::uint64_t entryChecksum(const std::string& key, const unsigned char* data, std::size_t size) {
    const std::uint64_t hash = fnv1a(reinterpret_cast<const unsigned char*>(key.data()), key.size());
    return fnv1a(data, size, hash);
}

constexpr std::size_t kHeaderBytes = kMagic.size() + 2 * sizeof(std::uint64_t);

/// Owned by this user and writable by nobody else.
bool trusted(const struct stat& info) {
    return info.st_uid == ::geteuid() && (info.st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

bool readFully(int fd, void* data, std::size_t size) {
    auto* bytes = static_cast<unsigned char*>(data);
    while (size > 0) {
        const ssize_t n = ::read(fd, bytes, size);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return false;
        }
        bytes += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

bool writeFully(int fd, const void* data, std::size_t size) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    while (size > 0) {
        const ssize_t n = ::write(fd, bytes, size);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return false;
        }
        bytes += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

/// Closes a POSIX file descriptor at scope exit.
class Descriptor {
public:
    explicit Descriptor(int fd)
        : m_fd(fd) { }
    ~Descriptor() {
        if (m_fd >= 0) {
            ::close(m_fd);
        }
    }
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    int get() const { return m_fd; }
    /// Closes now; @return false when close reports a (deferred write) error.
    bool close() {
        const int fd = m_fd;
        m_fd = -1;
        return ::close(fd) == 0;
    }

private:
    int m_fd;
};

std::filesystem::path pendingPath(const std::filesystem::path& entry) {
    std::filesystem::path pending = entry;
    pending += ".pending";
    return pending;
}

/// The process id written into a pending mark; 0 when the mark is unreadable; nothing when
/// there is no mark.
std::optional<pid_t> pendingHolder(const std::filesystem::path& pending) {
    Descriptor fd(::open(pending.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
    if (fd.get() < 0) {
        if (errno == ENOENT) {
            return std::nullopt;
        }
        return pid_t {0};
    }
    std::array<char, 24> text {};
    const ssize_t n = ::read(fd.get(), text.data(), text.size() - 1);
    if (n <= 0) {
        return pid_t {0};
    }
    const long pid = std::strtol(text.data(), nullptr, 10);
    return pid > 0 && pid <= 0x3fffffff ? static_cast<pid_t>(pid) : pid_t {0};
}

} // namespace

KernelCache::KernelCache(std::filesystem::path directory)
    : m_directory(std::move(directory)) {
}

std::filesystem::path KernelCache::defaultDirectory() {
    if (const char* dir = environment("PECARDS_KERNEL_CACHE_DIR")) {
        return dir;
    }
    if (const char* xdg = environment("XDG_CACHE_HOME")) {
        return std::filesystem::path(xdg) / "pecards" / "kernels";
    }
    if (const char* home = environment("HOME")) {
        return std::filesystem::path(home) / ".cache" / "pecards" / "kernels";
    }
    return {};
}

std::string KernelCache::key(const std::vector<std::string>& parts) {
    std::uint64_t low = kFnvOffset;
    std::uint64_t high = kFnvOffset ^ 0x5bd1e995ULL;
    for (const std::string& part : parts) {
        const auto* bytes = reinterpret_cast<const unsigned char*>(part.data());
        const std::uint64_t size = part.size();
        low = fnv1a(reinterpret_cast<const unsigned char*>(&size), sizeof(size), low);
        low = fnv1a(bytes, part.size(), low);
        high = fnv1a(bytes, part.size(), high * 31 + size);
    }
    return hex(high) + hex(low);
}

std::filesystem::path KernelCache::entryPath(const std::string& key) const {
    return m_directory / (key + ".clbin");
}

void KernelCache::note(const std::string& problem) const {
    if (m_notice.empty()) {
        m_notice = "kernel cache " + m_directory.string() + ": " + problem;
    }
}

bool KernelCache::directoryUsable(bool create) const {
    if (m_directory.empty()) {
        return false;
    }
    const std::string dir = m_directory.string();
    if (create) {
        std::error_code error;
        std::filesystem::create_directories(m_directory.parent_path(), error);
        if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) {
            note(std::string("cannot be created (") + std::strerror(errno)
                + "); kernels are compiled at every start");
            return false;
        }
    }
    struct stat info { };
    if (::stat(dir.c_str(), &info) != 0) {
        if (create) {
            note(std::string("cannot be used (") + std::strerror(errno) + ")");
        }
        return false;
    }
    if (!S_ISDIR(info.st_mode) || info.st_uid != ::geteuid()) {
        note("is not a directory owned by this user; it is not used");
        return false;
    }
    // The mode of a folder is its owner's choice: never changed (a shared 1777 or a 2775 project
    // folder keeps its bits). One that others may write to could hand the driver a planted binary,
    // so it is not used; the folder this cache creates itself is made 0700 by mkdir.
    if ((info.st_mode & 022) != 0) {
        note("is writable by others; it is not used (point PECARDS_KERNEL_CACHE_DIR at a private folder)");
        return false;
    }
    return true;
}

std::optional<std::vector<unsigned char>> KernelCache::load(const std::string& key) const {
    if (!directoryUsable(false)) {
        return std::nullopt;
    }
    const std::filesystem::path path = entryPath(key);
    if (const std::optional<pid_t> holder = pendingHolder(pendingPath(path))) {
        if (*holder > 0 && (::kill(*holder, 0) == 0 || errno == EPERM)) {
            return std::nullopt; // another running process is loading it right now: compile
        }
        // An earlier start handed this binary to the driver and never confirmed it: it crashed.
        discard(key);
        note("an entry made an earlier start fail and was removed; the kernels are compiled again");
        return std::nullopt;
    }
    Descriptor fd(::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
    if (fd.get() < 0) {
        return std::nullopt; // absent (or a symlink): compiled and stored anew
    }
    struct stat info { };
    if (::fstat(fd.get(), &info) != 0 || !S_ISREG(info.st_mode) || !trusted(info)) {
        note("an entry that is not a regular file owned by this user (or is writable by others) is "
             "ignored");
        return std::nullopt;
    }
    std::array<char, 8> magic {};
    std::uint64_t size = 0;
    std::uint64_t checksum = 0;
    if (!readFully(fd.get(), magic.data(), magic.size()) || !readFully(fd.get(), &size, sizeof(size))
        || !readFully(fd.get(), &checksum, sizeof(checksum)) || magic != kMagic || size == 0
        || size > kMaxBinaryBytes || static_cast<std::uint64_t>(info.st_size) != kHeaderBytes + size) {
        return std::nullopt; // the declared size is checked against the file before allocating
    }
    std::vector<unsigned char> binary(static_cast<std::size_t>(size));
    if (!readFully(fd.get(), binary.data(), binary.size())
        || entryChecksum(key, binary.data(), binary.size()) != checksum) {
        return std::nullopt;
    }
    Descriptor pending(
        ::open(pendingPath(path).c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
    const std::string pid = std::to_string(::getpid());
    if (pending.get() < 0 || !writeFully(pending.get(), pid.data(), pid.size()) || !pending.close()) {
        return std::nullopt; // without the crash guard the binary is not handed to the driver
    }
    return binary;
}

void KernelCache::confirm(const std::string& key) const noexcept {
    std::error_code error;
    std::filesystem::remove(pendingPath(entryPath(key)), error);
}

void KernelCache::discard(const std::string& key) const noexcept {
    std::error_code error;
    std::filesystem::remove(entryPath(key), error);
    std::filesystem::remove(pendingPath(entryPath(key)), error);
}

bool KernelCache::store(const std::string& key, const std::vector<unsigned char>& binary) const noexcept {
    if (m_directory.empty() || binary.empty() || binary.size() > kMaxBinaryBytes) {
        return false;
    }
    try {
        if (!directoryUsable(true)) {
            return false;
        }
        const std::filesystem::path target = entryPath(key);
        std::filesystem::path temporary = target;
        temporary += ".tmp" + std::to_string(::getpid()); // unique per writing process
        std::error_code error;
        std::filesystem::remove(temporary, error); // a leftover of a crashed writer with this pid
        Descriptor fd(::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
        const std::uint64_t size = binary.size();
        const std::uint64_t checksum = entryChecksum(key, binary.data(), binary.size());
        const bool written = fd.get() >= 0 && writeFully(fd.get(), kMagic.data(), kMagic.size())
            && writeFully(fd.get(), &size, sizeof(size)) && writeFully(fd.get(), &checksum, sizeof(checksum))
            && writeFully(fd.get(), binary.data(), binary.size()) && ::fsync(fd.get()) == 0 && fd.close();
        if (!written) {
            note(std::string("an entry cannot be written (") + std::strerror(errno)
                + "); kernels are compiled at every start");
            std::filesystem::remove(temporary, error);
            return false;
        }
        std::filesystem::rename(temporary, target, error);
        if (error) {
            note("an entry cannot be renamed into place (" + error.message() + ")");
            std::filesystem::remove(temporary, error);
            return false;
        }
        return true;
    } catch (...) {
        return false;
    }
}

} // namespace pecards::gpu
