// SPDX-License-Identifier: LGPL-2.1
// Builds small BTF blobs in the tests (tests/data/btf/make_btf.py writes the
// committed ones): types in id order, either byte order, any header field
// overridden.
#pragma once

#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace tep::btf::testing {

// Header fields to write instead of the real ones (-1: the real value).
struct BlobHeader {
  uint16_t magic = 0xeb9f;
  uint32_t hdr_len = 24;
  int64_t type_off = -1, type_len = -1, str_off = -1, str_len = -1;
};

class BlobBuilder {
 public:
  BlobBuilder() { strings_.push_back('\0'); }

  uint32_t name(const std::string& s) {
    auto it = offsets_.find(s);
    if (it != offsets_.end()) return it->second;
    const auto off = static_cast<uint32_t>(strings_.size());
    strings_.insert(strings_.end(), s.begin(), s.end());
    strings_.push_back('\0');
    offsets_[s] = off;
    return off;
  }
  // One record: name offset, kind, vlen, size-or-type, then its extra words.
  uint32_t raw(uint32_t name_off, unsigned kind, unsigned vlen, uint32_t size_or_type,
               std::vector<uint32_t> extra = {}) {
    words_.push_back(name_off);
    words_.push_back(kind << 24 | vlen);
    words_.push_back(size_or_type);
    words_.insert(words_.end(), extra.begin(), extra.end());
    return ++count_;
  }
  uint32_t add(const std::string& n, unsigned kind, unsigned vlen, uint32_t st, std::vector<uint32_t> extra = {}) {
    return raw(name(n), kind, vlen, st, std::move(extra));
  }
  uint32_t int_type(const std::string& n, uint32_t size, bool is_signed) {
    return add(n, 1, 0, size, {(is_signed ? 1u << 24 : 0u) | size * 8});
  }
  uint32_t proto(uint32_t ret, const std::vector<std::pair<std::string, uint32_t>>& params) {
    std::vector<uint32_t> extra;
    for (const auto& [n, t] : params) {
      extra.push_back(name(n));
      extra.push_back(t);
    }
    return add("", 13, static_cast<unsigned>(params.size()), ret, extra);
  }
  uint32_t func(const std::string& n, uint32_t proto_id) { return add(n, 12, 1, proto_id); }
  uint32_t next_id() const { return count_ + 1; }

  // The blob in the host's byte order, or in the other one when `swapped`.
  std::vector<uint8_t> blob(bool swapped = false, BlobHeader h = BlobHeader()) const {
    std::vector<uint8_t> out;
    auto put16 = [&](uint16_t v) {
      if (swapped) v = __builtin_bswap16(v);
      out.resize(out.size() + 2);
      memcpy(out.data() + out.size() - 2, &v, 2);
    };
    auto put32 = [&](uint32_t v) {
      if (swapped) v = __builtin_bswap32(v);
      out.resize(out.size() + 4);
      memcpy(out.data() + out.size() - 4, &v, 4);
    };
    const auto types = static_cast<uint32_t>(words_.size() * 4);
    put16(h.magic);
    out.push_back(1);
    out.push_back(0);
    put32(h.hdr_len);
    put32(h.type_off < 0 ? 0 : static_cast<uint32_t>(h.type_off));
    put32(h.type_len < 0 ? types : static_cast<uint32_t>(h.type_len));
    put32(h.str_off < 0 ? types : static_cast<uint32_t>(h.str_off));
    put32(h.str_len < 0 ? static_cast<uint32_t>(strings_.size()) : static_cast<uint32_t>(h.str_len));
    for (uint32_t w : words_) put32(w);
    out.insert(out.end(), strings_.begin(), strings_.end());
    return out;
  }

 private:
  std::vector<uint32_t> words_;
  std::vector<char> strings_;
  std::map<std::string, uint32_t> offsets_;
  uint32_t count_ = 0;
};

}  // namespace tep::btf::testing
