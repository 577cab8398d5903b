// SPDX-License-Identifier: LGPL-2.1
#include "btf/btf_types.h"

#include <algorithm>

#include "base/byte_order.h"

namespace tep::btf {

namespace {

constexpr uint16_t kMagic = 0xeb9f;
constexpr size_t kHeaderSize = 24;

// Bytes after a record's 12-byte fixed part: a fixed count and a count per vlen entry.
struct ExtraSize {
  uint8_t fixed;
  uint8_t per_entry;
};
constexpr ExtraSize kExtra[kMaxKind + 1] = {
    {0, 0},   // UNKNOWN (refused)
    {4, 0},   // INT: the encoding word
    {0, 0},   // PTR
    {12, 0},  // ARRAY: type, index type, nelems
    {0, 12},  // STRUCT: name, type, offset
    {0, 12},  // UNION
    {0, 8},   // ENUM: name, value
    {0, 0},   // FWD
    {0, 0},   // TYPEDEF
    {0, 0},   // VOLATILE
    {0, 0},   // CONST
    {0, 0},   // RESTRICT
    {0, 0},   // FUNC (vlen is the linkage)
    {0, 8},   // FUNC_PROTO: name, type
    {4, 0},   // VAR: linkage
    {0, 12},  // DATASEC: type, offset, size
    {0, 0},   // FLOAT
    {4, 0},   // DECL_TAG: component index
    {0, 0},   // TYPE_TAG
    {0, 12},  // ENUM64: name, low, high
};

constexpr const char* kKindNames[kMaxKind + 1] = {
    "UNKNOWN", "INT",      "PTR",  "ARRAY",      "STRUCT", "UNION",   "ENUM",  "FWD",      "TYPEDEF",  "VOLATILE",
    "CONST",   "RESTRICT", "FUNC", "FUNC_PROTO", "VAR",    "DATASEC", "FLOAT", "DECL_TAG", "TYPE_TAG", "ENUM64",
};

}  // namespace

const char* kind_name(unsigned kind) { return kind <= kMaxKind ? kKindNames[kind] : "UNKNOWN"; }

LoadError BtfTypes::load(const void* data, size_t size) {
  *this = BtfTypes();
  // Upstream reads the 24-byte header whatever the size; a shorter blob is
  // read as if zero-padded, which gives upstream's answer without its
  // out-of-bounds read.
  uint8_t header[kHeaderSize] = {};
  if (size) memcpy(header, data, std::min(size, kHeaderSize));
  uint16_t magic;
  memcpy(&magic, header, 2);
  const bool swap = magic == __builtin_bswap16(kMagic);
  if (!swap && magic != kMagic) return {LoadStatus::kBadMagic, 0};
  auto field = [&](size_t off) {
    uint32_t v;
    memcpy(&v, header + off, 4);
    return swap ? __builtin_bswap32(v) : v;
  };
  const uint32_t hdr_len = field(4), type_off = field(8), type_len = field(12);
  const uint32_t str_off = field(16), str_len = field(20);
  if (hdr_len < kHeaderSize) return {LoadStatus::kHeaderTooSmall, hdr_len};
  // Upstream's test leaves hdr_len out; strings beyond the blob read as "".
  if (str_off > size) return {LoadStatus::kStringsPastEnd, str_len};
  if (uint64_t{hdr_len} + type_off + type_len > size) return {LoadStatus::kTypesPastEnd, 0};

  swap_ = swap;
  blob_size_ = size;
  blob_.reset(new uint8_t[size + kStringPadding]);
  memcpy(blob_.get(), data, size);
  memset(blob_.get() + size, 0, kStringPadding);
  LoadError walked = walk(size_t{hdr_len} + type_off, type_len);
  if (walked.status != LoadStatus::kOk) {
    *this = BtfTypes();
    return walked;
  }
  str_start_ = std::min<uint64_t>(uint64_t{hdr_len} + str_off, size);
  str_size_ = std::min<uint64_t>(str_len, size - str_start_);
  return walked;
}

// Records start while their offset is inside the type section; like
// upstream, the last may run past the section's end (into the strings), but
// here never past the blob: a record the blob cannot hold ends the walk (and
// so does one starting past 4 GiB, which a 32-bit offset cannot name). Each
// record of a blob of the other byte order is swapped word by word as it is
// kept (its records are all 4-byte words).
LoadError BtfTypes::walk(size_t start, size_t length) {
  uint8_t* const blob = blob_.get();
  const size_t size = blob_size_;
  const bool swap = swap_;  // a local: stores through `blob` may alias any member
  offsets_.reserve(length / 16 + 2);
  offsets_.push_back(0);
  const size_t end = start + length;
  for (size_t off = start; off < end;) {
    if (off + 12 > size || off > UINT32_MAX) break;
    const uint32_t info = static_cast<uint32_t>(base::read_number(blob + off + 4, 4, swap));
    const unsigned kind = (info >> 24) & 0x1f;
    if (kind == kUnknown || kind > kMaxKind) return {LoadStatus::kInvalidKind, kind};
    const size_t record = 12 + kExtra[kind].fixed + size_t{kExtra[kind].per_entry} * (info & 0xffff);
    if (record > size - off) break;
    if (swap) {
      for (size_t w = off; w < off + record; w += 4) {
        const uint32_t v = static_cast<uint32_t>(base::read_number(blob + w, 4, true));
        memcpy(blob + w, &v, 4);
      }
    }
    if (kind == kFunc) functions_.push_back(static_cast<uint32_t>(offsets_.size()));
    offsets_.push_back(static_cast<uint32_t>(off));
    off += record;
  }
  return {LoadStatus::kOk, 0};
}

}  // namespace tep::btf
