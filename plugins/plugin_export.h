/* SPDX-License-Identifier: LGPL-2.1 */
/* Plugins are built with -fvisibility=hidden: only what upstream's plugins
 * export (loader, unloader, options, weak hooks) is marked with this. */
#ifndef TEP_PLUGIN_EXPORT_H
#define TEP_PLUGIN_EXPORT_H

#define PLUGIN_EXPORT __attribute__((visibility("default")))
#define PLUGIN_EXPORT_WEAK __attribute__((visibility("default"), weak))

#endif
