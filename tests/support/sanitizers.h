#pragma once
/// @file sanitizers.h
/// @brief PECARDS_UNDER_ASAN is defined for the tests of the sanitize build (PECARDS_SANITIZE,
/// tests/CMakeLists.txt), whose executables run under AddressSanitizer; the test sources themselves
/// are compiled without instrumentation, so the compiler's own feature macros do not say it.
/// Memory figures (resident set, malloc's heap in use) mean nothing there: ASan's shadow memory,
/// quarantine and own allocator are part of them, so tests that measure memory leave those checks
/// to the ci build (LeakSanitizer checks leaks under ASan).

namespace pecards::testsupport {

/// @brief True in the sanitize build. There the suites check every code path, not every size:
/// a test whose cost is numerical work at scale (the CPU reference over 2^26 entries, 10,000 soak
/// changes) does a smaller amount of the same work and says so; the ci build runs it in full.
#ifdef PECARDS_UNDER_ASAN
inline constexpr bool kUnderAsan = true;
#else
inline constexpr bool kUnderAsan = false;
#endif

} // namespace pecards::testsupport
