#pragma once
/// @file kernelcache.h
/// @brief On-disk cache of built OpenCL program binaries, so a second start does not recompile.
///
/// One file per key, `<key>.clbin`: an 8-byte magic, the payload size and its FNV-1a checksum,
/// then the binary. A file that is short, has a wrong magic or checksum is reported as missing
/// (the caller rebuilds and overwrites it); write errors are ignored (the cache is an optimisation).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace pecards::gpu {

class KernelCache {
public:
    /// @param directory where entries live; created on the first store. Empty = caching disabled.
    explicit KernelCache(std::filesystem::path directory);

    /// @brief PECARDS_KERNEL_CACHE_DIR if set, else $XDG_CACHE_HOME/pecards/kernels, else
    /// $HOME/.cache/pecards/kernels; empty when none of these variables is set.
    static std::filesystem::path defaultDirectory();

    /// @brief Key of a program build: 128-bit FNV-1a (hex) over the device name, platform name,
    /// driver and device versions, the program source and the build options.
    static std::string key(const std::vector<std::string>& parts);

    /// @brief The stored binary, or nothing when absent, unreadable or corrupt.
    std::optional<std::vector<unsigned char>> load(const std::string& key) const;

    /// @brief Stores a binary atomically (temporary file + rename). @return false on any I/O error.
    bool store(const std::string& key, const std::vector<unsigned char>& binary) const noexcept;

    /// @brief Path of the entry for `key` (whether or not it exists).
    std::filesystem::path entryPath(const std::string& key) const;

    const std::filesystem::path& directory() const { return m_directory; }

private:
    std::filesystem::path m_directory;
};

} // namespace pecards::gpu
