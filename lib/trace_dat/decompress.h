// SPDX-License-Identifier: LGPL-2.1
// Decompressors by the compression name a v7 file gives ("zstd", "zlib").
// The native build registers Debian's libzstd and zlib when meson found them;
// a WebAssembly build registers its own (e.g. one that calls into JavaScript)
// through register_decompressor before opening a file. The registry is the
// one process-global object of the reader; files opened later use what it
// holds then.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace tep::trace_dat {

class Decompressor {
 public:
  virtual ~Decompressor() = default;
  // Decompresses all of `in` into `out`, sized as the file claims: the number
  // of bytes written, or -1 when the data is damaged or does not fit.
  virtual long decompress(std::span<const std::byte> in, std::span<std::byte> out) = 0;
};

using DecompressorFactory = std::function<std::unique_ptr<Decompressor>()>;

// Adds or replaces the decompressor of `name`. Safe from any thread.
void register_decompressor(std::string_view name, DecompressorFactory factory);

// A new decompressor for `name`, or null when none is registered.
std::unique_ptr<Decompressor> make_decompressor(std::string_view name);

// The compressions trace-cmd writes: a file naming one of these without a
// registered decompressor is kCompressionUnavailable, any other name
// kUnknownCompression.
bool is_trace_cmd_compression(std::string_view name);

// A section or chunk claiming more than this many bytes decompressed is refused
// (kTooLarge), as is one claiming more than kMaxCompressionRatio times its
// compressed bytes (plus one page): so a damaged size never allocates much more
// than the file itself.
inline constexpr uint64_t kMaxDecompressedSize = 1ull << 30;
inline constexpr uint64_t kMaxCompressionRatio = 1024;
inline bool plausible_decompressed_size(uint64_t compressed, uint64_t claimed) {
  return claimed <= kMaxDecompressedSize && claimed <= compressed * kMaxCompressionRatio + 65536;
}

}  // namespace tep::trace_dat
