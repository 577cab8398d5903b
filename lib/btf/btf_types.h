// SPDX-License-Identifier: LGPL-2.1
// The bounds-checked BTF reader: a raw BTF blob (/sys/kernel/btf/vmlinux, a
// trace file's BTF section) copied once and walked once into an array of type
// records. Either byte order is read (upstream 1.9.0 refuses the other one);
// every read after load stays inside the copy: a record is kept only when all
// of it lies in the blob, a string ends at its NUL or at the end of the string
// section, whichever comes first. What load accepts and refuses is upstream's
// (Documentation/man/libtraceevent-btf.adoc), with its messages.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

namespace tep::btf {

// BTF_KIND_*: the type kinds of the format (linux/btf.h).
enum Kind : uint8_t {
  kUnknown = 0, kInt, kPtr, kArray, kStruct, kUnion, kEnum, kFwd, kTypedef, kVolatile, kConst,
  kRestrict, kFunc, kFuncProto, kVar, kDatasec, kFloat, kDeclTag, kTypeTag, kEnum64,
};
constexpr unsigned kMaxKind = kEnum64;

// "INT", "STRUCT", ... as upstream names kinds in its messages and printouts.
const char* kind_name(unsigned kind);

// BTF_INT_SIGNED in an INT's encoding word.
constexpr uint32_t kIntSigned = 1;

// One type record's fixed part, in host order.
struct TypeRecord {
  uint32_t name_off = 0;
  uint32_t info = 0;
  uint32_t size_or_type = 0;  // a size (INT, STRUCT, ENUM...) or a type id (PTR, TYPEDEF, FUNC...)
  unsigned kind() const { return (info >> 24) & 0x1f; }
  unsigned vlen() const { return info & 0xffff; }
};

enum class LoadStatus {
  kOk,
  kBadMagic,          // neither byte order's magic
  kHeaderTooSmall,    // hdr_len < 24
  kStringsPastEnd,    // str_off beyond the blob (upstream's test, without hdr_len)
  kTypesPastEnd,      // hdr_len + type_off + type_len beyond the blob
  kInvalidKind,       // a record of kind 0 or above BTF_KIND_ENUM64
};

// What a failed load reports (upstream's message arguments).
struct LoadError {
  LoadStatus status = LoadStatus::kOk;
  uint32_t value = 0;  // hdr_len, str_len or the kind
};

class BtfTypes {
 public:
  // Copies `size` bytes of `data` and reads them; on failure *this is empty.
  LoadError load(const void* data, size_t size);

  // Ids run from 1 to count() - 1; 0 is void.
  uint32_t count() const { return static_cast<uint32_t>(offsets_.size()); }
  bool valid(uint32_t id) const { return id != 0 && id < offsets_.size(); }
  TypeRecord type(uint32_t id) const {
    const size_t off = offsets_[id];
    return TypeRecord{word(off), word(off + 4), word(off + 8)};
  }
  // The i-th 32-bit word after a record's fixed part (its vlen entries);
  // load has checked that every word a record's kind and vlen imply is there.
  uint32_t extra(uint32_t id, size_t i) const { return word(offsets_[id] + 12 + 4 * i); }
  // A string by its offset in the string section; "" outside it.
  std::string_view string(uint32_t off) const {
    if (off >= str_size_) return {};
    const char* p = reinterpret_cast<const char*>(data_.get()) + str_start_ + off;
    return std::string_view(p, strnlen(p, str_size_ - off));
  }
  // The ids of FUNC records, in id order.
  const std::vector<uint32_t>& functions() const { return functions_; }
  bool foreign_byte_order() const { return swap_; }
  size_t memory_bytes() const { return size_ + offsets_.capacity() * 4 + functions_.capacity() * 4; }

 private:
  uint32_t word(size_t off) const {
    uint32_t v;
    memcpy(&v, data_.get() + off, 4);
    return swap_ ? __builtin_bswap32(v) : v;
  }
  LoadError walk(size_t start, size_t length);

  std::unique_ptr<uint8_t[]> data_;
  size_t size_ = 0;
  size_t str_start_ = 0;
  size_t str_size_ = 0;  // the string section, cut at the blob's end
  bool swap_ = false;
  std::vector<uint32_t> offsets_;    // id -> record offset in data_ (offsets_[0] unused)
  std::vector<uint32_t> functions_;  // FUNC ids
};

}  // namespace tep::btf
