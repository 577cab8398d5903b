// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/mapped_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

namespace tep::trace_dat {

MappedFile::~MappedFile() {
  if (data_) munmap(data_, size_);
}

int MappedFile::open(const std::string& path) {
  if (data_) return EBUSY;
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errno;
  struct stat st;
  int error = 0;
  if (fstat(fd, &st) != 0) {
    error = errno;
  } else if (st.st_size > 0) {
    void* data = mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    if (data == MAP_FAILED) {
      error = errno;
    } else {
      data_ = data;
      size_ = static_cast<size_t>(st.st_size);
    }
  }
  close(fd);
  return error;
}

}  // namespace tep::trace_dat
