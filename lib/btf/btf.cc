// SPDX-License-Identifier: LGPL-2.1
#include "btf/btf.h"

#include <atomic>

#include "base/log.h"

namespace tep::btf {

namespace {

// Upstream's messages. Its two magic messages read swapped: a blob of the
// other byte order is "Invalid BTF header", any other magic the one about
// byte order; here the other byte order is read, so only the second remains.
void warn(const LoadError& e, size_t size) {
  switch (e.status) {
    case LoadStatus::kBadMagic: tep_warning("BTF does not match endianess of this machine"); break;
    case LoadStatus::kHeaderTooSmall:
      tep_warning("Header (%d) smaller than expected header %zd", static_cast<int>(e.value), size_t{24});
      break;
    case LoadStatus::kStringsPastEnd:
      tep_warning("String header (%d) greater than data size %zd", static_cast<int>(e.value), size);
      break;
    case LoadStatus::kInvalidKind: tep_warning("Invalid type %d\n", static_cast<int>(e.value)); break;
    case LoadStatus::kTypesPastEnd:  // upstream says nothing
    case LoadStatus::kOk: break;
  }
}

std::atomic<uint64_t> loads{0};

}  // namespace

Btf::Btf() : serial(loads.fetch_add(1, std::memory_order_relaxed) + 1) {}

std::unique_ptr<Btf> load(const void* data, size_t size, LoadError* error) {
  auto btf = std::make_unique<Btf>();
  *error = btf->types.load(data, size);
  if (error->status != LoadStatus::kOk) {
    warn(*error, size);
    return nullptr;
  }
  return btf;
}

}  // namespace tep::btf
