// SPDX-License-Identifier: LGPL-2.1
// The bounds-checked BTF reader: a raw BTF blob (/sys/kernel/btf/vmlinux, a
// trace file's BTF section) walked once into an array of type records in host
// order, by id, keeping what the printers read (names, sizes and referenced
// ids, INT encodings, prototypes' parameters, ENUM values; not struct members
// or ENUM64 values), plus a copy of the string section. Either byte order is read
// (upstream 1.9.0 refuses the other one). A record is kept only when all of it
// lies in the blob; a string ends at its NUL or at the end of the string
// section, whichever comes first; nothing points into the caller's memory.
// What load accepts and refuses is upstream's, with its messages.
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
  uint32_t count() const { return static_cast<uint32_t>(types_.size()); }
  bool valid(uint32_t id) const { return id != 0 && id < types_.size(); }
  TypeRecord type(uint32_t id) const {
    const Stored& t = types_[id];
    return TypeRecord{t.name_off, t.info, t.size_or_type};
  }
  // An INT's encoding word (bits, offset, signedness).
  uint32_t int_encoding(uint32_t id) const { return types_[id].aux; }
  // A FUNC_PROTO's parameter i < vlen: its name's offset and its type.
  struct Param {
    uint32_t name_off;
    uint32_t type;
  };
  Param param(uint32_t proto_id, unsigned i) const {
    const uint32_t* p = &params_[types_[proto_id].aux + 2 * size_t{i}];
    return Param{p[0], p[1]};
  }
  // An ENUM's value i < vlen: its name's offset and its 32 bits.
  struct Enumerator {
    uint32_t name_off;
    uint32_t value;
  };
  Enumerator enumerator(uint32_t enum_id, unsigned i) const {
    const uint32_t* p = &enumerators_[types_[enum_id].aux + 2 * size_t{i}];
    return Enumerator{p[0], p[1]};
  }
  // A string by its offset in the string section; "" outside it.
  std::string_view string(uint32_t off) const {
    if (off >= str_size_) return {};
    const char* p = strings_.get() + off;
    return std::string_view(p, strnlen(p, str_size_ - off));
  }
  // The ids of FUNC records, in id order.
  const std::vector<uint32_t>& functions() const { return functions_; }
  bool foreign_byte_order() const { return swap_; }
  size_t memory_bytes() const {
    return str_size_ + types_.capacity() * sizeof(Stored) +
           (params_.capacity() + enumerators_.capacity() + functions_.capacity()) * 4;
  }

 private:
  struct Stored {
    uint32_t name_off;
    uint32_t info;
    uint32_t size_or_type;
    uint32_t aux;  // INT: the encoding; FUNC_PROTO: its first word in params_; ENUM: in enumerators_
  };
  LoadError walk(const uint8_t* blob, size_t size, size_t start, size_t length);

  std::unique_ptr<char[]> strings_;
  size_t str_size_ = 0;  // the string section, cut at the blob's end
  bool swap_ = false;
  std::vector<Stored> types_;        // by id (types_[0] is void)
  std::vector<uint32_t> params_;       // prototypes' (name_off, type) pairs
  std::vector<uint32_t> enumerators_;  // ENUMs' (name_off, value) pairs
  std::vector<uint32_t> functions_;  // FUNC ids
};

}  // namespace tep::btf
