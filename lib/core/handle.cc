// SPDX-License-Identifier: LGPL-2.1
#include "core/handle.h"

tep_handle::tep_handle() = default;
tep_handle::~tep_handle() = default;
