// SPDX-License-Identifier: LGPL-2.1
// The bounds-checked BTF reader: a raw BTF blob (/sys/kernel/btf/vmlinux, a
// trace file's BTF section) copied once (the caller may free it) and walked
// once into the offset of each type record, by id; a blob of the other byte
// order has its type section swapped in the copy (upstream 1.9.0 refuses it).
// A record is kept only when all of it lies in the blob; a string ends at its
// NUL or at the end of the string section, whichever comes first; nothing
// points into the caller's memory. What load accepts and refuses is
// upstream's, with its messages.
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
  kUnknown = 0,
  kInt,
  kPtr,
  kArray,
  kStruct,
  kUnion,
  kEnum,
  kFwd,
  kTypedef,
  kVolatile,
  kConst,
  kRestrict,
  kFunc,
  kFuncProto,
  kVar,
  kDatasec,
  kFloat,
  kDeclTag,
  kTypeTag,
  kEnum64,
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
  kBadMagic,        // neither byte order's magic
  kHeaderTooSmall,  // hdr_len < 24
  kStringsPastEnd,  // str_off beyond the blob (upstream's test, without hdr_len)
  kTypesPastEnd,    // hdr_len + type_off + type_len beyond the blob
  kInvalidKind,     // a record of kind 0 or above BTF_KIND_ENUM64
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
  TypeRecord type(uint32_t id) const { return TypeRecord{word(id, 0), word(id, 1), word(id, 2)}; }
  // An INT's encoding word (bits, offset, signedness).
  uint32_t int_encoding(uint32_t id) const { return word(id, 3); }
  // A FUNC_PROTO's parameter i < vlen: its name's offset and its type.
  struct Param {
    uint32_t name_off;
    uint32_t type;
  };
  Param param(uint32_t proto_id, unsigned i) const {
    return Param{word(proto_id, 3 + 2 * i), word(proto_id, 4 + 2 * i)};
  }
  // An ENUM's value i < vlen: its name's offset and its 32 bits.
  struct Enumerator {
    uint32_t name_off;
    uint32_t value;
  };
  Enumerator enumerator(uint32_t enum_id, unsigned i) const {
    return Enumerator{word(enum_id, 3 + 2 * i), word(enum_id, 4 + 2 * i)};
  }
  // An ENUM64's value i < vlen: its name's offset and its 64 bits.
  struct Enumerator64 {
    uint32_t name_off;
    uint64_t value;
  };
  Enumerator64 enumerator64(uint32_t enum_id, unsigned i) const {
    return Enumerator64{word(enum_id, 3 + 3 * i), word(enum_id, 4 + 3 * i) | uint64_t{word(enum_id, 5 + 3 * i)} << 32};
  }
  // A string by its offset in the string section; "" outside it.
  std::string_view string(uint32_t off) const {
    if (off >= str_size_) return {};
    const char* p = reinterpret_cast<const char*>(blob_.get()) + str_start_ + off;
    return std::string_view(p, strnlen(p, str_size_ - off));
  }
  // The string section's first byte; kStringPadding readable bytes follow its end.
  const char* strings() const { return reinterpret_cast<const char*>(blob_.get()) + str_start_; }
  size_t strings_size() const { return str_size_; }
  static constexpr size_t kStringPadding = 8;
  // The ids of FUNC records, in id order.
  const std::vector<uint32_t>& functions() const { return functions_; }
  bool foreign_byte_order() const { return swap_; }

 private:
  // Word `i` of record `id` (the fixed part's three, then what follows), in host order.
  uint32_t word(uint32_t id, size_t i) const {
    uint32_t v;
    memcpy(&v, blob_.get() + offsets_[id] + 4 * i, 4);
    return v;
  }
  LoadError walk(size_t start, size_t length);

  std::unique_ptr<uint8_t[]> blob_;  // the copy, its type records in host order, padded
  size_t blob_size_ = 0;
  size_t str_start_ = 0;
  size_t str_size_ = 0;  // the string section, cut at the blob's end
  bool swap_ = false;
  // By id: where the record is in blob_ (offsets_[0], void, is 0). Only
  // offsets, not the records again: less to write at load and less memory
  // than upstream's array of pointers.
  std::vector<uint32_t> offsets_;
  std::vector<uint32_t> functions_;  // FUNC ids
};

}  // namespace tep::btf
