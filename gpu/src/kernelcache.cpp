// On-disk program binary cache (kernelcache.h).

#include "pecards/gpu/kernelcache.h"

#include <array>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <system_error>
#include <unistd.h>

namespace pecards::gpu {

namespace {

constexpr std::array<char, 8> kMagic {'P', 'E', 'C', 'L', 'B', 'I', 'N', '1'};
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

std::optional<std::vector<unsigned char>> KernelCache::load(const std::string& key) const {
    if (m_directory.empty()) {
        return std::nullopt;
    }
    std::ifstream in(entryPath(key), std::ios::binary);
    if (!in) {
        return std::nullopt;
    }
    std::array<char, 8> magic {};
    std::uint64_t size = 0;
    std::uint64_t checksum = 0;
    in.read(magic.data(), magic.size());
    in.read(reinterpret_cast<char*>(&size), sizeof(size));
    in.read(reinterpret_cast<char*>(&checksum), sizeof(checksum));
    if (!in || magic != kMagic || size == 0 || size > (std::uint64_t {1} << 32)) {
        return std::nullopt;
    }
    std::vector<unsigned char> binary(static_cast<std::size_t>(size));
    in.read(reinterpret_cast<char*>(binary.data()), static_cast<std::streamsize>(size));
    if (!in || in.peek() != std::char_traits<char>::eof()
        || fnv1a(binary.data(), binary.size()) != checksum) {
        return std::nullopt;
    }
    return binary;
}

bool KernelCache::store(const std::string& key, const std::vector<unsigned char>& binary) const noexcept {
    if (m_directory.empty() || binary.empty()) {
        return false;
    }
    try {
        std::error_code error;
        std::filesystem::create_directories(m_directory, error);
        const std::filesystem::path target = entryPath(key);
        std::filesystem::path temporary = target;
        temporary += ".tmp" + std::to_string(::getpid()); // unique per writing process
        {
            std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
            const std::uint64_t size = binary.size();
            const std::uint64_t checksum = fnv1a(binary.data(), binary.size());
            out.write(kMagic.data(), kMagic.size());
            out.write(reinterpret_cast<const char*>(&size), sizeof(size));
            out.write(reinterpret_cast<const char*>(&checksum), sizeof(checksum));
            out.write(
                reinterpret_cast<const char*>(binary.data()), static_cast<std::streamsize>(binary.size()));
            if (!out) {
                std::filesystem::remove(temporary, error);
                return false;
            }
        }
        std::filesystem::rename(temporary, target, error);
        if (error) {
            std::filesystem::remove(temporary, error);
            return false;
        }
        return true;
    } catch (...) {
        return false;
    }
}

} // namespace pecards::gpu
