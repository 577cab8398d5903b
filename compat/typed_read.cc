// SPDX-License-Identifier: LGPL-2.1
// tev_read, tev_fill*, tev_format*: values and texts of records (lib/typed).
#include <cstring>
#include <limits>
#include <vector>

#include "compat/export.h"
#include "compat/typed_shim.h"
#include "base/per_thread.h"
#include "record/field_access.h"
#include "typed/batch.h"
#include "typed/text.h"

using tep::typed::Column;
using tep::typed::Kind;
using tep::typed::ValueType;
using namespace tep::typed::shim;

namespace {

// The seq texts are printed into before they are copied out, one per thread.
struct TextSeq {
  trace_seq seq;
  TextSeq() { tep::seq::init(&seq); }
  ~TextSeq() { tep::seq::destroy(&seq); }
  TextSeq(const TextSeq&) = delete;
  TextSeq& operator=(const TextSeq&) = delete;
};

trace_seq& scratch() {
  trace_seq& s = tep::base::per_thread<TextSeq>().seq;
  tep::seq::reset(&s);
  return s;
}

// Checks common to the batch calls; TEV_OK when the batch may be read.
int batch_args(const tev_column* column, const tep_record* const* records, size_t count, const void* out, Resolved& r) {
  if (!column || (count && (!records || !out))) return TEV_ERR_NULL_ARGUMENT;
  if (count > static_cast<size_t>(std::numeric_limits<int64_t>::max())) return TEV_ERR_INDEX;
  return resolve(column, r);
}

}  // namespace

TEP_EXPORT int tev_read(const struct tev_column* column, const struct tep_record* record, struct tev_value* value) {
  if (!column || !record || !value) return TEV_ERR_NULL_ARGUMENT;
  *value = tev_value{};
  value->code = -1;
  return guarded([&]() -> int {
    Resolved r;
    if (int status = resolve(column, r)) return status;
    tep::typed::Value v = read_value(r.source(), *r.column, *record);
    value->type = static_cast<tev_type>(r.column->type);
    value->valid = v.valid;
    value->code = v.code;
    if (v.valid) {
      value->u = v.bits;
      value->i = static_cast<int64_t>(v.bits);
      value->bytes = {v.bytes.data(), v.bytes.size()};
    }
    return TEV_OK;
  });
}

// One column's batch: its number of valid values.
static int64_t fill_one(const tev_column* column, const tep_record* const* records, size_t count, void* values,
                        uint8_t* valid, bool widen) {
  return guarded([&]() -> int64_t {
    Resolved r;
    if (int status = batch_args(column, records, count, values, r)) return status;
    if (r.column->type == ValueType::kNone) return TEV_ERR_NO_VALUE;
    if (widen && !is_integer(r.column->type)) return TEV_ERR_KIND;
    tep::typed::ColumnTarget out{r.column, values, valid};
    size_t n = 0;
    fill_batch(r.source(), &out, 1, records, count, widen, &n);
    return static_cast<int64_t>(n);
  });
}

TEP_EXPORT int64_t tev_fill(const struct tev_column* column, const struct tep_record* const* records, size_t count,
                            void* values, uint8_t* valid) {
  return fill_one(column, records, count, values, valid, false);
}

TEP_EXPORT int64_t tev_fill_int64(const struct tev_column* column, const struct tep_record* const* records,
                                  size_t count, int64_t* values, uint8_t* valid) {
  return fill_one(column, records, count, values, valid, true);
}

TEP_EXPORT int64_t tev_fill_columns(const struct tev_column* const* columns, size_t ncolumns,
                                    const struct tep_record* const* records, size_t count, void* const* values,
                                    uint8_t* const* valid) {
  if (!columns || !values || (count && !records)) return TEV_ERR_NULL_ARGUMENT;
  if (count > static_cast<size_t>(std::numeric_limits<int64_t>::max())) return TEV_ERR_INDEX;
  return guarded([&]() -> int64_t {
    ColumnOutputs outputs(ncolumns);
    if (int status = outputs.set(columns, count, values, valid)) return status;
    if (!ncolumns) return 0;
    return static_cast<int64_t>(fill_batch(outputs.first().source(), outputs.data(), ncolumns, records, count, false));
  });
}

TEP_EXPORT int64_t tev_fill_codes(const struct tev_column* column, const struct tep_record* const* records,
                                  size_t count, int32_t* codes, uint8_t* valid) {
  return guarded([&]() -> int64_t {
    Resolved r;
    if (int status = batch_args(column, records, count, codes, r)) return status;
    if (r.column->kind != Kind::kEnum) return TEV_ERR_KIND;
    return static_cast<int64_t>(fill_codes(r.source(), *r.column, records, count, codes, valid));
  });
}

TEP_EXPORT int64_t tev_fill_text(const struct tev_column* column, const struct tep_record* const* records, size_t count,
                                 char* text, size_t capacity, uint64_t* offsets) {
  return guarded([&]() -> int64_t {
    Resolved r;
    if (!offsets || (capacity && !text)) return TEV_ERR_NULL_ARGUMENT;
    if (int status = batch_args(column, records, count, offsets, r)) return status;
    tep::typed::BatchSource src = r.source();
    size_t used = 0;
    offsets[0] = 0;
    for (size_t i = 0; i < count; i++) {
      trace_seq& s = scratch();
      if (records[i] && belongs(src, *records[i])) print_text(&s, src, *r.column, *records[i]);
      size_t n = s.len;
      if (n > capacity - used) return static_cast<int64_t>(i);
      if (n) memcpy(text + used, s.buffer, n);
      used += n;
      offsets[i + 1] = used;
    }
    return static_cast<int64_t>(count);
  });
}

TEP_EXPORT int tev_format(const struct tev_column* column, const struct tep_record* record, struct trace_seq* s) {
  if (!column || !record || !s) return TEV_ERR_NULL_ARGUMENT;
  return guarded([&]() -> int {
    Resolved r;
    if (int status = resolve(column, r)) return status;
    tep::typed::BatchSource src = r.source();
    if (!belongs(src, *record)) return TEV_ERR_WRONG_EVENT;
    print_text(s, src, *r.column, *record);
    return TEV_OK;
  });
}

TEP_EXPORT int tev_format_buf(const struct tev_column* column, const struct tep_record* record, char* buf,
                              size_t size) {
  if (!column || !record || (size && !buf)) return TEV_ERR_NULL_ARGUMENT;
  return guarded([&]() -> int {
    Resolved r;
    if (int status = resolve(column, r)) return status;
    tep::typed::BatchSource src = r.source();
    if (!belongs(src, *record)) return TEV_ERR_WRONG_EVENT;
    trace_seq& s = scratch();
    print_text(&s, src, *r.column, *record);
    if (size) {
      size_t n = s.len < size - 1 ? s.len : size - 1;
      if (n) memcpy(buf, s.buffer, n);
      buf[n] = '\0';
    }
    return s.len > static_cast<size_t>(std::numeric_limits<int>::max()) ? TEV_ERR_INDEX : static_cast<int>(s.len);
  });
}

TEP_EXPORT int tev_column_symbol(const struct tev_column* column, uint64_t address, const char** name,
                                 uint64_t* start) {
  if (!column || !name) return TEV_ERR_NULL_ARGUMENT;
  return guarded([&]() -> int {
    Resolved r;
    if (int status = resolve(column, r)) return status;
    tep::symbols::FunctionTable::CMatch match;
    if (!r.event->tep().functions.lookup(address, match)) return TEV_ERR_NO_VALUE;
    *name = match.name;
    if (start) *start = match.start;
    return TEV_OK;
  });
}

TEP_EXPORT int tev_bitset_test(const struct tev_column* column, struct tev_bytes bits, unsigned int bit) {
  if (!column || (bits.size && !bits.data)) return TEV_ERR_NULL_ARGUMENT;
  return guarded([&]() -> int {
    Resolved r;
    if (int status = resolve(column, r)) return status;
    if (r.column->kind != Kind::kCpuSet && r.column->kind != Kind::kBitmask) return TEV_ERR_KIND;
    size_t byte = bit / 8;
    if (byte >= bits.size) return TEV_ERR_INDEX;
    const tep_handle& tep = r.event->tep();
    size_t word = tep.long_size == 4 ? 4 : 8;
    if (tep.file_bigendian) byte = (byte / word) * word + (word - 1 - byte % word);
    if (byte >= bits.size) return TEV_ERR_INDEX;
    return (static_cast<const uint8_t*>(bits.data)[byte] >> (bit % 8)) & 1;
  });
}

TEP_EXPORT int tev_array_element(const struct tev_column* column, struct tev_bytes array, size_t index,
                                 int64_t* element) {
  if (!column || !element || (array.size && !array.data)) return TEV_ERR_NULL_ARGUMENT;
  return guarded([&]() -> int {
    Resolved r;
    if (int status = resolve(column, r)) return status;
    if (r.column->kind != Kind::kArray) return TEV_ERR_KIND;
    size_t width = static_cast<size_t>(value_type_size(r.column->element));
    if (!width || index >= array.size / width) return TEV_ERR_INDEX;
    const auto* at = static_cast<const uint8_t*>(array.data) + index * width;
    uint64_t bits = tep::base::read_number(at, static_cast<int>(width), tep::core::swaps_bytes(r.event->tep()));
    *element = static_cast<int64_t>(normalize(bits, r.column->element));
    return TEV_OK;
  });
}
