// SPDX-License-Identifier: LGPL-2.1
// pid <-> comm mappings: lib/symbols/comm_table.h. Returned strings and
// cmdline pointers live as long as the handle.
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "compat/export.h"
#include "core/handle.h"
#include "event-parse.h"

namespace {

int register_comm(tep_handle* tep, const char* comm, int pid, bool override) {
  if (!tep) return -1;
  try {
    if (tep->comms.add(comm, pid, override) == tep::symbols::CommTable::RegisterStatus::kPidExists) {
      errno = EEXIST;
      return -1;
    }
    return 0;
  } catch (...) {
    errno = ENOMEM;
    return -1;
  }
}

}  // namespace

TEP_EXPORT int tep_register_comm(struct tep_handle* tep, const char* comm, int pid) {
  return register_comm(tep, comm, pid, false);
}

TEP_EXPORT int tep_override_comm(struct tep_handle* tep, const char* comm, int pid) {
  return register_comm(tep, comm, pid, true);
}

namespace {

// errno as upstream leaves it: cleared before each non-empty line is read
// ("1234 bash"), ERANGE when the line that stops the parse has a pid beyond
// a long ("99999999999999999999 x"). trace-cmd's die() prints strerror(errno)
// when it is set, so a stale ENOENT from plugin loading must not survive here.
void set_cmdlines_errno(const char* buf, bool parsed) {
  for (const char* line = buf; *line;) {
    const char* end = strchrnul(line, '\n');
    if (end != line) {
      errno = 0;
      if (!parsed) {
        strtol(line, nullptr, 10);
        if (errno == ERANGE) return;
        tep::symbols::CommTable alone;  // error path only: is this the line that stops the parse?
        if (alone.parse_saved_cmdlines(std::string_view(line, end - line)) != tep::symbols::LinesStatus::kOk) return;
      }
    }
    line = *end ? end + 1 : end;
  }
}

}  // namespace

TEP_EXPORT int tep_parse_saved_cmdlines(struct tep_handle* tep, const char* buf) {
  if (!tep || !buf) return -1;
  try {
    bool parsed = tep->comms.parse_saved_cmdlines(buf) == tep::symbols::LinesStatus::kOk;
    set_cmdlines_errno(buf, parsed);
    return parsed ? 0 : -1;
  } catch (...) {
    errno = ENOMEM;
    return -1;
  }
}

TEP_EXPORT bool tep_is_pid_registered(struct tep_handle* tep, int pid) {
  if (!tep) return false;
  try {
    return tep->comms.is_registered(pid);
  } catch (...) {
    return false;
  }
}

TEP_EXPORT const char* tep_data_comm_from_pid(struct tep_handle* tep, int pid) {
  if (!tep) return "<...>";
  try {
    return tep->comms.comm_of(pid);
  } catch (...) {
    return "<...>";
  }
}

TEP_EXPORT struct tep_cmdline* tep_data_pid_from_comm(struct tep_handle* tep, const char* comm,
                                                      struct tep_cmdline* next) {
  if (!tep || !comm) return nullptr;
  try {
    return const_cast<tep_cmdline*>(tep->comms.find_by_comm(comm, next));
  } catch (...) {
    return nullptr;
  }
}

TEP_EXPORT int tep_cmdline_pid(struct tep_handle* /*tep*/, struct tep_cmdline* cmdline) {
  return cmdline ? cmdline->pid : -1;
}
