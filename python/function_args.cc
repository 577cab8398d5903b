// SPDX-License-Identifier: LGPL-2.1
// Trace.function_args(): DataFrames of function / funcgraph_entry records
// with one column per parameter of their function, typed from BTF
// (tev_function_args_*): a frame per function, its records grouped by the
// function kallsyms names for their address.
#include <pybind11/stl.h>

#include <cerrno>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <string>

#include "frame_builder.h"

namespace pytev {
namespace {

std::string event_name(tev_event* event) {
  tep_event* raw = tev::Event(event).raw();
  return std::string(raw->system ? raw->system : "") + ":" + (raw->name ? raw->name : "");
}

// btf=: bytes, or the path of a file holding them.
std::string btf_blob(const py::object& btf) {
  if (py::isinstance<py::bytes>(btf) || py::isinstance<py::bytearray>(btf) || py::isinstance<py::memoryview>(btf))
    return py::bytes(btf).cast<std::string>();
  std::string path = py::str(py::module_::import("os").attr("fspath")(btf)).cast<std::string>();
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    errno = ENOENT;
    PyErr_SetFromErrnoWithFilename(PyExc_FileNotFoundError, path.c_str());
    throw py::error_already_set();
  }
  return std::string(std::istreambuf_iterator<char>(in), {});
}

[[noreturn]] void fail(int status, const std::string& what) {
  std::string why;
  switch (status) {
    case TEV_ERR_NO_BTF:
      why = "no BTF: pass btf= (the traced kernel's, as bytes or a path like /sys/kernel/btf/vmlinux)";
      break;
    case TEV_ERR_NO_ARGS:
      why = "the event carries no function argument words (ftrace:function and ftrace:funcgraph_entry do)";
      break;
    case TEV_ERR_NO_FUNCTION: why = "the BTF has no such function: it does not match the trace"; break;
    default: why = tev_strerror(status);
  }
  throw BadArgument(what + ": " + why);
}

// The argument words a record holds (for the error that says it has too few).
uint64_t words_in(tev_event* event, const tep_record& r) {
  tep_event* raw = tev::Event(event).raw();
  tep_format_field* args = tep_find_field(raw, "args");
  int long_size = tep_get_long_size(raw->tep);
  if (!args || r.size <= args->offset || long_size <= 0) return 0;
  return static_cast<uint64_t>(r.size - args->offset) / static_cast<unsigned>(long_size);
}

[[noreturn]] void too_few_words(tev_event* event, tev_function_args* args, const tep_record& r) {
  const std::string name = tev_function_args_name(args);
  throw BadArgument(name + ": a record of " + event_name(event) + " holds " + std::to_string(words_in(event, r)) +
                    " argument words where the BTF's parameters take " + std::to_string(tev_function_args_words(args)) +
                    ": the BTF does not match the trace (or the kernel records fewer arguments than " + name +
                    " takes)");
}

class FunctionFrames {
 public:
  FunctionFrames(const FilePtr& file, tev_event* event) : file_(file), event_(event) {}

  // The records of one function, while they live.
  void add(tev_function_args* args, const std::vector<const tep_record*>& records) {
    auto it = builders_.find(args);
    if (it == builders_.end()) {
      std::vector<tev::Column> parameters = tev::FunctionArgs(args).columns();
      it = builders_.emplace(args, std::make_unique<FrameBuilder>(file_, event_, parameters, "args")).first;
    }
    it->second->add(records);
  }
  py::object finish(tev_function_args* args) {
    auto it = builders_.find(args);
    if (it != builders_.end()) return it->second->finish();
    return FrameBuilder(file_, event_, tev::FunctionArgs(args).columns(), "args").finish();
  }
  py::dict finish_all() {
    std::map<std::string, tev_function_args*> by_name;
    for (const auto& [args, builder] : builders_) by_name[tev_function_args_name(args)] = args;
    py::dict out;
    for (const auto& [name, args] : by_name) out[py::str(name)] = builders_.at(args)->finish();
    return out;
  }

 private:
  FilePtr file_;
  tev_event* event_;
  std::map<tev_function_args*, std::unique_ptr<FrameBuilder>> builders_;
};

}  // namespace

py::object function_args(const FilePtr& file, const std::optional<std::string>& function,
                         const std::string& event_name_arg, const py::object& btf) {
  tev_event* event = file->find_event(event_name_arg);
  if (!btf.is_none()) {
    std::string blob = btf_blob(btf);
    int status = tev_catalog_load_btf(file->catalog(), blob.data(), blob.size());
    if (status == TEV_ERR_BAD_BTF) throw BadArgument("btf: not a BTF blob that can be read");
    if (status != TEV_OK) throw std::runtime_error(std::string("typed events: ") + tev_strerror(status));
  }
  tev_function_args* wanted = nullptr;
  if (function) {
    int status = tev_function_args_find(event, function->c_str(), &wanted);
    if (status != TEV_OK) fail(status, "function '" + *function + "'");
  } else {
    // No BTF or no argument words fail before the scan, whatever the records.
    int status = tev_function_args_find(event, "", &wanted);
    if (status != TEV_OK && status != TEV_ERR_NO_FUNCTION) fail(status, event_name(event));
    wanted = nullptr;
  }

  FunctionFrames frames(file, event);
  size_t records = 0, unknown = 0;
  std::map<tev_function_args*, std::vector<const tep_record*>> groups;
  scan_event(*file, tev::Event(event).raw()->id, nullptr, kBatch, [&](const std::vector<const tep_record*>& batch) {
    groups.clear();
    for (const tep_record* r : batch) {
      records++;
      tev_function_args* args = wanted;
      if (!wanted && tev_function_args_of(event, r, &args) != TEV_OK) {
        unknown++;  // kallsyms does not name it, or the BTF lacks it
        continue;
      }
      int fit = tev_function_args_check(args, r);
      if (fit == TEV_ERR_BTF_MISMATCH) too_few_words(event, args, *r);
      if (fit == TEV_OK) groups[args].push_back(r);
    }
    for (const auto& [args, group] : groups) frames.add(args, group);
  });
  if (wanted) return frames.finish(wanted);
  if (records && unknown == records)
    throw BadArgument(event_name(event) + ": the BTF has none of the functions of its " + std::to_string(records) +
                      " records: it does not match the trace");
  return frames.finish_all();
}

}  // namespace pytev
