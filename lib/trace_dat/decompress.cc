// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/decompress.h"

#include <climits>
#include <map>
#include <mutex>

#include "trace_dat/compression_config.h"

#if TEP_HAVE_ZSTD
#include <zstd.h>
#endif
#if TEP_HAVE_ZLIB
#include <zlib.h>
#endif

namespace tep::trace_dat {
namespace {

#if TEP_HAVE_ZSTD
// One decompression context per reader, reused for every chunk.
class ZstdDecompressor final : public Decompressor {
 public:
  ZstdDecompressor() : context_(ZSTD_createDCtx()) {}
  ~ZstdDecompressor() override { ZSTD_freeDCtx(context_); }
  ZstdDecompressor(const ZstdDecompressor&) = delete;
  ZstdDecompressor& operator=(const ZstdDecompressor&) = delete;

  long decompress(std::span<const std::byte> in, std::span<std::byte> out) override {
    if (!context_) return -1;
    size_t written = ZSTD_decompressDCtx(context_, out.data(), out.size(), in.data(), in.size());
    if (ZSTD_isError(written) || written > LONG_MAX) return -1;
    return static_cast<long>(written);
  }

 private:
  ZSTD_DCtx* context_;
};
#endif

#if TEP_HAVE_ZLIB
class ZlibDecompressor final : public Decompressor {
 public:
  long decompress(std::span<const std::byte> in, std::span<std::byte> out) override {
    // zlib counts in uLong (32 bits on some targets): larger inputs are not zlib's.
    if (in.size() > ULONG_MAX || out.size() > ULONG_MAX) return -1;
    uLongf written = static_cast<uLongf>(out.size());
    uLong read = static_cast<uLong>(in.size());
    int ret =
        uncompress2(reinterpret_cast<Bytef*>(out.data()), &written, reinterpret_cast<const Bytef*>(in.data()), &read);
    if (ret != Z_OK || written > LONG_MAX) return -1;
    return static_cast<long>(written);
  }
};
#endif

struct Registry {
  std::mutex mutex;
  std::map<std::string, DecompressorFactory, std::less<>> factories;

  Registry() {
#if TEP_HAVE_ZSTD
    factories.emplace("zstd", [] { return std::make_unique<ZstdDecompressor>(); });
#endif
#if TEP_HAVE_ZLIB
    factories.emplace("zlib", [] { return std::make_unique<ZlibDecompressor>(); });
#endif
  }
};

Registry& registry() {
  static Registry instance;
  return instance;
}

}  // namespace

void register_decompressor(std::string_view name, DecompressorFactory factory) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.factories.insert_or_assign(std::string(name), std::move(factory));
}

std::unique_ptr<Decompressor> make_decompressor(std::string_view name) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  auto it = r.factories.find(name);
  if (it == r.factories.end() || !it->second) return nullptr;
  return it->second();
}

bool is_trace_cmd_compression(std::string_view name) { return name == "zstd" || name == "zlib"; }

}  // namespace tep::trace_dat
