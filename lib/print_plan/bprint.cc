// SPDX-License-Identifier: LGPL-2.1
#include "print_plan/bprint.h"

#include <array>
#include <cctype>
#include <cstring>

#include "print_plan/compiler.h"
#include "print_plan/plan_runner.h"
#include "seq/seq.h"

namespace tep::print_plan {
namespace {

// Formats for addresses that name nothing are cached too, up to a point.
constexpr size_t kMaxCachedFormats = 4096;

}  // namespace

BprintFormat prepare_bprint_format(const tep_handle& tep, std::string text) {
  BprintFormat f;
  f.text = std::move(text);
  using Read = BprintFormat::Read;
  std::string_view format = f.text;
  auto size_for = [&](int count) { return count == 0 ? 4 : count == 1 ? tep.long_size : count == 2 ? 8 : count; };
  // Skip the leading "%ps: ": the ip argument is added separately.
  for (size_t i = 5; i < format.size(); i++) {
    if (format[i] != '%') continue;
    format_string::Parsed p = format_string::parse(format_string::Dialect::kBprint, format, i);
    bool first = true;
    auto add = [&](Read::Kind kind, int size) {
      f.reads.push_back(Read{kind, size, first});
      first = false;
    };
    for (int star = 0; star < p.stars; star++) add(Read::Kind::kNumber, 4);
    switch (p.letter) {
      case 'p': {
        // "%pS": a symbol's address. Other pointer kinds ("%pI4") were
        // dereferenced by newer kernels into a string; upstream takes a
        // printable first byte as that sign.
        char next = p.end > p.letter_end ? format[p.letter_end] : '\0';
        char after = p.end < format.size() ? format[p.end] : '\0';
        bool symbol =
            !next || next == 's' || next == 'S' || next == 'x' || ((next == 'f' || next == 'F') && after != 'w');
        add(symbol ? Read::Kind::kNumber : Read::Kind::kPointerOrString, size_for(p.ls));
        break;
      }
      case 'd':
      case 'u':
      case 'i':
      case 'x':
      case 'X':
      case 'o': add(Read::Kind::kNumber, size_for(p.ls)); break;
      case 's': add(Read::Kind::kString, 0); break;
      default:  // '%', and everything upstream does not know ('h', '-', 'c', ...)
        break;
    }
    i = p.end - 1;  // the loop steps past it
  }
  return f;
}

namespace {

// The values of one record, read as the format says (make_bprint_args).
template <typename Sink>
void read_args(const Context& ctx, const BprintFormat& f, int64_t buf_offset, Sink&& push) {
  const RecordView& rec = ctx.record;
  uintptr_t base = reinterpret_cast<uintptr_t>(rec.data);
  uintptr_t end = base + rec.size;
  uintptr_t p = base + buf_offset;
  for (const auto& r : f.reads) {
    if (r.starts_directive && p >= end) return;
    BprintValue v;
    auto kind = r.kind;
    if (kind == BprintFormat::Read::Kind::kPointerOrString) {
      bool printable = p < end && isprint(rec.data[p - base]);
      kind = printable ? BprintFormat::Read::Kind::kString : BprintFormat::Read::Kind::kNumber;
    }
    if (kind == BprintFormat::Read::Kind::kString) {
      v.is_string = true;
      v.text = p < end ? rec.c_string(static_cast<int64_t>(p - base)) : std::string_view();
      p += v.text.size() + 1;
    } else {
      p = (p + 3) & ~static_cast<uintptr_t>(3);  // upstream aligns the host address
      v.value = rec.number(static_cast<int64_t>(p - base), r.size);
      p += r.size;
    }
    push(v);
  }
}

}  // namespace

void print_bprint(Output& s, const Context& ctx, const Plan& plan) {
  if (!plan.bprint_fields_found) return;
  const RecordView& rec = ctx.record;
  uint64_t addr = rec.number(plan.bprint_fmt.offset, plan.bprint_fmt.size);
  uint64_t ip = rec.number(plan.bprint_ip.offset, plan.bprint_ip.size);

  const BprintFormat* format;
  BprintFormat uncached;
  {
    std::lock_guard<std::mutex> lock(plan.bprint_mutex);
    auto it = plan.bprint_formats.find(addr);
    if (it != plan.bprint_formats.end()) {
      format = it->second.get();
    } else {
      std::string text;
      if (const char* printk = ctx.tep.printk.find(addr)) {
        text = std::string("%ps: ") + printk;
      } else {
        char buf[64];
        snprintf(buf, sizeof(buf), "%%ps: (NO FORMAT FOUND at %llx)\n", static_cast<unsigned long long>(addr));
        text = buf;
      }
      if (plan.bprint_formats.size() < kMaxCachedFormats) {
        auto made = std::make_unique<BprintFormat>(prepare_bprint_format(ctx.tep, std::move(text)));
        format = made.get();
        plan.bprint_formats.emplace(addr, std::move(made));
      } else {
        uncached = prepare_bprint_format(ctx.tep, std::move(text));
        format = &uncached;
      }
    }
  }

  std::array<BprintValue, 32> small;
  std::vector<BprintValue> big;
  int count = 0;
  auto push = [&](const BprintValue& v) {
    if (count < static_cast<int>(small.size())) {
      small[count++] = v;
      return;
    }
    if (big.empty()) big.assign(small.begin(), small.end());
    big.push_back(v);
    count++;
  };
  BprintValue ip_arg;
  ip_arg.value = ip;
  push(ip_arg);
  read_args(ctx, *format, plan.bprint_buf.offset, push);
  const BprintValue* values = big.empty() ? small.data() : big.data();

  const Plan* steps;
  std::unique_ptr<Plan> one_off;
  {
    std::lock_guard<std::mutex> lock(plan.bprint_mutex);
    auto key = std::make_pair(addr, count);
    auto it = plan.bprint_plans.find(key);
    if (it != plan.bprint_plans.end()) {
      steps = it->second.get();
    } else {
      auto made = std::make_unique<Plan>();
      std::vector<ArgRef> args(count);
      for (int i = 0; i < count; i++) args[i].bprint_index = i;
      compile_format(ctx.tep, ctx.event, format->text, format_string::PrintFmt(format->text, args.size()), args, *made);
      // Upstream flags the whole event when a record's format lacks arguments.
      // Atomic: other threads may be reading the flags while printing.
      if (made->failed) __atomic_fetch_or(&ctx.event.flags, TEP_EVENT_FL_FAILED, __ATOMIC_RELAXED);
      if (plan.bprint_plans.size() < kMaxCachedFormats) {
        steps = made.get();
        plan.bprint_plans.emplace(key, std::move(made));
      } else {
        one_off = std::move(made);
        steps = one_off.get();
      }
    }
  }
  Context with_args{ctx.tep, ctx.event, ctx.record, values, count};
  run_steps(s, with_args, *steps);
}

}  // namespace tep::print_plan
