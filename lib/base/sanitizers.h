// SPDX-License-Identifier: LGPL-2.1
// Whether a sanitizer (ASan, TSan, MSan) instruments this build: what reads
// past an object's end on purpose, or reuses memory that would otherwise be
// freed, turns that off there so the sanitizer keeps seeing what it checks.
#pragma once

namespace tep::base {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace tep::base
