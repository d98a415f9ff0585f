// The kernel binary cache trusts nothing on disk: private directory, regular files of this user
// only, declared size checked against the file before allocating, entries bound to their key,
// FIFOs and symlinks never followed or waited on, a pending mark that turns a driver crash on a
// bad binary into one crash (the next start deletes the entry), and one notice when unusable.

#include "gputestsupport.h"
#include "pecards/gpu/backendfactory.h"
#include "pecards/gpu/kernelcache.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace pecards::test {
namespace {

namespace fs = std::filesystem;
using gpu::KernelCache;

const std::vector<unsigned char> kBinary {'b', 'i', 'n', 'a', 'r', 'y', 0, 1, 2, 3};

class KernelCacheTest : public ::testing::Test {
protected:
    void SetUp() override {
        char pattern[] = "/tmp/pecards-kcache-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern), nullptr);
        m_root = pattern;
        m_dir = m_root / "cache" / "kernels";
    }
    void TearDown() override {
        std::error_code error;
        fs::permissions(m_root, fs::perms::owner_all, error);
        fs::remove_all(m_root, error);
    }
    static mode_t mode(const fs::path& path) {
        struct stat info { };
        EXPECT_EQ(::lstat(path.c_str(), &info), 0) << path;
        return info.st_mode & 07777;
    }
    static std::string readText(const fs::path& path) {
        std::ifstream in(path);
        return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    }

    fs::path m_root;
    fs::path m_dir;
};

TEST_F(KernelCacheTest, StoresIntoAPrivateDirectoryAndLoadsBack) {
    const KernelCache cache(m_dir);
    EXPECT_FALSE(cache.load("k").has_value()); // no directory yet: nothing, and nothing created
    EXPECT_FALSE(fs::exists(m_dir));
    ASSERT_TRUE(cache.store("k", kBinary));
    EXPECT_EQ(mode(m_dir), 0700U);
    EXPECT_EQ(mode(cache.entryPath("k")), 0600U);
    const auto loaded = cache.load("k");
    ASSERT_TRUE(loaded.has_value());
    EXPECT_EQ(*loaded, kBinary);
    cache.confirm("k");
    EXPECT_TRUE(cache.notice().empty()) << cache.notice();
    EXPECT_EQ(std::distance(fs::directory_iterator(m_dir), fs::directory_iterator()), 1);
}

// The review's reproducer (reliab/perm_kernel_cache_chmods_existing_folder.sh): a shared folder
// keeps its sticky bit and everyone's access; it is not used. A folder others may only read is used
// as it is.
TEST_F(KernelCacheTest, AnExistingFolderKeepsItsModeAndIsUsedOnlyWhenOthersCannotWriteIt) {
    fs::create_directories(m_dir);
    ASSERT_EQ(::chmod(m_dir.c_str(), 01777), 0);
    const KernelCache shared(m_dir);
    EXPECT_FALSE(shared.store("k", kBinary));
    EXPECT_EQ(mode(m_dir), 01777U);
    EXPECT_NE(shared.notice().find("writable by others"), std::string::npos) << shared.notice();
    ASSERT_EQ(::chmod(m_dir.c_str(), 0755), 0);
    ASSERT_TRUE(KernelCache(m_dir).store("k", kBinary));
    EXPECT_EQ(mode(m_dir), 0755U);
}

TEST_F(KernelCacheTest, AnEntryCopiedUnderAnotherKeyIsRejected) {
    const KernelCache cache(m_dir);
    ASSERT_TRUE(cache.store("a", kBinary));
    fs::copy_file(cache.entryPath("a"), cache.entryPath("b"));
    EXPECT_FALSE(cache.load("b").has_value());
}

TEST_F(KernelCacheTest, DeclaredSizeMustEqualTheFileLength) {
    const KernelCache cache(m_dir);
    ASSERT_TRUE(cache.store("k", kBinary));
    const fs::path entry = cache.entryPath("k");
    {
        // Size field (bytes 8..15) = 2^32: rejected from the file length, nothing allocated.
        std::fstream file(entry, std::ios::in | std::ios::out | std::ios::binary);
        file.seekp(8);
        const std::uint64_t huge = std::uint64_t {1} << 32;
        file.write(reinterpret_cast<const char*>(&huge), sizeof(huge));
    }
    EXPECT_FALSE(cache.load("k").has_value());
    ASSERT_TRUE(cache.store("k", kBinary));
    fs::resize_file(entry, fs::file_size(entry) - 3); // truncated binary
    EXPECT_FALSE(cache.load("k").has_value());
    EXPECT_FALSE(fs::exists(entry.string() + ".pending")); // nothing handed to a driver
}

TEST_F(KernelCacheTest, FifosSymlinksAndOpenEntriesAreIgnored) {
    const KernelCache cache(m_dir);
    ASSERT_TRUE(cache.store("real", kBinary));
    fs::create_symlink(cache.entryPath("real"), cache.entryPath("link"));
    EXPECT_FALSE(cache.load("link").has_value()); // never followed
    ASSERT_EQ(::mkfifo(cache.entryPath("fifo").c_str(), 0600), 0);
    const auto start = std::chrono::steady_clock::now();
    EXPECT_FALSE(cache.load("fifo").has_value()); // returns at once: no writer is waited for
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
    EXPECT_NE(cache.notice().find("not a regular file"), std::string::npos) << cache.notice();
    const KernelCache fresh(m_dir);
    fs::permissions(fresh.entryPath("real"), fs::perms::others_write, fs::perm_options::add);
    EXPECT_FALSE(fresh.load("real").has_value());
    EXPECT_NE(fresh.notice().find("writable by others"), std::string::npos) << fresh.notice();
}

TEST_F(KernelCacheTest, AnEntryThatCrashedAnEarlierStartIsDeleted) {
    {
        const KernelCache first(m_dir);
        ASSERT_TRUE(first.store("k", kBinary));
        ASSERT_TRUE(first.load("k").has_value()); // handed to the driver, which "crashes":
    } // no confirm()
    const fs::path pending = KernelCache(m_dir).entryPath("k").string() + ".pending";
    ASSERT_TRUE(fs::exists(pending));
    EXPECT_EQ(readText(pending), std::to_string(::getpid()));
    // While the process holding the mark lives, another start just compiles and keeps the entry.
    const KernelCache concurrent(m_dir);
    EXPECT_FALSE(concurrent.load("k").has_value());
    EXPECT_TRUE(fs::exists(concurrent.entryPath("k")));
    EXPECT_TRUE(concurrent.notice().empty()) << concurrent.notice();
    // The holder is dead (a child that exited): the entry is deleted, once, with a notice.
    const pid_t child = ::fork();
    if (child == 0) {
        ::_exit(0);
    }
    ASSERT_GT(child, 0);
    ::waitpid(child, nullptr, 0);
    std::ofstream(pending, std::ios::trunc) << child;
    const KernelCache next(m_dir);
    EXPECT_FALSE(next.load("k").has_value());
    EXPECT_FALSE(fs::exists(next.entryPath("k")));
    EXPECT_FALSE(fs::exists(pending));
    EXPECT_NE(next.notice().find("made an earlier start fail"), std::string::npos) << next.notice();
    ASSERT_TRUE(next.store("k", kBinary)); // rebuilt and stored again
    EXPECT_TRUE(next.load("k").has_value());
    next.discard("k");
    EXPECT_FALSE(fs::exists(next.entryPath("k")));
    EXPECT_FALSE(fs::exists(pending));
}

TEST_F(KernelCacheTest, AnUnusableDirectoryIsSaidOnce) {
    fs::create_directories(m_dir.parent_path());
    std::ofstream(m_dir) << "a file where the directory should be";
    const KernelCache cache(m_dir);
    EXPECT_FALSE(cache.store("k", kBinary));
    const std::string first = cache.notice();
    EXPECT_NE(first.find(m_dir.string()), std::string::npos) << first;
    EXPECT_FALSE(cache.store("other", kBinary));
    EXPECT_EQ(cache.notice(), first); // the first problem only
}

TEST_F(KernelCacheTest, TheBackendSaysWhenItsCacheCannotBeUsed) {
    PECARDS_GET_OPENCL_BACKEND(probe);
    fs::create_directories(m_dir.parent_path());
    std::ofstream(m_dir) << "not a directory";
    const char* old = std::getenv("PECARDS_KERNEL_CACHE_DIR");
    const std::string saved = old != nullptr ? old : "";
    ::setenv("PECARDS_KERNEL_CACHE_DIR", m_dir.c_str(), 1);
    gpu::DeviceSelection selection;
    selection.device_name = probe->device().fullName();
    const gpu::BackendChoice choice = gpu::makeBackend(selection);
    if (old != nullptr) {
        ::setenv("PECARDS_KERNEL_CACHE_DIR", saved.c_str(), 1);
    } else {
        ::unsetenv("PECARDS_KERNEL_CACHE_DIR");
    }
    EXPECT_TRUE(choice.is_opencl);
    EXPECT_NE(choice.notice.find("kernel cache " + m_dir.string()), std::string::npos) << choice.notice;
}

} // namespace
} // namespace pecards::test
