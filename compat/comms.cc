// SPDX-License-Identifier: LGPL-2.1
// pid <-> comm mappings: lib/symbols/comm_table.h. Returned strings and
// cmdline pointers live as long as the handle.
#include <cerrno>

#include "compat/export.h"
#include "core/handle.h"
#include "event-parse.h"

namespace {

int register_comm(tep_handle* tep, const char* comm, int pid, bool override) {
  if (!tep) return -1;
  try {
    if (tep->comms.add(comm, pid, override) == tep::CommTable::RegisterStatus::kPidExists) {
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

TEP_EXPORT int tep_parse_saved_cmdlines(struct tep_handle* tep, const char* buf) {
  if (!tep || !buf) return -1;
  try {
    return tep->comms.parse_saved_cmdlines(buf) == tep::CommTable::ParseStatus::kOk ? 0 : -1;
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
