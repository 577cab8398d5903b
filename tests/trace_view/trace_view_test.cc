// SPDX-License-Identifier: LGPL-2.1
// lib/trace_view: TraceView's index, report's lines and row_filter's rows on
// the committed traces (report_diff.py compares whole reports with trace-cmd).
#include "trace_view/trace_view.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <memory>
#include <string>
#include <vector>

#include "trace_dat/decompress.h"
#include "trace_dat/mapped_file.h"
#include "trace_view/report.h"
#include "trace_view/row_filter.h"

namespace {

using tep::trace_dat::Bytes;
using tep::trace_dat::MappedFile;
using tep::trace_dat::Status;
using tep::trace_view::TraceView;

std::string trace_path(const char* name) { return std::string(TEP_TRACES_DIR) + "/" + name; }

// A build without libzstd (a cross build) cannot read the zstd-compressed trace.
bool have_zstd() { return tep::trace_dat::make_decompressor("zstd") != nullptr; }

struct CountingPlugins : tep::trace_view::Plugins {
  int* loads;
  int* unloads;
  CountingPlugins(int* l, int* u) : loads(l), unloads(u) {}
  void load(tep_handle&) override { ++*loads; }
  void unload(tep_handle&) override { ++*unloads; }
};

class TraceViewTest : public ::testing::Test {
 protected:
  void open(const char* name) {
    ASSERT_EQ(file_.open(trace_path(name)), 0) << name;
    view_.open(file_.bytes(), nullptr);
  }
  MappedFile file_;
  TraceView view_;
};

TEST_F(TraceViewTest, IndexesEveryRecordInTimeOrder) {
  open("sched_irq.dat");
  EXPECT_EQ(view_.status(), Status::kOk);
  ASSERT_EQ(view_.count(), 1195u);
  for (size_t i = 1; i < view_.count(); ++i) EXPECT_LE(view_.entry(i - 1).ts, view_.entry(i).ts) << i;
  EXPECT_TRUE(view_.nanosecond_clock());
}

TEST_F(TraceViewTest, RecordsKeepTheirPayloadCpuAndEvent) {
  open("sched_irq.dat");
  for (size_t i = 0; i < view_.count(); ++i) {
    tep_record r = view_.record(i);
    ASSERT_NE(r.data, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(r.data) % 8, 0u) << "payloads start 8-byte aligned";
    EXPECT_EQ(r.cpu, view_.entry(i).cpu);
    EXPECT_EQ(tep_data_type(view_.tep(), &r), view_.entry(i).event_id);
    EXPECT_EQ(tep_data_pid(view_.tep(), &r), view_.entry(i).pid);
  }
}

TEST_F(TraceViewTest, VersionsSixAndSevenGiveTheSameLines) {
  if (!have_zstd()) GTEST_SKIP() << "built without libzstd";
  std::vector<std::string> reports;
  for (const char* name : {"sched_irq.dat", "sched_irq_v7.dat", "sched_irq_v7zstd.dat"}) {
    MappedFile file;
    ASSERT_EQ(file.open(trace_path(name)), 0);
    TraceView view;
    view.open(file.bytes(), nullptr);
    std::string out = tep::trace_view::report_header(view);
    tep::trace_view::append_report(view, 0, view.count(), out);
    reports.push_back(out);
  }
  EXPECT_EQ(reports[1], reports[0]);
  EXPECT_EQ(reports[2], reports[0]);
}

TEST_F(TraceViewTest, ReportLinesHaveTraceCmdsLayout) {
  open("sched_irq.dat");
  EXPECT_EQ(tep::trace_view::report_header(view_), "cpus=2\n");
  std::string out;
  tep::trace_view::append_report(view_, 0, 1, out);
  EXPECT_EQ(out,
            "              sh-4021  [001]  4449.606364: sched_prepare_exec:   interp=/usr/bin/sh "
            "filename=/usr/bin/sh pid=4021 comm=trace-cmd\n");
}

TEST_F(TraceViewTest, ReportClampsItsRange) {
  open("timer.dat");
  std::string out;
  tep::trace_view::append_report(view_, view_.count() - 2, 100, out);
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 2);
  out.clear();
  tep::trace_view::append_report(view_, view_.count() + 5, 3, out);
  EXPECT_TRUE(out.empty());
}

TEST_F(TraceViewTest, AMarkerWriteEndsItsLineOnce) {
  open("marker.dat");
  std::string out;
  tep::trace_view::append_report(view_, 0, view_.count(), out);
  EXPECT_EQ(out.find("\n\n"), std::string::npos);
}

TEST_F(TraceViewTest, FilterKeepsTheNamedEventsMatches) {
  open("sched_irq.dat");
  std::string error;
  std::vector<uint32_t> rows = tep::trace_view::matching(view_, "sched_switch", error);
  EXPECT_TRUE(error.empty());
  EXPECT_EQ(rows.size(), 273u);
  tep_event* sched_switch = tep_find_event_by_name(view_.tep(), "sched", "sched_switch");
  ASSERT_NE(sched_switch, nullptr);
  for (uint32_t row : rows) EXPECT_EQ(view_.entry(row).event_id, sched_switch->id);
  std::vector<uint32_t> some = tep::trace_view::matching(view_, "sched_switch: prev_state & 2", error);
  EXPECT_LT(some.size(), rows.size());
  EXPECT_GT(some.size(), 0u);
}

TEST_F(TraceViewTest, ABadFilterSaysWhyAndKeepsNothing) {
  open("sched_irq.dat");
  std::string error;
  EXPECT_TRUE(tep::trace_view::matching(view_, "sched_switch: (((", error).empty());
  EXPECT_FALSE(error.empty());
  EXPECT_TRUE(tep::trace_view::matching(view_, "no_such_event", error).empty());
  EXPECT_FALSE(error.empty());
}

TEST(TraceView, PluginsLoadOnceAndUnloadWithTheView) {
  int loads = 0, unloads = 0;
  {
    MappedFile file;
    ASSERT_EQ(file.open(trace_path("timer.dat")), 0);
    TraceView view;
    view.open(file.bytes(), std::make_unique<CountingPlugins>(&loads, &unloads));
    EXPECT_EQ(loads, 1);
    EXPECT_EQ(unloads, 0);
  }
  EXPECT_EQ(unloads, 1);
}

// The browser module frees the file once it is indexed: printing must not read it again.
TEST(TraceView, TheFileCanGoOnceOpen) {
  for (const char* name : {have_zstd() ? "sched_irq_v7zstd.dat" : "sched_irq_v7.dat", "kmem.dat", "marker.dat"}) {
    MappedFile file;
    ASSERT_EQ(file.open(trace_path(name)), 0);
    auto copy = std::make_unique<std::vector<std::byte>>(file.bytes().begin(), file.bytes().end());
    TraceView view;
    view.open({copy->data(), copy->size()}, nullptr);
    copy.reset();
    std::string out = tep::trace_view::report_header(view);
    tep::trace_view::append_report(view, 0, view.count(), out);
    std::string error;
    tep::trace_view::matching(view, "common_pid != 0", error);  // reads every record's fields
    EXPECT_EQ(static_cast<size_t>(std::count(out.begin(), out.end(), '\n')), view.count() + 1) << name;
  }
}

TEST(TraceView, DamagedFilesKeepWhatCameBefore) {
  MappedFile file;
  ASSERT_EQ(file.open(trace_path("sched_irq.dat")), 0);
  const Bytes whole = file.bytes();
  TraceView cut;
  cut.open(whole.first(whole.size() * 4 / 5), nullptr);
  EXPECT_NE(cut.status(), Status::kOk);
  EXPECT_FALSE(cut.message().empty());
  EXPECT_GT(cut.count(), 0u);
  EXPECT_LT(cut.count(), 1195u);
  std::string out;
  tep::trace_view::append_report(cut, 0, cut.count(), out);
  EXPECT_EQ(static_cast<size_t>(std::count(out.begin(), out.end(), '\n')), cut.count());
  const char junk[] = "not a trace.dat at all";
  TraceView bad;
  bad.open({reinterpret_cast<const std::byte*>(junk), sizeof(junk)}, nullptr);
  EXPECT_NE(bad.status(), Status::kOk);
  EXPECT_EQ(bad.count(), 0u);
  TraceView empty;
  empty.open({}, nullptr);
  EXPECT_NE(empty.status(), Status::kOk);
  EXPECT_EQ(empty.count(), 0u);
}

}  // namespace
