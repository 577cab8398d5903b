// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/sections.h"

namespace tep::trace_dat {

Status read_section_header(ByteCursor file, uint64_t offset, SectionHeader& out) {
  if (offset >= file.data().size()) return Status::kBadOffset;
  file.seek(offset);
  out.id = file.u16();
  out.flags = file.u16();
  file.u32();  // description: a string id, not needed
  out.size = file.u64();
  if (file.failed()) return Status::kTruncated;
  out.data_offset = file.pos();
  if (out.size > file.remaining()) return Status::kTruncated;
  return Status::kOk;
}

Status decompress_into(Decompressor* decompressor, Bytes in, uint64_t size, std::vector<std::byte>& storage) {
  if (!decompressor) return Status::kBadSection;
  if (!plausible_decompressed_size(in.size(), size)) return Status::kTooLarge;
  storage.resize(static_cast<size_t>(size));
  long written = decompressor->decompress(in, storage);
  if (written < 0 || static_cast<uint64_t>(written) != size) return Status::kDecompressFailed;
  return Status::kOk;
}

Status read_section(ByteCursor file, uint64_t offset, uint16_t id, Decompressor* decompressor,
                    std::vector<std::byte>& storage, Bytes& data) {
  data = {};
  SectionHeader header;
  Status status = read_section_header(file, offset, header);
  if (status != Status::kOk) return status;
  if (header.id != id) return Status::kBadSection;
  file.seek(header.data_offset);
  ByteCursor section(file.bytes(header.size), file.swap());
  if (!(header.flags & kSectionCompressed)) {
    data = section.data();
    return Status::kOk;
  }
  uint32_t compressed = section.u32();
  uint32_t size = section.u32();
  Bytes in = section.bytes(compressed);
  if (section.failed()) return Status::kTruncated;
  status = decompress_into(decompressor, in, size, storage);
  if (status == Status::kOk) data = storage;
  return status;
}

}  // namespace tep::trace_dat
