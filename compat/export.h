// SPDX-License-Identifier: LGPL-2.1
// The one way a definition becomes part of the ABI. Everything else is hidden
// (-fvisibility=hidden), and abi/symbols.txt must list every TEP_EXPORT name.
#pragma once

#define TEP_EXPORT extern "C" __attribute__((visibility("default")))
// The log hooks are weak so that an application's definition wins (tep_vprint & co).
#define TEP_EXPORT_WEAK extern "C" __attribute__((visibility("default"), weak))
