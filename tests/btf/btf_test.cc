// SPDX-License-Identifier: LGPL-2.1
// btf::load and Btf::find_function: a load copies the blob and keeps nothing
// of the caller's memory, a failed one returns null with its cause and (at
// TEP_LOG_WARNING) upstream's message, and the function index is built once
// however many threads look up at the same time.
#include "btf/btf.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "base/byte_order.h"
#include "btf_builder.h"
#include "event-parse.h"

namespace tep::btf {
namespace {

using testing::BlobBuilder;
using testing::BlobHeader;

// int, then f_a(int a) and f_b(int b, int c).
BlobBuilder two_functions() {
  BlobBuilder b;
  const uint32_t i = b.int_type("int", 4, true);
  b.func("f_a", b.proto(i, {{"a", i}}));
  b.func("f_b", b.proto(i, {{"b", i}, {"c", i}}));
  return b;
}

std::string first_param(const Btf& btf, uint32_t func) {
  const uint32_t proto = btf.types.type(func).size_or_type;
  return std::string(btf.types.string(btf.types.param(proto, 0).name_off));
}

// load()'s warnings on stderr, at the given log level.
struct Warnings {
  explicit Warnings(tep_loglevel level) {
    tep_set_loglevel(level);
    errno = 0;  // tep_warning prefixes a set errno
    ::testing::internal::CaptureStderr();
  }
  std::string text() {
    std::string out = ::testing::internal::GetCapturedStderr();
    tep_set_loglevel(TEP_LOG_CRITICAL);
    return out;
  }
};

TEST(Btf, LoadFindsFunctionsByName) {
  const auto blob = two_functions().blob();
  LoadError error;
  std::unique_ptr<Btf> btf = load(blob.data(), blob.size(), &error);
  ASSERT_NE(btf, nullptr);
  EXPECT_EQ(error.status, LoadStatus::kOk);
  const uint32_t a = btf->find_function("f_a"), b = btf->find_function("f_b");
  ASSERT_NE(a, 0u);
  ASSERT_NE(b, 0u);
  EXPECT_EQ(first_param(*btf, a), "a");
  EXPECT_EQ(first_param(*btf, b), "b");
  EXPECT_EQ(btf->find_function("f_b.isra.0"), b);
  EXPECT_EQ(btf->find_function("f_c"), 0u);
  EXPECT_EQ(btf->find_function(""), 0u);
}

TEST(Btf, CallersMemoryIsNotKept) {
  auto blob = std::make_unique<std::vector<uint8_t>>(two_functions().blob());
  LoadError error;
  std::unique_ptr<Btf> btf = load(blob->data(), blob->size(), &error);
  ASSERT_NE(btf, nullptr);
  std::fill(blob->begin(), blob->end(), 0xff);
  blob.reset();  // ASan: any later read of it is a use after free
  const uint32_t b = btf->find_function("f_b");
  ASSERT_NE(b, 0u);
  EXPECT_EQ(first_param(*btf, b), "b");
}

// The index is built by the first lookup, whichever thread makes it.
TEST(Btf, ConcurrentFirstLookupsAgree) {
  BlobBuilder builder;
  const uint32_t i = builder.int_type("int", 4, true);
  for (int n = 0; n < 500; n++) builder.func("fn_" + std::to_string(n), builder.proto(i, {{"p", i}}));
  const auto blob = builder.blob();
  LoadError error;
  std::unique_ptr<Btf> btf = load(blob.data(), blob.size(), &error);
  ASSERT_NE(btf, nullptr);
  std::vector<std::vector<uint32_t>> found(4);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < found.size(); t++)
    threads.emplace_back([&, t] {
      for (int n = 0; n < 500; n++) found[t].push_back(btf->find_function("fn_" + std::to_string(n)));
    });
  for (std::thread& thread : threads) thread.join();
  for (size_t t = 1; t < found.size(); t++) EXPECT_EQ(found[t], found[0]);
  for (uint32_t id : found[0]) EXPECT_NE(id, 0u);
}

TEST(Btf, FailuresReturnNullAndTheCause) {
  const BlobBuilder b = two_functions();
  LoadError error;
  BlobHeader h;
  h.magic = 0x1234;
  auto blob = b.blob(false, h);
  EXPECT_EQ(load(blob.data(), blob.size(), &error), nullptr);
  EXPECT_EQ(error.status, LoadStatus::kBadMagic);

  h = {};
  h.hdr_len = 20;
  blob = b.blob(false, h);
  EXPECT_EQ(load(blob.data(), blob.size(), &error), nullptr);
  EXPECT_EQ(error.status, LoadStatus::kHeaderTooSmall);
  EXPECT_EQ(error.value, 20u);

  h = {};
  h.str_off = 1u << 20;
  h.str_len = 77;
  blob = b.blob(false, h);
  EXPECT_EQ(load(blob.data(), blob.size(), &error), nullptr);
  EXPECT_EQ(error.status, LoadStatus::kStringsPastEnd);
  EXPECT_EQ(error.value, 77u);

  h = {};
  h.type_len = 1u << 20;
  blob = b.blob(false, h);
  EXPECT_EQ(load(blob.data(), blob.size(), &error), nullptr);
  EXPECT_EQ(error.status, LoadStatus::kTypesPastEnd);
}

TEST(Btf, InvalidKindIsRefused) {
  for (unsigned kind : {0u, kMaxKind + 1, 31u}) {
    BlobBuilder b;
    b.int_type("int", 4, true);
    b.raw(0, kind, 0, 0);
    const auto blob = b.blob();
    LoadError error;
    EXPECT_EQ(load(blob.data(), blob.size(), &error), nullptr) << kind;
    EXPECT_EQ(error.status, LoadStatus::kInvalidKind) << kind;
    EXPECT_EQ(error.value, kind);
  }
}

TEST(Btf, EmptyAndShortBlobsAreRefused) {
  LoadError error;
  EXPECT_EQ(load(nullptr, 0, &error), nullptr);
  EXPECT_EQ(error.status, LoadStatus::kBadMagic);
  const auto blob = two_functions().blob();
  for (size_t n = 1; n < 24; n++) {
    std::vector<uint8_t> cut(blob.begin(), blob.begin() + static_cast<long>(n));
    cut.shrink_to_fit();
    EXPECT_EQ(load(cut.data(), cut.size(), &error), nullptr) << n;
    EXPECT_NE(error.status, LoadStatus::kOk) << n;
  }
}

// A failed load leaves a previous one alone: each load is a new object.
TEST(Btf, FailedLoadDoesNotDisturbAnother) {
  const auto good = two_functions().blob();
  LoadError error;
  std::unique_ptr<Btf> btf = load(good.data(), good.size(), &error);
  ASSERT_NE(btf, nullptr);
  const uint8_t bad[4] = {1, 2, 3, 4};
  EXPECT_EQ(load(bad, sizeof(bad), &error), nullptr);
  EXPECT_NE(btf->find_function("f_a"), 0u);
}

TEST(Btf, WarningsAreUpstreams) {
  const BlobBuilder b = two_functions();
  LoadError error;
  BlobHeader h;
  h.magic = 0x1234;
  auto blob = b.blob(false, h);
  Warnings magic(TEP_LOG_WARNING);
  load(blob.data(), blob.size(), &error);
  EXPECT_EQ(magic.text(), "BTF does not match endianess of this machine\n");

  h = {};
  h.hdr_len = 16;
  blob = b.blob(false, h);
  Warnings header(TEP_LOG_WARNING);
  load(blob.data(), blob.size(), &error);
  EXPECT_EQ(header.text(), "Header (16) smaller than expected header 24\n");

  h = {};
  h.str_off = 5000;
  h.str_len = 9;
  blob = b.blob(false, h);
  Warnings strings(TEP_LOG_WARNING);
  load(blob.data(), blob.size(), &error);
  EXPECT_EQ(strings.text(), "String header (9) greater than data size " + std::to_string(blob.size()) + "\n");

  BlobBuilder k;
  k.raw(0, 25, 0, 0);
  blob = k.blob();
  Warnings kind(TEP_LOG_WARNING);
  load(blob.data(), blob.size(), &error);
  EXPECT_EQ(kind.text(), "Invalid type 25\n\n");

  h = {};
  h.type_len = 1u << 20;
  blob = b.blob(false, h);
  Warnings types(TEP_LOG_WARNING);
  load(blob.data(), blob.size(), &error);
  EXPECT_EQ(types.text(), "");  // upstream says nothing here
}

TEST(Btf, NoWarningsBelowTheirLevel) {
  BlobHeader h;
  h.magic = 0;
  const auto blob = two_functions().blob(false, h);
  LoadError error;
  Warnings quiet(TEP_LOG_CRITICAL);
  EXPECT_EQ(load(blob.data(), blob.size(), &error), nullptr);
  EXPECT_EQ(quiet.text(), "");
}

// The other byte order's blob loads (upstream refuses it) and finds the same.
TEST(Btf, OtherByteOrderLoads) {
  const BlobBuilder b = two_functions();
  const auto blob = b.blob(true);
  LoadError error;
  std::unique_ptr<Btf> btf = load(blob.data(), blob.size(), &error);
  ASSERT_NE(btf, nullptr);
  EXPECT_TRUE(btf->types.foreign_byte_order());
  const uint32_t b_id = btf->find_function("f_b");
  ASSERT_NE(b_id, 0u);
  EXPECT_EQ(first_param(*btf, b_id), "b");
}

}  // namespace
}  // namespace tep::btf
