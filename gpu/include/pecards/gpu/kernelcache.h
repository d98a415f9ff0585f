#pragma once
/// @file kernelcache.h
/// @brief On-disk cache of built OpenCL program binaries, so a second start does not recompile.
///
/// One file per key, `<key>.clbin`: an 8-byte magic, the payload size and an FNV-1a checksum
/// over the key and the binary, then the binary. The cache trusts nothing it finds:
/// - the directory is created private (0700); an existing one must be owned by the user and not
///   writable by others, else the cache is not used; its mode is never changed (a shared folder
///   keeps its bits);
/// - an entry is read only if it is a regular file owned by the user, not writable by group or
///   others, whose length equals the header plus the declared size (checked before allocating,
///   at most kMaxBinaryBytes); it is opened without following symlinks or blocking (FIFOs);
/// - a binary handed to the driver is marked `<key>.clbin.pending` until confirm(): should the
///   driver crash on a (crafted or mis-produced) binary, the next start finds the mark, deletes
///   the entry and compiles from source, so a bad entry costs one crash, not every start;
/// - entries are written to a private temporary file (O_EXCL, 0600), synced and renamed.
/// Problems never fail a build (the cache is an optimisation); the first one is kept as a
/// one-line notice() for the status bar / stderr.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace pecards::gpu {

class KernelCache {
public:
    /// Largest binary read back (PoCL's CPU binaries of the PE Cards program are ~1-3 MB).
    static constexpr std::uint64_t kMaxBinaryBytes = std::uint64_t {256} << 20;

    /// @param directory where entries live; created on the first store. Empty = caching disabled.
    explicit KernelCache(std::filesystem::path directory);

    /// @brief PECARDS_KERNEL_CACHE_DIR if set, else $XDG_CACHE_HOME/pecards/kernels, else
    /// $HOME/.cache/pecards/kernels; empty when none of these variables is set.
    static std::filesystem::path defaultDirectory();

    /// @brief Key of a program build: 128-bit FNV-1a (hex) over the device name, platform name,
    /// driver and device versions, the program source and the build options.
    static std::string key(const std::vector<std::string>& parts);

    /// @brief The stored binary, or nothing when absent, untrusted, unreadable or corrupt. A
    /// returned binary is marked pending: call confirm() once the driver built it, discard()
    /// when the driver rejected it.
    std::optional<std::vector<unsigned char>> load(const std::string& key) const;

    /// @brief The driver accepted the binary of `key`: clears its pending mark.
    void confirm(const std::string& key) const noexcept;

    /// @brief Removes the entry of `key` and its pending mark (the driver rejected it).
    void discard(const std::string& key) const noexcept;

    /// @brief Stores a binary atomically (private temporary file + rename). @return false on any
    /// I/O error (then notice() says why).
    bool store(const std::string& key, const std::vector<unsigned char>& binary) const noexcept;

    /// @brief Path of the entry for `key` (whether or not it exists).
    std::filesystem::path entryPath(const std::string& key) const;

    const std::filesystem::path& directory() const { return m_directory; }

    /// @brief One line on the first problem met (untrusted directory or entry, write error, an
    /// entry that crashed an earlier start); empty when there was none.
    const std::string& notice() const { return m_notice; }

private:
    bool directoryUsable(bool create) const;
    void note(const std::string& problem) const;

    std::filesystem::path m_directory;
    mutable std::string m_notice;
};

} // namespace pecards::gpu
