// SPDX-License-Identifier: LGPL-2.1
// A version 7 section: u16 id, u16 flags (1: compressed), u32 description
// string id, u64 size, then its data. Compressed data starts with u32
// compressed size and u32 decompressed size.
#pragma once

#include <cstdint>
#include <vector>

#include "trace_dat/byte_cursor.h"
#include "trace_dat/decompress.h"
#include "trace_dat/status.h"

namespace tep::trace_dat {

inline constexpr uint16_t kSectionCompressed = 1;

struct SectionHeader {
  uint16_t id = 0;
  uint16_t flags = 0;
  uint64_t size = 0;         // bytes in the file after the header
  uint64_t data_offset = 0;  // where they start
};

// The header at `offset`, its data checked to lie inside `file`.
Status read_section_header(ByteCursor file, uint64_t offset, SectionHeader& out);

// The data of the section at `offset`, which must have id `id`: a view into
// the file, or when compressed the bytes decompressed into `storage` (sized
// within plausible_decompressed_size). `decompressor` may be null when the
// file has no compression.
Status read_section(ByteCursor file, uint64_t offset, uint16_t id, Decompressor* decompressor,
                    std::vector<std::byte>& storage, Bytes& data);

// Decompresses `in` into `storage`, which must come out `size` bytes long.
Status decompress_into(Decompressor* decompressor, Bytes in, uint64_t size, std::vector<std::byte>& storage);

}  // namespace tep::trace_dat
